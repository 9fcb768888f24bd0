import Foundation
import Testing

/// Returns that anyone could send: through the URL scheme (any web page can open it, which
/// runs `handle-url`), without the run's own parameters, or without a payment id.
@Suite("Forged returns through the URL scheme (end to end)")
struct ForgedReturnEndToEndTests {
  @Test("handle-url without the return URL's own parameters is not claimed; the genuine return is")
  func ownParametersThroughHandleURL() throws {
    let sandbox = CheckoutSandbox()
    let returnURL = "myapp://checkout/return?state=SECRET"
    let start = try sandbox.start([Checkout.url, "--return-url", returnURL, "--no-open"])
    #expect(start.waitUntilListening())
    #expect(try !sandbox.handle("myapp://checkout/return?status=succeeded&payment_id=pay_1"))
    #expect(try !sandbox.handle("myapp://checkout/return?status=succeeded&payment_id=pay_1&state=SECRE"))
    #expect(try sandbox.handle("myapp://checkout/return?status=failed&payment_id=pay_2&state=SECRET"))
    let output = start.finish()
    #expect(output.status == 10, "\(output.stderr)")
    #expect(output.stdout.contains("status: failed\npaymentId: pay_2\n"))
    #expect(!output.stderr.contains("SECRET"))
    #expect(!sandbox.recordExists)
  }

  @Test("a return through handle-url without a payment id is unconfirmed: its status, a warning, the record kept")
  func unconfirmedThroughHandleURL() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", "myapp://checkout/return?state=S", "--no-open"])
    #expect(start.waitUntilListening())
    #expect(try sandbox.handle("myapp://checkout/return?status=succeeded&state=S"))
    let output = start.finish()
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.contains("this succeeded is unconfirmed and the abandoned session is kept"))
    #expect(sandbox.recordExists)
  }

  @Test("with --json, an unconfirmed return's warning is in the result's warnings as well as on standard error")
  func unconfirmedWarningsInJSON() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([
      Checkout.url, "--return-url", "myapp://checkout/return?state=S", "--no-open", "--json",
    ])
    #expect(start.waitUntilListening())
    #expect(try sandbox.handle("myapp://checkout/return?status=failed&state=S"))
    let output = start.finish()
    #expect(output.status == 10, "\(output.stderr)")
    let warning =
      "no payment_id or subscription_id came back, and any local program or web page can send a status (to a "
      + "loopback port, or by opening the return URL's scheme): this failed is unconfirmed and the abandoned "
      + "session is kept; confirm the payment on your backend"
    // The return URL's own parameter (state) is the run's secret: never printed, not even in raw.
    #expect(output.stdout.hasSuffix(#""raw":{"status":"failed"},"warnings":["\#(warning)"]}"# + "\n"))
    #expect(output.stderr.contains(#"{"warning":"\#(warning)"}"#))
    #expect(sandbox.recordExists)
  }

  @Test("start and validate warn about a custom-scheme return URL without a per-run parameter")
  func customSchemeWarning() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--timeout", "0.2"])
    let output = start.finish()
    #expect(output.status == 11)
    #expect(output.stderr.contains("warning: the return URL myapp://checkout/return carries no per-run parameter"))
    let validated = try sandbox.run(["validate", "--return-url", Checkout.returnURL, "--json"])
    #expect(validated.status == 0)
    #expect(validated.stdout == #"{"valid":true}"# + "\n")
    #expect(validated.stderr.contains("carries no per-run parameter"))
    let quiet = try sandbox.run(["validate", "--return-url", "myapp://checkout/return?state=S"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
  }
}
