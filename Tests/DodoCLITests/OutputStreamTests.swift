import DodoPlatform
import DodoTestSupport
import Testing

@testable import DodoCLI

/// The streams a command writes to, injected: output that cannot be written, and colour only
/// for a terminal.
@Suite struct OutputStreamTests {
  @Test("output that cannot be written is a PLATFORM_ERROR, not a silent success")
  func unwritableOutput() throws {
    let output = try CommandRunner().run(["explain-status", "processing"], stdout: MemoryStream(failing: .noSpace))
    expectOutcome(
      output, status: 23, stdout: "", stderr: "Error: cannot write standard output: No space left on device\n")
  }

  @Test("with --json, the failure to write standard output is a JSON error")
  func unwritableOutputAsJSON() throws {
    let output = try CommandRunner().run(
      ["explain-status", "--json", "processing"], stdout: MemoryStream(failing: .noSpace))
    expectOutcome(
      output, status: 23, stdout: "",
      stderr:
        #"{"error":{"code":"PLATFORM_ERROR","message":"cannot write standard output: No space left on device"}}"#
        + "\n")
  }

  @Test("an error that was already reported keeps its own status: a usage error with a full disk is still 64")
  func usageErrorWithFullDisk() throws {
    let output = try CommandRunner().run(["explain-status"], stdout: MemoryStream(failing: .noSpace))
    #expect(output.status == 64)
  }

  @Test("a terminal gets colour; --no-color, NO_COLOR and TERM=dumb turn it off")
  func colour() throws {
    let runner = try CommandRunner()
    let terminal = { MemoryStream(isTerminal: true) }
    let explanation = """
        Meaning:       The customer completed a one-time payment.
        Next step:     Confirm it on the backend (the payment.succeeded webhook or Get
                       Payment Detail with the payment ID) before granting access: the
                       return URL alone is not proof of payment.

      """
    let coloured =
      "\u{1B}[1msucceeded\u{1B}[0m\n  Result:        \u{1B}[32msucceeded (status=succeeded)\u{1B}[0m\n" + explanation
    let plain = "succeeded\n  Result:        succeeded (status=succeeded)\n" + explanation
    expectOutcome(
      try runner.run(["explain-status", "succeeded"], stdout: terminal()), status: 0, stdout: coloured, stderr: "")
    expectOutcome(
      try runner.run(["strat"], stderr: terminal()), status: 127, stdout: "",
      stderr:
        "\u{1B}[31mError:\u{1B}[0m unknown command 'strat'. Did you mean 'start'?\n  See 'dodo help' for the list of commands.\n"
    )
    expectOutcome(try runner.run(["--no-color", "explain-status", "succeeded"], stdout: terminal()), stdout: plain)
    for (name, value) in [("NO_COLOR", "1"), ("TERM", "dumb")] {
      runner.environment[name] = value
      expectOutcome(
        try runner.run(["explain-status", "succeeded"], stdout: terminal()), stdout: plain, "\(name)=\(value)")
      runner.environment[name] = nil
    }
    expectOutcome(try runner.run(["explain-status", "succeeded"]), stdout: plain, "not a terminal")
  }
}
