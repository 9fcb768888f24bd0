import Foundation
import Testing

@Suite("dodo validate")
struct ValidateEndToEndTests {
  @Test("valid URLs: exit 0 and what was checked")
  func valid() throws {
    let run = try Dodo.run([
      "validate", "https://test.checkout.dodopayments.com/session/cks_123?x=1", "--return-url", "myapp://checkout/return",
    ])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout == "checkout URL: valid (test mode, session cks_123)\nreturn URL: valid\n")
  }

  @Test("a loopback return URL: validate names the parameters a return must echo, never their values", arguments: [
    ("http://127.0.0.1:53682/return?state=s3cret",
     "loopback: dodo start serves it itself; a return must carry its 'state' parameter with the same value"),
    ("http://127.0.0.1:53682/return?state=s3cret&run=7",
     "loopback: dodo start serves it itself; a return must carry its 'state', 'run' parameters with the same values"),
    ("http://127.0.0.1:53682/return",
     "loopback: dodo start serves it itself; no per-run secret: any local program can send it a status; add one such as "
       + "?state=RANDOM (see 'dodo help start')"),
  ])
  func loopbackSecret(_ url: String, _ note: String) throws {
    let run = try Dodo.run(["validate", "--return-url", url])
    #expect(run.status == 0)
    #expect(run.stdout == "return URL: valid (\(note))\n")
    #expect(!run.stdout.contains("s3cret") && !run.stdout.contains("7"))
  }

  @Test("valid with --json")
  func validJSON() throws {
    let run = try Dodo.run(["--json", "validate", "https://checkout.dodopayments.com/session/cks_1"])
    #expect(run.status == 0)
    #expect(run.stdout == #"{"valid":true}"# + "\n")
  }

  @Test("an invalid checkout URL exits 20", arguments: [
    ("http://checkout.dodopayments.com/session/cks_1", "invalid checkout URL: the scheme must be https"),
    ("https://checkout.dodopayments.com./session/cks_1", "invalid checkout URL: the host must be checkout.dodopayments.com or test.checkout.dodopayments.com, not 'checkout.dodopayments.com.'"),
    ("https://user@checkout.dodopayments.com/session/cks_1", "invalid checkout URL: it must not carry a user name or password ('user@')"),
    ("https://checkout.dodopayments.com:8443/session/cks_1", "invalid checkout URL: the port must be 443 (or none), not 8443"),
    ("https://checkout.dodopayments.com/Session/cks_1", "invalid checkout URL: the path must start with /session/ (a checkout session URL)"),
  ])
  func invalidCheckoutURL(_ url: String, _ message: String) throws {
    let run = try Dodo.run(["validate", url])
    #expect(run.status == 20)
    #expect(run.stdout == "")
    #expect(run.stderr == "Error: \(message)\n")
    let json = try Dodo.run(["validate", url, "--json"])
    #expect(json.status == 20)
    #expect(json.stdout == #"{"valid":false,"error":{"code":"INVALID_CHECKOUT_URL","message":"\#(message)"}}"# + "\n")
  }

  @Test("a loopback return URL without a port, or with port 0, exits 21 in validate and start", arguments: [
    "http://127.0.0.1/return", "http://localhost:0/return", "http://[::1]:/return",
  ])
  func loopbackWithoutPort(_ url: String) throws {
    let message =
      "invalid return URL: a loopback return URL needs a port for dodo start to listen on (http://127.0.0.1:PORT/…, not 0); put it in the checkout session's return_url"
    let validate = try Dodo.run(["validate", "--return-url", url])
    #expect(validate.status == 21)
    #expect(validate.stderr == "Error: \(message)\n")
    let configured = try Dodo.run(["validate"], environment: Dodo.environment(home: TemporaryDirectory().url, ["DODO_RETURN_URL": url]))
    #expect(configured.status == 21)
    let sandbox = CheckoutSandbox()
    let start = try sandbox.run(["start", Checkout.url, "--return-url", url, "--no-open", "--json"])
    #expect(start.status == 21)
    #expect(start.stderr == #"{"error":{"code":"INVALID_RETURN_URL","message":"\#(message)"}}"# + "\n")
    #expect(!sandbox.recordExists)
  }

  @Test("an invalid return URL exits 21", arguments: ["not-a-url", "myapp:/x", "myapp:x", "myapp://"])
  func invalidReturnURL(_ url: String) throws {
    let run = try Dodo.run(["validate", "--return-url", url])
    #expect(run.status == 21)
    #expect(run.stderr.hasPrefix("Error: invalid return URL: "))
    let json = try Dodo.run(["validate", "--json", "--return-url=\(url)"])
    #expect(json.status == 21)
    #expect(json.stdout.hasPrefix(#"{"valid":false,"error":{"code":"INVALID_RETURN_URL","message":"invalid return URL: "#))
  }

  @Test("the checkout URL is checked first")
  func firstProblemWins() throws {
    let run = try Dodo.run(["validate", "https://example.com/session/x", "--return-url", "nope"])
    #expect(run.status == 20)
  }
}
