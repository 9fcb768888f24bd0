import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// `dodo NAME ARGS` runs `dodo-NAME` from PATH: arguments verbatim, exit status and signals
/// passed through, the user's setup in its environment, built-ins never shadowed.
@Suite struct PluginTests {
  let home = TemporaryDirectory()
  let environment: [String: String]

  init() throws {
    try home.writeProgram("bin/dodo-echo", "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n")
    try home.writeProgram("bin/dodo-exit", "#!/bin/sh\nexit \"$1\"\n")
    try home.writeProgram("bin/dodo-kill", "#!/bin/sh\nkill -TERM $$\nsleep 5\n")
    try home.writeProgram(
      "bin/dodo-env",
      "#!/bin/sh\nfor v in DODO_CONFIG DODO_PROFILE DODO_STATE_DIR DODO_RUNTIME_DIR; do eval \"printf '%s=%s\\\\n' $v \\\"\\${$v-<unset>}\\\"\"; done\n"
    )
    try home.writeProgram(
      "bin/dodo-greet", "#!/bin/sh\n[ \"$1\" = --help ] && echo 'greet: says hello' && exit 0\necho hello\n")
    try home.writeProgram("bin/dodo-start", "#!/bin/sh\necho shadowed\n")
    try home.write("bin/dodo-noexec", "#!/bin/sh\necho never\n")
    try home.write(
      "config/dodo/config.yaml",
      "default_profile: alpha\nprofiles:\n  alpha:\n    return_url: myapp://done\n  beta:\n    return_url: myapp://other\n"
    )
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    environment = Dodo.environment(home: home.url, ["PATH": home.url.appendingPathComponent("bin").path + ":" + path])
  }

  func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> ProcessOutput {
    try Dodo.run(arguments, environment: environment.merging(extra) { $1 })
  }

  @Test func argumentsArePassedVerbatim() throws {
    let output = try run(["echo", "a b", "", "--json", "-h", "--", "*", "it's", "--config=x"])
    expectOutcome(
      output, status: 0, stdout: "[a b]\n[]\n[--json]\n[-h]\n[--]\n[*]\n[it's]\n[--config=x]\n", stderr: "")
  }

  @Test func bytesThatAreNotUTF8PassThrough() throws {
    try home.writeProgram("bin/dodo-bytes", "#!/bin/sh\nprintf '%s|%s' \"$1\" \"$RAW\" | od -An -tx1\n")
    let output = try Subprocess.run(
      "/bin/sh", ["-c", "RAW=$(printf 'c\\377d') exec \"$0\" bytes \"$(printf 'a\\377b')\"", Dodo.binary],
      environment: environment)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(
      output.stdout.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        == "61 ff 62 7c 63 ff 64\n")
  }

