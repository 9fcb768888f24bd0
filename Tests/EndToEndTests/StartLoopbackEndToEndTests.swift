import DodoTestSupport
import Foundation
import Testing

/// A loopback return URL, served by start itself: the page, and forged returns refused.
@Suite("dodo start's loopback return (end to end)")
struct StartLoopbackEndToEndTests {
  @Test("a loopback return URL is served by start: 404 for other paths, the page for the return")
  func loopback() throws {
    let sandbox = CheckoutSandbox()
    let port = LoopbackPort.free()
    let start = try sandbox.start([
      Checkout.url, "--return-url", "http://127.0.0.1:\(port)/return", "--no-open", "--json",
    ])
    #expect(start.waitUntilListening())
    let favicon = try Subprocess.run(
      "/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/favicon.ico"],
      environment: [:])
    #expect(favicon.stdout == "404")
    let page = try Subprocess.run(
      "/usr/bin/curl", ["-s", "-i", "http://127.0.0.1:\(port)/return?status=succeeded&payment_id=pay_9"],
      environment: [:])
    #expect(page.stdout.hasPrefix("HTTP/1.1 200 OK"))
    #expect(page.stdout.contains("close this tab"))
    let output = start.finish()
    #expect(output.status == 0)
    #expect(output.stdout.contains(#""paymentId":"pay_9""#))
  }

  @Test(
    "a forged loopback return is refused: without the run's state 403 and the wait goes on; a status alone keeps the record"
  )
  func forgedLoopbackReturn() throws {
    let sandbox = CheckoutSandbox()
    let port = LoopbackPort.free()
    let start = try sandbox.start([
      Checkout.url, "--return-url", "http://127.0.0.1:\(port)/return?state=s3cret", "--no-open",
    ])
    #expect(start.waitUntilListening())
    let curl = { (arguments: [String]) throws -> String in
      try Subprocess.run(
        "/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}"] + arguments, environment: [:]
      ).stdout
    }
    // Any local program that knows the port, a page's <img>, and a rebound DNS name.
    #expect(try curl(["http://127.0.0.1:\(port)/return?status=succeeded&payment_id=pay_x"]) == "403")
    #expect(
      try curl([
        "-H", "Sec-Fetch-Site: cross-site", "-H", "Sec-Fetch-Mode: no-cors", "-H", "Sec-Fetch-Dest: image",
        "http://127.0.0.1:\(port)/return?status=succeeded&state=s3cret",
      ]) == "403")
    #expect(
      try curl(["-H", "Host: evil.example:\(port)", "http://127.0.0.1:\(port)/return?status=succeeded&state=s3cret"])
        == "421")
    // The run's own state, but a status alone: shown, unconfirmed, the record kept.
    #expect(try curl(["http://127.0.0.1:\(port)/return?status=succeeded&state=s3cret"]) == "200")
    let output = start.finish()
    #expect(output.status == 0)
    expectSameText(output.stdout, "\(Checkout.url)\nstatus: succeeded\n")
    #expect(
      output.stderr.contains(
        "warning: no payment_id or subscription_id came back, and any local program or web page can send a status (to a "
          + "loopback port, or by opening the return URL's scheme): this succeeded is unconfirmed and the abandoned session is kept; confirm the payment on your backend\n"
      ))
    #expect(
      output.stderr.contains(
        "Listening on http://127.0.0.1:\(port)/return for the return: a return must carry its 'state' parameter"))
    #expect(!output.stderr.contains("s3cret"))
    #expect(sandbox.recordExists)
  }
}
