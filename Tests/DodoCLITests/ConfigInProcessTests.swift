import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// The YAML configuration seen through `dodo` run in-process: where files come from, which
/// value wins, and how a broken file is reported (spec §5). What only a process shows is in
/// `Tests/EndToEndTests/ConfigEndToEndTests.swift`.
@Suite("dodo config and the configuration, in-process")
struct ConfigInProcessTests {
  /// `config/config.yaml` at the package root.
  static let exampleConfig = Repository.url("config/config.yaml").path

  /// A profile `p` that sets every setting, in the XDG home of `home`.
  static let fullProfile = """
    profiles:
      p:
        return_url: profile://checkout/return
        browser: profile-browser
        timeout: 900
        customization:
          dismiss_button_style: close
          presentation_style: fullScreen
          bar_collapsing_enabled: false
          color_scheme: dark
    """

  /// `config show --json` parsed: setting name → (value as text, source kind, source detail).
  /// `globals` come before the command, `options` after it.
  private func show(
    _ globals: [String], _ options: [String] = [], home: ConfigHome, _ extra: [String: String] = [:]
  ) throws -> [String: (value: String, kind: String, detail: String)] {
    let run = try home.run(globals + ["config", "show", "--json"] + options, extra)
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let settings = try #require(object["settings"] as? [String: [String: Any]])
    var result: [String: (value: String, kind: String, detail: String)] = [:]
    for (name, setting) in settings {
      let source = try #require(setting["source"] as? [String: Any])
      let detail =
        if let path = source["path"] as? String { "\(path):\(source["line"]!):\(source["column"]!)" } else {
          source["name"] as? String ?? ""
        }
      let value = setting["value"].map { $0 is NSNull ? "null" : "\($0)" } ?? "missing"
      result[name] = (value, source["kind"] as? String ?? "?", detail)
    }
    return result
  }

