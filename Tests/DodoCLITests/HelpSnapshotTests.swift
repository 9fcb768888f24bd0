import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// Help and usage errors, compared as whole text with the files in `Snapshots/` (as
/// swift-argument-parser does): a changed word anywhere shows up in review.
///
/// After changing a command's help on purpose, re-record with
/// `DODO_RECORD_SNAPSHOTS=1 swift test --filter HelpSnapshotTests` and read the diff.
@Suite struct HelpSnapshotTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

  /// Every command's `--help`, and the usage errors a newcomer meets first.
  static let cases: [(name: String, arguments: [String])] = {
    let helps: [(name: String, arguments: [String])] = CommandTree.allCommands().map { path, _ in
      let words = Array(path.dropFirst())
      return (words.joined(separator: "-") + ".help", words + ["--help"])
    }
    let errors: [(name: String, arguments: [String])] = [
      ("error.unknown-command", ["strat"]),
      ("error.unknown-option", ["start", "--bogus"]),
      ("error.missing-argument", ["start"]),
      ("error.bad-value", ["start", "https://checkout.dodopayments.com/session/cks_1", "--color-scheme", "purple"]),
      ("error.missing-subcommand", ["abandoned"]),
      ("error.version-command", ["version"]),
      ("error.dash-v", ["-v"]),
    ]
    return [("dodo.help", ["--help"])] + helps + errors
  }()

  @Test(arguments: cases.map(\.name))
  func output(name: String) throws {
    let arguments = try #require(Self.cases.first { $0.name == name }).arguments
    try expectSnapshot(try Self.run(arguments), named: name, in: Self.folder)
  }

  @Test("'dodo help --help' is the help command's own page; only the root's help lists --version")
  func helpOfHelpAndVersion() throws {
    let globals =
      "\nGLOBAL OPTIONS:\n  --config FILE, --profile NAME, --json, --no-color, --verbose,\n"
      + "  --mode test|live, --api-timeout SECONDS, -h, --help\n"
    for arguments in [["help", "--help"], ["--help", "help"], ["help", "-h"]] {
      let text = try Self.run(arguments)
      #expect(text.contains("--- stdout\nOVERVIEW: Show help for dodo or one of its commands."), "\(arguments)")
      #expect(text.contains(globals), "\(arguments)")
    }
    #expect(try Self.run(["--help"]).contains(globals.dropLast() + ", --version\n"))
    #expect(try Self.run(["start", "--help"]).contains(globals))
  }

  @Test("a mistyped value of an option gets the nearest one as a suggestion")
  func optionValueSuggestion() throws {
    let text = try Self.run(["start", "https://checkout.dodopayments.com/session/cks_1", "--color-scheme", "drak"])
    #expect(
      text.contains(
        "\nError: invalid value 'drak' for '--color-scheme' (expected one of: system, light, dark). Did you mean 'dark'?\n"
      ))
  }

  /// Runs `dodo ARGUMENTS` in-process (`CommandRunner`), plus `extra` variables (given the
  /// scratch directory that is HOME); returns the exit status, standard output and standard
  /// error as one text.
  static func run(_ arguments: [String], environment extra: (_ scratch: String) -> [String: String] = { _ in [:] })
    throws -> String
  {
    let runner = try CommandRunner()
    runner.environment.merge(extra(runner.scratch)) { $1 }
    return "$ dodo \(arguments.joined(separator: " "))\n\(try runner.run(arguments))"
  }
}
