import DodoTestSupport
import Foundation
import Testing

/// What the binary shows of validate; its URL checks are tested in-process (DodoCLITests' ValidateCommandTests).
@Suite("dodo validate")
struct ValidateEndToEndTests {
  @Test(
    "a loopback return URL: validate names the parameters a return must echo, never their values",
    arguments: [
      (
        "http://127.0.0.1:53682/return?state=s3cret",
        "loopback: dodo start serves it itself; a return must carry its 'state' parameter with the same value"
      ),
      (
        "http://127.0.0.1:53682/return?state=s3cret&run=7",
        "loopback: dodo start serves it itself; a return must carry its 'state', 'run' parameters with the same values"
      ),
      (
        "http://127.0.0.1:53682/return",
        "loopback: dodo start serves it itself; no per-run secret: any local program can send it a status; add one such as "
          + "?state=RANDOM (see 'dodo help start')"
      ),
    ])
  func loopbackSecret(_ url: String, _ note: String) throws {
    let run = try Dodo.run(["validate", "--return-url", url])
    #expect(run.status == 0)
    #expect(run.stdout == "return URL: valid (\(note))\n")
    #expect(!run.stdout.contains("s3cret") && !run.stdout.contains("7"))
  }

  @Test(
    "a loopback return URL without a port, or with port 0, exits 21 in validate and start",
    arguments: [
      "http://127.0.0.1/return", "http://localhost:0/return", "http://[::1]:/return",
    ])
  func loopbackWithoutPort(_ url: String) throws {
    let message =
      "invalid return URL: a loopback return URL needs a port for dodo start to listen on (http://127.0.0.1:PORT/…, not 0); put it in the checkout session's return_url"
    let validate = try Dodo.run(["validate", "--return-url", url])
    #expect(validate.status == 21)
    #expect(validate.stderr == "Error: \(message)\n")
    let configured = try Dodo.run(
      ["validate"], environment: Dodo.environment(home: TemporaryDirectory().url, ["DODO_RETURN_URL": url]))
    #expect(configured.status == 21)
    let sandbox = CheckoutSandbox()
    let start = try sandbox.run(["start", Checkout.url, "--return-url", url, "--no-open", "--json"])
    #expect(start.status == 21)
    #expect(start.stderr == #"{"error":{"code":"INVALID_RETURN_URL","message":"\#(message)"}}"# + "\n")
    #expect(!sandbox.recordExists)
  }
}
