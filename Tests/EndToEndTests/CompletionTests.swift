import DodoTestSupport
import Foundation
import Testing

/// Each shell's real completion engine, on the committed scripts, with `dodo` on PATH.
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forCompletion),
    "needs \(RequiredTools.forCompletion.joined(separator: ", "))")
)
struct CompletionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var line: String
    var includes: [String]
    var excludes: [String] = []
    var exactly = false
    var testDescription: String { "'\(line)'" }
  }

  static let fixture = try! CompletionFixture()

  static let cases: [Case] = [
    Case(
      line: "dodo ",
      includes: ["start", "handle-url", "abandoned", "explain-status", "validate", "config", "help", "hello"],
      excludes: ["__generate", "shadowed"]),
    Case(line: "dodo hel", includes: ["help", "hello"], exactly: true),
    Case(line: "dodo abandoned ", includes: ["show", "clear", "reconcile"], exactly: true),
    Case(line: "dodo config ", includes: ["show", "profiles", "path"], exactly: true),
    Case(line: "dodo --json abandoned ", includes: ["show", "clear", "reconcile"], exactly: true),
    Case(line: "dodo start --color-scheme ", includes: ["system", "light", "dark"], exactly: true),
    Case(line: "dodo start --presentation-style ", includes: ["pageSheet", "fullScreen"], exactly: true),
    Case(line: "dodo --no-color start --color-scheme=", includes: ["system", "light", "dark"], exactly: true),
    Case(
      line: "dodo validate --", includes: ["--return-url", "--config", "--profile", "--json", "--no-color", "--help"],
      excludes: ["--color-scheme", "--version"]),
    Case(line: "dodo --", includes: ["--version", "--config", "--json"]),
    Case(line: "dodo --profile ", includes: ["alpha", "beta-test"], excludes: ["gamma"], exactly: true),
    Case(line: "dodo start --profile b", includes: ["beta-test"], exactly: true),
    // --config names the one file read: only its profiles.
    Case(line: "dodo --config OTHER start --profile ", includes: ["gamma"], exactly: true),
    Case(line: "dodo --config CONFIGDIR/con", includes: ["config.yaml"], exactly: true),
    Case(line: "dodo help ", includes: ["start", "abandoned", "hello"], excludes: ["__generate"]),
    Case(line: "dodo help abandoned ", includes: ["show", "clear", "reconcile"], exactly: true),
    Case(line: "dodo hello w", includes: ["world", "wide"], exactly: true),
    Case(line: "dodo webhook ", includes: ["verify", "sign", "send", "listen"], exactly: true),
    Case(
      line: "dodo webhook send payment.",
      includes: ["payment.succeeded", "payment.failed", "payment.processing", "payment.cancelled"], exactly: true),
    Case(line: "dodo webhook send lic", includes: ["license_key.created"], exactly: true),
  ]

  static func expand(_ line: String) -> String {
    line.replacingOccurrences(of: "OTHER", with: fixture.otherConfig)
      .replacingOccurrences(of: "CONFIGDIR", with: fixture.configDirectory)
  }

  /// A file name without its directory, a value without its `--option=`: what each shell
  /// shows differs only there.
  static func normalized(_ candidate: String) -> String {
    var word = Substring(candidate)
    if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") { word = word[word.index(after: equals)...] }
    if word.contains("/") { word = word.split(separator: "/").last ?? word }
    return String(word)
  }

  @Test(arguments: CompletionShell.allCases, cases)
  func offers(shell: CompletionShell, test: Case) throws {
    let candidates = try shell.complete(Self.expand(test.line), environment: Self.fixture.environment).map(
      Self.normalized)
    for expected in test.includes {
      #expect(candidates.contains(expected), "\(shell) offers \(candidates) for '\(test.line)', without \(expected)")
    }
    for unexpected in test.excludes {
      #expect(!candidates.contains(unexpected), "\(shell) offers \(unexpected) for '\(test.line)'")
    }
    if test.exactly {
      #expect(Set(candidates) == Set(test.includes), "\(shell) offers \(candidates) for '\(test.line)'")
    }
  }

  /// Every long option of every command, through each shell: `dodo PATH --<Tab>`.
  @Test(arguments: CompletionShell.allCases)
  func everyOptionOfEveryCommandIsOffered(shell: CompletionShell) throws {
    let help = try Dodo.run(["help"], environment: Self.fixture.environment)
    #expect(help.status == 0)
    for (path, options) in try Self.commandsAndOptions() {
      let candidates = try shell.complete(path + " --", environment: Self.fixture.environment)
      for option in options where option.hasPrefix("--") {
        #expect(candidates.contains(option), "\(shell): '\(path) --' does not offer \(option); it offers \(candidates)")
      }
    }
  }

  /// The options of each command as `dodo PATH --help` lists them.
  static func commandsAndOptions() throws -> [(String, [String])] {
    var result: [(String, [String])] = []
    var queue = ["dodo"]
    // The commands that `dodo help` takes (its argument) are not below `help`.
    while let path = queue.popLast() {
      let words = Array(path.split(separator: " ").dropFirst().map(String.init))
      let help = try Dodo.run(words + ["--help"], environment: fixture.environment).stdout
      var section = ""
      var options: [String] = []
      for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasSuffix(":"), !line.hasPrefix(" ") { section = String(line) }
        let trimmed = line.drop { $0 == " " }
        guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
        let first = String(trimmed.split(separator: " ").first ?? "")
        if section.hasSuffix("OPTIONS:") {
          options += trimmed.split(separator: " ").map { String($0).trimmingCharacters(in: [","]) }.filter {
            $0.hasPrefix("-") && $0 != "-"
          }
        } else if section == "SUBCOMMANDS:", path != "dodo help" {
          queue.append(path + " " + first)
        }
      }
      result.append((path, options))
    }
    return result
  }

  /// A program on PATH named to run a command when a shell expands it: completing `dodo `
  /// may offer it or skip it, never run it.
  @Test(arguments: CompletionShell.allCases)
  func hostilePluginNameIsNotRun(shell: CompletionShell) throws {
    let directory = TemporaryDirectory()
    let bin = directory.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try directory.writeProgram("bin/dodo-$(touch${IFS}pwned)", "#!/bin/sh\n")
    let pwned = FileManager.default.currentDirectoryPath + "/pwned"
    defer { try? FileManager.default.removeItem(atPath: pwned) }
    var environment = Self.fixture.environment
    environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "")
    let candidates = try shell.complete("dodo ", environment: environment)
    #expect(candidates.contains("start"), "\(shell) offers \(candidates)")
    #expect(!FileManager.default.fileExists(atPath: pwned), "\(shell) ran the command in a plugin's name")
  }

  /// Profile names a shell would act on or split are inserted as text: bash's candidates are
  /// quoted (printf %q) and zsh's matches quoted by compadd, as they will be inserted; fish
  /// lists names as they are and escapes them when it inserts one. A colon cuts no name.
  @Test(arguments: CompletionShell.allCases)
  func profileNamesAreInsertedQuoted(shell: CompletionShell) throws {
    let directory = TemporaryDirectory()
    let config = try directory.write(
      "c.yaml", "profiles:\n  \"x$(touch F)\": {}\n  \"a:b\": {}\n  \"my shop\": {}\n")
    let expected: [(prefix: String, quoted: String, fish: String)] = [
      ("x", #"x\$\(touch\ F\)"#, "x$(touch F)"), ("a", "a:b", "a:b"), ("m", #"my\ shop"#, "my shop"),
    ]
    for (prefix, quoted, fish) in expected {
      let candidates = try shell.complete(
        "dodo --config \(config) --profile \(prefix)", environment: Self.fixture.environment)
      #expect(candidates == [shell == .fish ? fish : quoted], "\(shell) offers \(candidates) for '\(prefix)'")
    }
  }

  /// A plugin whose name holds a colon is offered whole (zsh's NAME:DESCRIPTION form once cut it).
  @Test(arguments: CompletionShell.allCases)
  func pluginNameWithAColonIsWhole(shell: CompletionShell) throws {
    let directory = TemporaryDirectory()
    try directory.writeProgram("bin/dodo-zq:cd", "#!/bin/sh\n")
    var environment = Self.fixture.environment
    environment["PATH"] = directory.url.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "")
    let candidates = try shell.complete("dodo zq", environment: environment)
    #expect(candidates == ["zq:cd"], "\(shell) offers \(candidates)")
  }
}
