import DodoTestSupport
import Testing

@testable import DodoCLI

/// `dodo validate`, in-process: what was checked, and each URL's first problem, in text and JSON.
@Suite struct ValidateCommandTests {
  @Test("valid URLs: exit 0 and what was checked")
  func valid() throws {
    let output = try CommandRunner().run([
      "validate", "https://test.checkout.dodopayments.com/session/cks_123?x=1", "--return-url",
      "myapp://checkout/return",
    ])
    expectOutcome(
      output, status: 0, stdout: "checkout URL: valid (test mode, session cks_123)\nreturn URL: valid\n",
      stderr: "dodo: warning: \(Self.schemeWarning)\n")
  }

  static let schemeWarning =
    "the return URL myapp://checkout/return carries no per-run parameter: any web page or local program can open "
    + "the myapp: scheme and hand 'dodo handle-url' a return of its choosing; have your backend put a fresh "
    + "?state=RANDOM in each checkout session's return_url and pass the same URL to dodo (see 'man dodo-start')"

  @Test("a custom-scheme return URL without a per-run parameter is a warning; validate's answer stays the same")
  func customSchemeWithoutState() throws {
    let runner = try CommandRunner()
    expectOutcome(
      try runner.run(["--json", "validate", "--return-url", "myapp://checkout/return"]), status: 0,
      stdout: #"{"valid":true}"# + "\n", stderr: #"{"warning":"\#(Self.schemeWarning)"}"# + "\n")
    runner.environment["DODO_RETURN_URL"] = "myapp://checkout/return/"
    #expect(try runner.run(["validate"]).stderr == "dodo: warning: \(Self.schemeWarning)\n")
    for quiet in ["myapp://checkout/return?state=S", "https://myapp.com/return", "http://127.0.0.1:5/r"] {
      #expect(try runner.run(["validate", "--return-url", quiet]).stderr == "")
    }
  }

  @Test("nothing to check but the configuration: says no return URL is configured, and where one would come from")
  func nothingGiven() throws {
    let runner = try CommandRunner()
    expectOutcome(
      try runner.run(["validate"]), status: 0,
      stdout:
        "return URL: none configured (set one with --return-url, DODO_RETURN_URL or a profile's return_url)\n",
      stderr: "")
    expectOutcome(try runner.run(["--json", "validate"]), status: 0, stdout: #"{"valid":true}"# + "\n", stderr: "")
  }

  @Test("valid with --json")
  func validJSON() throws {
    expectOutcome(
      try CommandRunner().run(["--json", "validate", "https://checkout.dodopayments.com/session/cks_1"]), status: 0,
      stdout: #"{"valid":true}"# + "\n", stderr: "")
  }

  @Test(
    "an invalid checkout URL exits 20",
    arguments: [
      ("http://checkout.dodopayments.com/session/cks_1", "invalid checkout URL: the scheme must be https"),
      (
        "https://checkout.dodopayments.com./session/cks_1",
        "invalid checkout URL: the host must be checkout.dodopayments.com or test.checkout.dodopayments.com, not 'checkout.dodopayments.com.'"
      ),
      (
        "https://user@checkout.dodopayments.com/session/cks_1",
        "invalid checkout URL: it must not carry a user name or password ('user@')"
      ),
      (
        "https://checkout.dodopayments.com:8443/session/cks_1",
        "invalid checkout URL: the port must be 443 (or none), not 8443"
      ),
      (
        "https://checkout.dodopayments.com/Session/cks_1",
        "invalid checkout URL: the path must start with /session/ (a checkout session URL)"
      ),
    ])
  func invalidCheckoutURL(_ url: String, _ message: String) throws {
    let runner = try CommandRunner()
    expectOutcome(try runner.run(["validate", url]), status: 20, stdout: "", stderr: "Error: \(message)\n")
    expectOutcome(
      try runner.run(["validate", url, "--json"]), status: 20,
      stdout: #"{"valid":false,"error":{"code":"INVALID_CHECKOUT_URL","message":"\#(message)"}}"# + "\n", stderr: "")
  }

  @Test(
    "an invalid return URL exits 21",
    arguments: [
      (
        "not-a-url",
        "invalid return URL: not a valid URL: it has no scheme (expected something like 'myapp://host/path')"
      ),
      (
        "myapp:/x",
        "invalid return URL: it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return'"
      ),
      (
        "myapp:x",
        "invalid return URL: it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return'"
      ),
      (
        "myapp://",
        "invalid return URL: it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return'"
      ),
    ])
  func invalidReturnURL(_ url: String, _ message: String) throws {
    let runner = try CommandRunner()
    expectOutcome(
      try runner.run(["validate", "--return-url", url]), status: 21, stdout: "", stderr: "Error: \(message)\n")
    expectOutcome(
      try runner.run(["validate", "--json", "--return-url=\(url)"]), status: 21,
      stdout: #"{"valid":false,"error":{"code":"INVALID_RETURN_URL","message":"\#(message)"}}"# + "\n",
      stderr: "")
  }

  @Test("the checkout URL is checked first")
  func firstProblemWins() throws {
    expectOutcome(
      try CommandRunner().run(["validate", "https://example.com/session/x", "--return-url", "nope"]), status: 20,
      stdout: "",
      stderr:
        "Error: invalid checkout URL: the host must be checkout.dodopayments.com or test.checkout.dodopayments.com, not 'example.com'\n"
    )
  }
}
