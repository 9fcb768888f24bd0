import Foundation
import Testing

@testable import DodoCLI

/// `dodo doctor` in-process: what it says with no config at all, about two `dodo`s on PATH,
/// and that what it prints from outside is escaped.
@Suite struct DoctorCommandTests {
  @Test("with no config and no return URL (a fresh install): the missing return URL is a note, not a problem")
  func noConfig() throws {
    let output = try CommandRunner().run(["doctor", "--json"])
    #expect(output.stderr.isEmpty, "\(output.stderr)")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let checks = try #require(document["checks"] as? [[String: String]])
    // In-process, "this dodo" is the test bundle, which is no dodo on PATH: the one problem
    // (the end-to-end test runs an installed dodo, and doctor exits 0).
    #expect(checks.filter { $0["status"] == "problem" }.map { $0["check"] } == ["path"], "\(checks)")
    #expect(checks.contains { $0["check"] == "return-url" && $0["status"] == "note" })
    #expect(checks.contains { $0["check"] == "config" && $0["status"] == "note" })
  }

  @Test("Dodo Payments' Node CLI first on PATH is a problem; its dodopayments is a note; its path is escaped")
  func nodeCLIOnPath() throws {
    let runner = try CommandRunner()
    let directory = "node\u{1b}[31mbin"
    for name in ["dodo", "dodopayments"] {
      try runner.file(directory + "/" + name, "#!/usr/bin/env node\nconsole.log('tui')\n", mode: 0o755)
    }
    runner.environment["PATH"] = runner.scratch + "/" + directory
    let output = try runner.run(["doctor", "--return-url", "http://127.0.0.1:53682/return"])
    #expect(output.status == 1)
    let text = Self.unwrapped(output.stdout)
    #expect(text.contains("✗ 'dodo' on PATH is Dodo Payments' Node CLI ("), "\(text)")
    #expect(text.contains("• Dodo Payments' Node CLI is installed too ("))
    #expect(text.contains("node\\x1b[31mbin/dodo"))
    #expect(!output.stdout.contains("\u{1b}"))
  }

  /// The checklist with its wrapped lines joined again.
  static func unwrapped(_ text: String) -> String {
    text.replacing(/\n( {2}| {9})(?=[^ ])/, with: " ")
  }

  @Test("a config file open to others is refused, with chmod as the fix")
  func configOpenToOthers() throws {
    let runner = try CommandRunner()
    let path = try runner.file(
      "config.yaml", "profiles:\n  a:\n    return_url: http://127.0.0.1:53682/r\n", mode: 0o666)
    let output = try runner.run(["--config", path, "doctor"])
    #expect(output.status == 1)
    let text = Self.unwrapped(output.stdout)
    #expect(text.contains("✗ the config file \(path) is refused: "), "\(text)")
    #expect(text.contains("    fix: chmod go-w \(path)"))
  }

  @Test("doctor's help is short and names its man page")
  func help() throws {
    let output = try CommandRunner().run(["doctor", "--help"])
    #expect(output.stdout.hasPrefix("OVERVIEW: Check this machine's return path"))
    #expect(output.stdout.hasSuffix("See 'man dodo-doctor' for the full description.\n"))
  }
}
