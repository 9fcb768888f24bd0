import DodoTestSupport
import Testing

@testable import DodoCLI

/// `dodo handle-url` in-process with no checkout running: nothing claims the URL.
@Suite struct HandleURLCommandTests {
  @Test("with no checkout running the URL is not claimed: exit 1, in text and JSON")
  func notClaimed() throws {
    let runner = try CommandRunner()
    let url = "myapp://checkout/return?status=succeeded&payment_id=pay_1"
    expectOutcome(try runner.run(["handle-url", url]), status: 1, stdout: "not claimed\n", stderr: "")
    expectOutcome(
      try runner.run(["--json", "handle-url", url]), status: 1, stdout: #"{"claimed":false}"# + "\n", stderr: "")
  }

  @Test("no URL is a usage error")
  func missingURL() throws {
    expectOutcome(
      try CommandRunner().run(["handle-url"]), status: 64, stdout: "",
      stderr: "Error: missing argument <url>\nUsage: dodo handle-url <url>\n  See 'dodo handle-url --help'.\n")
  }
}
