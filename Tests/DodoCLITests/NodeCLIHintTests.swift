import DodoTestSupport
import Testing

@testable import DodoCLI

/// Dodo Payments' Node CLI installs a `dodo` too: its commands, typed to this one, get a hint
/// naming that CLI and its other name, `dodopayments`.
@Suite struct NodeCLIHintTests {
  @Test(
    "a command of Dodo's Node CLI exits 127 naming that CLI and 'dodopayments'", arguments: ["login", "wh", "payments"])
  func hint(name: String) throws {
    let output = try CommandRunner().run([name, "list"])
    expectOutcome(
      output, status: 127,
      stderr: """
        Error: unknown command '\(name)'. 'dodo \(name)' is a command of Dodo Payments' Node CLI (npm package \
        dodopayments-cli), a different program also named dodo; it installs itself as 'dodopayments' too: run \
        'dodopayments \(name)'
          See 'dodo help' for the list of commands.

        """)
  }

  @Test("with --json the hint is in the error's message")
  func json() throws {
    let output = try CommandRunner().run(["--json", "login"])
    #expect(output.status == 127)
    #expect(output.stderr.hasPrefix(#"{"error":{"code":"UNKNOWN_COMMAND","message":"unknown command 'login'. "#))
    #expect(output.stderr.contains("run 'dodopayments login'"))
  }

  @Test("a mistyped command of this dodo still gets its suggestion, not the hint")
  func typo() throws {
    let output = try CommandRunner().run(["strat"])
    #expect(output.stderr.contains("Did you mean 'start'?"))
    #expect(!output.stderr.contains("dodopayments"))
  }
}
