import Testing

@testable import DodoCLI

/// An option whose value may be left out (`--poll`, `--poll 5`, `--poll=5`), read by the
/// shared parser for any command that declares one.
@Suite struct OptionalValueParsingTests {
  static let poll = OptionSpec("poll", value: "SECONDS", optionalValue: .number, help: "Poll.")
  static let back = OptionSpec("back", value: "URL", optionalValue: .url, help: "Back.")
  static let tree = CommandSpec(
    "dodo", abstract: "Root.",
    subcommands: [
      CommandSpec(
        "run", abstract: "Run.", arguments: [ArgumentSpec("url", help: "A URL.", optional: true)],
        options: [poll, back], handler: { _, _ throws(CLIError) in .success })
    ])

  func parse(_ words: [String]) throws -> Invocation {
    guard case .run(let invocation, _) = try CommandLineParser(root: Self.tree).parse(["run"] + words) else {
      throw CLIError.usage("not a run", command: [])
    }
    return invocation
  }

  @Test(
    arguments: [
      (["--poll"], nil, []),
      (["--poll", "5"], "5", []),
      (["--poll=5"], "5", []),
      (["--poll", "1.5", "https://x/y"], "1.5", ["https://x/y"]),
      (["--poll", "https://x/y"], nil, ["https://x/y"]),
      (["https://x/y", "--poll"], nil, ["https://x/y"]),
    ] as [([String], String?, [String])])
  func aNumberRightAfterItIsTheValue(words: [String], value: String?, arguments: [String]) throws {
    let invocation = try parse(words)
    #expect(invocation.isSet(Self.poll))
    #expect(invocation.value(Self.poll) == value)
    #expect(invocation.arguments == arguments)
  }

  @Test func aURLRightAfterItIsTheValueOfAURLOption() throws {
    #expect(try parse(["--back", "myapp://back"]).value(Self.back) == "myapp://back")
    let bare = try parse(["--back", "--poll", "2"])
    #expect(bare.isSet(Self.back) && bare.value(Self.back) == nil)
    #expect(bare.value(Self.poll) == "2")
    #expect(try parse(["--back"]).isSet(Self.back))
  }

  @Test func helpShowsTheValueAsOptional() {
    #expect(Self.poll.synopsis == "--poll [SECONDS]")
    #expect(CompletionModel.ValueKind(Self.poll) == .flag)
  }
}