  @Test("no config file at all: built-in defaults, every command works")
  func noConfigAtAll() throws {
    let home = try ConfigHome()
    let show = try home.run(["config", "show"])
    expectOutcome(
      show, status: 0,
      stdout: """
        profile                 (none)                         default
        return_url              (none)                         default
        browser                 (none)                         default
        timeout                 (none)                         default
        dismiss_button_style    (none)                         default
        presentation_style      (none)                         default
        bar_collapsing_enabled  (none)                         default
        color_scheme            (none)                         default
        theme                   (none)                         default
        language                (none)                         default
        redirect_immediately    (none)                         default
        mode                    test                           default
        base_url                https://test.dodopayments.com  default
        api_key                 (none)                         default
        webhook_secret          (none)                         default
        license_app             dodo                           default
        license_grace_days      (none)                         default

        """)
    let profiles = try home.run(["config", "profiles"])
    #expect(profiles.status == 0 && profiles.stdout == "")
    let validate = try home.run(["validate"])
    #expect(validate.status == 0)
    #expect(
      validate.stdout
        == "return URL: none configured (set one with --return-url, DODO_RETURN_URL or a profile's return_url)\n")
  }

  @Test("config show on the example config names the file, line and column of every value")
  func exampleConfigShow() throws {
    let path = Self.exampleConfig
    let run = try ConfigHome().run(["--config", path, "config", "show"])
    expectOutcome(
      run, status: 0,
      stdout: """
        profile                 myapp                          file \(path):21:18
        return_url              myapp://checkout/return        file \(path):29:17
        browser                 firefox --new-window %s        file \(path):33:14
        timeout                 900                            file \(path):37:14
        dismiss_button_style    close                          file \(path):41:29
        presentation_style      fullScreen                     file \(path):42:27
        bar_collapsing_enabled  false                          file \(path):43:31
        color_scheme            dark                           file \(path):44:21
        theme                   (none)                         default
        language                (none)                         default
        redirect_immediately    (none)                         default
        mode                    test                           default
        base_url                https://test.dodopayments.com  default
        api_key                 (none)                         default
        webhook_secret          (none)                         default
        license_app             dodo                           default
        license_grace_days      (none)                         default

        """)
    let profiles = try ConfigHome().run(["--config", path, "config", "profiles"])
    expectSameText(profiles.stdout, "myapp\nlocal-dev\nsupport-desk\n")
    let validate = try ConfigHome().run(["--config", path, "--profile", "local-dev", "validate"])
    #expect(validate.status == 0)
    #expect(
      validate.stdout.contains(
        "return URL: valid (file \(path):49:17, loopback: dodo start serves it itself; no per-run secret: any local program "
          + "can send it a status; add one such as ?state=RANDOM (see 'dodo help start'))\n"))
  }

  @Test("flag over environment over profile over default, for every setting")
  func settingPrecedence() throws {
    let home = try ConfigHome()
    let file = try home.write("config/dodo/config.yaml", Self.fullProfile)
    let profileOnly = try show(["--profile", "p"], home: home)
    let expectedProfile: [(String, String, String)] = [
      ("returnUrl", "profile://checkout/return", "3:17"), ("browser", "profile-browser", "4:14"),
      ("timeout", "900", "5:14"),
      ("dismissButtonStyle", "close", "7:29"), ("presentationStyle", "fullScreen", "8:27"),
      ("barCollapsingEnabled", "0", "9:31"), ("colorScheme", "dark", "10:21"),
    ]
    for (name, value, position) in expectedProfile {
      #expect(profileOnly[name]?.value == value, "\(name)")
      #expect(profileOnly[name]?.kind == "file" && profileOnly[name]?.detail == "\(file):\(position)", "\(name)")
    }

    let environment = [
      "DODO_RETURN_URL": "env://checkout/return", "DODO_BROWSER": "env-browser", "BROWSER": "plain-browser",
    ]
    let fromEnvironment = try show(["--profile", "p"], home: home, environment)
    #expect(fromEnvironment["returnUrl"]! == ("env://checkout/return", "environment", "DODO_RETURN_URL"))
    #expect(fromEnvironment["browser"]! == ("env-browser", "environment", "DODO_BROWSER"))

    let flags = [
      "--return-url", "flag://checkout/return", "--browser", "flag-browser", "--timeout", "1.5",
      "--dismiss-button-style", "done", "--presentation-style", "pageSheet", "--bar-collapsing-enabled", "true",
      "--color-scheme", "light",
    ]
    let fromFlags = try show(["--profile", "p"], flags, home: home, environment)
    let expectedFlags: [(String, String, String)] = [
      ("returnUrl", "flag://checkout/return", "--return-url"), ("browser", "flag-browser", "--browser"),
      ("timeout", "1.5", "--timeout"), ("dismissButtonStyle", "done", "--dismiss-button-style"),
      ("presentationStyle", "pageSheet", "--presentation-style"),
      ("barCollapsingEnabled", "1", "--bar-collapsing-enabled"),
      ("colorScheme", "light", "--color-scheme"),
    ]
    for (name, value, flag) in expectedFlags {
      #expect(fromFlags[name]! == (value, "flag", flag), "\(name)")
    }

    let noProfile = try show([], home: home, ["BROWSER": "plain-browser"])
    #expect(noProfile["profile"]! == ("null", "default", ""))
    #expect(noProfile["browser"]! == ("plain-browser", "environment", "BROWSER"))
    for name in [
      "returnUrl", "timeout", "dismissButtonStyle", "presentationStyle", "barCollapsingEnabled", "colorScheme",
    ] {
      #expect(noProfile[name]! == ("null", "default", ""), "\(name)")
    }
  }

  @Test("profile: --profile over DODO_PROFILE over default_profile over the profile named default")
  func profilePrecedence() throws {
    let home = try ConfigHome()
    let file = try home.write(
      "config/dodo/config.yaml",
      "default_profile: fromfile\nprofiles:\n  default: {}\n  fromfile: {}\n  fromenv: {}\n  fromflag: {}\n")
    #expect(
      try show(["--profile", "fromflag"], home: home, ["DODO_PROFILE": "fromenv"])["profile"]! == (
        "fromflag", "flag", "--profile"
      ))
    #expect(
      try show([], home: home, ["DODO_PROFILE": "fromenv"])["profile"]! == ("fromenv", "environment", "DODO_PROFILE"))
    #expect(try show([], home: home)["profile"]! == ("fromfile", "file", "\(file):1:18"))
    try home.write("config/dodo/config.yaml", "profiles:\n  default: {}\n  other: {}\n")
    #expect(try show([], home: home)["profile"]! == ("default", "default", ""))
  }

  @Test(
    "files: --config, else DODO_CONFIG, is the one file read; else XDG_CONFIG_HOME over XDG_CONFIG_DIRS, first found wins per profile"
  )
  func filePrecedence() throws {
    let home = try ConfigHome()
    func profile(_ browser: String, extra: String = "") -> String {
      "profiles:\n  p:\n    browser: \(browser)\n" + extra
    }
    let flagFile = try home.write("flag.yaml", profile("from-flag"))
    let envFile = try home.write("env.yaml", profile("from-dodo-config"))
    let xdgHome = try home.write("config/dodo/config.yaml", profile("from-xdg-home"))
    let xdgDirs = try home.write("etc-xdg/dodo/config.yaml", profile("from-xdg-dirs", extra: "  only-in-dirs: {}\n"))
    let env = ["DODO_CONFIG": envFile]
    #expect(
      try show(["--config", flagFile, "--profile", "p"], home: home, env)["browser"]! == (
        "from-flag", "file", "\(flagFile):3:14"
      ))
    #expect(
      try show(["--profile", "p"], home: home, env)["browser"]! == ("from-dodo-config", "file", "\(envFile):3:14"))
    #expect(try show(["--profile", "p"], home: home)["browser"]! == ("from-xdg-home", "file", "\(xdgHome):3:14"))
    try FileManager.default.removeItem(atPath: xdgHome)
    #expect(try show(["--profile", "p"], home: home)["browser"]! == ("from-xdg-dirs", "file", "\(xdgDirs):3:14"))

    try home.write("config/dodo/config.yaml", profile("from-xdg-home"))
    let profiles = try home.run(["config", "profiles"])
    expectSameText(profiles.stdout, "p\nonly-in-dirs\n")
    let path = try home.run(["config", "path"])
    #expect(path.status == 0)
    let lines = path.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines == ["\(xdgHome) found $XDG_CONFIG_HOME", "\(xdgDirs) found $XDG_CONFIG_DIRS"])
    let flagPath = try home.run(["--config", flagFile, "config", "path"], env)
    #expect(flagPath.stdout == "\(flagFile)  found  --config\n")
  }

  @Test("a broken personal config does not break --config FILE or DODO_CONFIG")
  func namedFileSkipsTheXDGSearch() throws {
    let home = try ConfigHome()
    try home.write("config/dodo/config.yaml", "profiles: [\n")
    let ci = try home.write("ci.yaml", "profiles:\n  ci:\n    return_url: myapp://r\n")
    let flag = try home.run(["--config", ci, "config", "profiles"])
    #expect(flag.status == 0)
    #expect(flag.stdout == "ci\n")
    let env = try home.run(["config", "profiles"], ["DODO_CONFIG": ci])
    #expect(env.status == 0)
    #expect(env.stdout == "ci\n")
  }

  @Test("a broken config file: exit 78, file:line:col, the line and a caret on standard error")
  func brokenConfig() throws {
    let home = try ConfigHome()
    let file = try home.write("config/dodo/config.yaml", "profiles:\n  p:\n    retrun_url: myapp://checkout/return\n")
    let expected = """
      \(file):3:5: error: unknown key 'retrun_url' (did you mean 'return_url'?)
          retrun_url: myapp://checkout/return
          ^

      """
    for arguments in [
      ["config", "show"], ["config", "profiles"], ["validate"], ["validate", "--return-url", "myapp://x/y"],
    ] {
      expectOutcome(try home.run(arguments), status: 78, stderr: expected, "\(arguments)")
    }
    let json = try home.run(["--json", "config", "show"])
    #expect(json.status == 78)
    #expect(
      json.stderr
        == #"{"error":{"code":"CONFIG_ERROR","message":"\#(file):3:5: unknown key 'retrun_url' (did you mean 'return_url'?)"}}"#
        + "\n")
    let validate = try home.run(["--json", "validate"])
    #expect(validate.status == 78)
    #expect(
      validate.stdout
        == #"{"valid":false,"error":{"code":"CONFIG_ERROR","message":"\#(file):3:5: unknown key 'retrun_url' (did you mean 'return_url'?)"}}"#
        + "\n")
    // config path does not parse the files, so it still answers.
    #expect(try home.run(["config", "path"]).status == 0)
  }

  @Test(
    "hostile files fail fast with exit 78",
    arguments: [
      // `swift test` prints each argument: the 10,000 brackets are named here, made below.
      ("deep", "profiles: <5000 nested lists>\n", ":1:42: error: nesting is deeper than 32 levels"),
      (
        "laughs", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n",
        ":1:4: error: anchors ('&name') are not allowed in a dodo config"
      ),
      ("duplicate", "profiles:\n  p: {}\n  p: {}\n", ":3:3: error: duplicate key 'p' (first given on line 2)"),
      ("syntax", "profiles:\n  p: [\n", ":3:1: error: did not find expected node content"),
    ])
  func hostileFiles(_ name: String, _ named: String, _ message: String) throws {
    let contents = named.replacing(
      "<5000 nested lists>", with: String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000))
    let home = try ConfigHome()
    let file = try home.write("\(name).yaml", contents)
    let start = Date()
    let run = try home.run(["--config", file, "config", "show"])
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(run.status == 78)
    #expect(run.stderr.hasPrefix(file + message), "\(run.stderr)")
  }

  @Test("a file that is not UTF-8 or is too large: exit 78")
  func notUTF8OrTooLarge() throws {
    let home = try ConfigHome()
    let latin1 = home.url.appendingPathComponent("latin1.yaml")
    try Data([0x62, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
    let run = try home.run(["--config", latin1.path, "config", "show"])
    #expect(run.status == 78)
    #expect(run.stderr.hasPrefix("\(latin1.path):1:4: error: the file is not valid UTF-8\n"))
    let large = try home.write("large.yaml", String(repeating: "# padding\n", count: 110_000))
    let big = try home.run(["--config", large, "config", "show"])
    #expect(big.status == 78)
    #expect(big.stderr == "\(large): error: the file is larger than 1024 KiB; a dodo config is a few lines of YAML\n")
  }

  @Test("a named config file that does not exist, or an unknown profile: exit 78")
  func missingFileAndUnknownProfile() throws {
    let home = try ConfigHome()
    let missing = home.url.appendingPathComponent("missing.yaml").path
    let flag = try home.run(["--config", missing, "config", "show"])
    #expect(flag.status == 78)
    #expect(flag.stderr == "\(missing): error: no such config file (named by --config)\n")
    let env = try home.run(["config", "show"], ["DODO_CONFIG": missing])
    #expect(env.status == 78)
    #expect(env.stderr == "\(missing): error: no such config file (named by $DODO_CONFIG)\n")
    try home.write("config/dodo/config.yaml", "profiles:\n  myapp: {}\n  desk: {}\n")
    let unknown = try home.run(["--profile", "myap", "config", "show"])
    #expect(unknown.status == 78)
    #expect(
      unknown.stderr
        == "Error: unknown profile 'myap' from --profile (did you mean 'myapp'?); the profiles are: myapp, desk\n")
    let unknownJSON = try home.run(["--json", "--profile", "myap", "config", "show"])
    #expect(unknownJSON.status == 78)
    #expect(
      unknownJSON.stderr
        == #"{"error":{"code":"CONFIG_ERROR","message":"unknown profile 'myap' from --profile (did you mean 'myapp'?); the profiles are: myapp, desk"}}"#
        + "\n")
    let fromEnv = try home.run(["validate"], ["DODO_PROFILE": "nope"])
    #expect(fromEnv.status == 78)
    #expect(fromEnv.stderr == "Error: unknown profile 'nope' from $DODO_PROFILE; the profiles are: myapp, desk\n")
  }

  @Test("start with no return URL from a flag, the environment or a profile is a usage error")
  func startWithoutReturnURL() throws {
    let run = try ConfigHome().run(["start", "https://test.checkout.dodopayments.com/session/cks_1"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: no return URL"))
  }

  @Test("a bad --timeout is a usage error", arguments: ["0", "-1", "ten", "1e99"])
  func badTimeout(_ value: String) throws {
    let run = try ConfigHome().run(["config", "show", "--timeout", value])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "Error: invalid value '\(value)' for '--timeout' (expected a positive number of seconds, at most 31536000)\n"))
  }
}