  @Test func aPluginNameThatIsNotUTF8RunsAndIsListedEscaped() throws {
    let script = #"""
      set -e
      p="$1/bin/dodo-x$(printf '\377')y"
      printf '#!/bin/sh\necho ran\n' > "$p"
      chmod 755 "$p"
      "$2" "x$(printf '\377')y"
      "$2" help
      """#
    let output = try Subprocess.run(
      "/bin/sh", ["-c", script, "sh", home.url.path, Dodo.binary], environment: environment)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasPrefix("ran\n"))
    let plugins = try #require(output.stdout.components(separatedBy: "PLUGINS:\n").last)
    // The row may wrap: its words, in order.
    let words = plugins.split(whereSeparator: \.isWhitespace)
    let name = try #require(words.firstIndex(of: "x\\xffy"))
    #expect(words[name...].prefix(3) == ["x\\xffy", "plugin:", "\(home.url.path)/bin/dodo-x\\xffy"])
  }

  @Test(arguments: [0, 1, 2, 42, 64, 127, 255])
  func exitStatusPassesThrough(status: Int32) throws {
    #expect(try run(["exit", String(status)]).status == status)
  }

  /// `dodo` becomes the plugin (exec), so a shell sees the plugin's signal death as 128+N.
  @Test func signalDeathPassesThrough() throws {
    let output = try Subprocess.run(
      "/bin/sh", ["-c", "\"$0\" kill; echo \"status $?\"", Dodo.binary], environment: environment)
    #expect(output.stdout == "status 143\n")
  }

  @Test func theUsersSetupIsResolvedIntoTheEnvironment() throws {
    let output = try run(["env"])
    let state = home.url.appendingPathComponent("state/dodo").path
    let runtime = home.url.appendingPathComponent("run/dodo").path
    expectOutcome(
      output, status: 0,
      stdout: """
        DODO_CONFIG=\(home.url.appendingPathComponent("config/dodo/config.yaml").path)
        DODO_PROFILE=alpha
        DODO_STATE_DIR=\(state)
        DODO_RUNTIME_DIR=\(runtime)

        """)
  }

  @Test func globalOptionsBeforeTheNameWinOverTheEnvironment() throws {
    let other = try home.write("other.yaml", "profiles:\n  gamma:\n    return_url: x://y\n")
    let output = try run(
      ["--config", other, "--profile=gamma", "env"],
      ["DODO_CONFIG": "/nonexistent.yaml", "DODO_PROFILE": "beta", "DODO_STATE_DIR": "/tmp/dodo-state-x"])
    #expect(output.stdout.contains("DODO_CONFIG=\(other)\n"))
    #expect(output.stdout.contains("DODO_PROFILE=gamma\n"))
    #expect(output.stdout.contains("DODO_STATE_DIR=/tmp/dodo-state-x\n"))
  }

  @Test func theEnvironmentIsKeptWhenNoFlagOverridesIt() throws {
    let output = try run(["env"], ["DODO_PROFILE": "beta", "DODO_RUNTIME_DIR": "/tmp/dodo-run-x"])
    #expect(output.stdout.contains("DODO_PROFILE=beta\n"))
    #expect(output.stdout.contains("DODO_RUNTIME_DIR=/tmp/dodo-run-x\n"))
  }

  @Test func builtInsAreNeverShadowed() throws {
    let output = try run(["start", "--help"])
    #expect(output.status == 0)
    #expect(!output.stdout.contains("shadowed"))
    #expect(output.stdout.contains("USAGE: dodo start"))
  }

  @Test func helpListsPluginsAndWarnsAboutShadowedAndNonExecutableOnes() throws {
    let output = try run(["help"])
    #expect(output.status == 0)
    let plugins = try #require(output.stdout.components(separatedBy: "PLUGINS:\n").last)
    for name in ["echo", "env", "exit", "greet", "kill"] {
      #expect(plugins.contains("\n  \(name) ") || plugins.hasPrefix("  \(name) "), "dodo help does not list \(name)")
    }
    #expect(!plugins.contains("  start "))
    #expect(!plugins.contains("noexec"))
    #expect(output.stderr.contains("dodo-start never runs"))
    #expect(output.stderr.contains("dodo-noexec is not executable"))
  }

  /// The names `dodo help` lists, one per row of its PLUGINS section.
  func listedPlugins(_ output: ProcessOutput) -> [String] {
    let after = output.stdout.components(separatedBy: "PLUGINS:\n").last ?? ""
    let section = after.components(separatedBy: "\n\n").first ?? ""
    return section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  /// Writes the plugin-name cache (`$XDG_CACHE_HOME/dodo/plugin-names`) as dodo would: `bin`
  /// as it is now (its identity and its change time, moved by `secondsEarlier`) holding
  /// `names` only.
  func forgeCache(names: [String], secondsEarlier: Int64) throws {
    let bin = try #require(try Syscalls.statusFollowingLinks(home.url.appendingPathComponent("bin").path))
    let time = bin.changeTime
    let text =
      "dodo directory-names 1\ndirectory \(bin.identity.device) \(bin.identity.inode) "
      + "\(time.seconds - secondsEarlier) \(time.nanoseconds)\n" + names.map { "name \($0)\n" }.joined() + "end\n"
    let file = try home.write("cache/dodo/plugin-names", text)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home.sub("cache/dodo"))
  }

  /// `dodo help` keeps PATH's `dodo-` names in `$XDG_CACHE_HOME/dodo/`, yet a plugin added a
  /// moment ago is listed at once: its directory's change time no longer matches the cache
  /// (when the change is in another clock tick), and a directory changed in the last seconds
  /// is read again whatever the cache says.
  @Test func aPluginJustAddedIsListedAtOnceWhateverTheCacheSays() throws {
    let first = try run(["help"])
    #expect(first.status == 0 && listedPlugins(first) == ["echo", "env", "exit", "greet", "kill"], "\(first)")
    #expect(home.mode("cache/dodo") == 0o700 && home.mode("cache/dodo/plugin-names") == 0o600)

    try forgeCache(names: ["dodo-echo"], secondsEarlier: 10)
    try home.writeProgram("bin/dodo-added", "#!/bin/sh\n")
    let afterAdding = try run(["help"])
    #expect(listedPlugins(afterAdding) == ["added", "echo", "env", "exit", "greet", "kill"], "\(afterAdding)")

    // The cache matches the directory to the nanosecond, but the directory changed just now.
    try forgeCache(names: ["dodo-echo"], secondsEarlier: 0)
    let racy = try run(["help"])
    #expect(listedPlugins(racy) == ["added", "echo", "env", "exit", "greet", "kill"], "\(racy)")
    #expect(racy.stdout == afterAdding.stdout)
  }

  /// `--help` is what completion scripts and loops call: it leaves the PATH scan to `dodo help`.
  @Test(arguments: [["--help"], ["-h"]])
  func dashDashHelpLeavesPluginsToDodoHelp(arguments: [String]) throws {
    let output = try run(arguments)
    #expect(output.status == 0)
    #expect(!output.stdout.contains("PLUGINS:"))
    #expect(output.stderr == "")
  }

  @Test func helpForAPluginRunsItsHelp() throws {
    let output = try run(["help", "greet"])
    #expect(output.status == 0)
    #expect(output.stdout == "greet: says hello\n")
  }

  @Test func anUnknownNameExits127WithASuggestion() throws {
    let near = try run(["gret"])
    #expect(near.status == 127)
    #expect(near.stderr.contains("unknown command 'gret'. Did you mean 'greet'?"))
    let far = try run(["zzzzzz", "arg"])
    #expect(far.status == 127)
    #expect(far.stderr.contains("unknown command 'zzzzzz'"))
    let json = try run(["--json", "zzzzzz"])
    #expect(json.status == 127)
    #expect(json.stderr.hasPrefix("{\"error\":{\"code\":\"UNKNOWN_COMMAND\""))
    #expect(json.stdout == "")
  }

  @Test func aNonExecutablePluginIsNotRun() throws {
    let output = try run(["noexec"])
    #expect(output.status == 127)
    #expect(!output.stdout.contains("never"))
  }

  @Test func aNameWithASlashIsNeverAPath() throws {
    let output = try run(["../bin/dodo-echo", "x"])
    #expect(output.status == 127)
    #expect(output.stdout == "")
  }
}
