import DodoTestSupport
import Foundation
import Testing

/// handle-url against a running start (the official matcher's cases) and with none, abandoned
/// show and clear, and the events start writes on standard error.
@Suite("handle-url, abandoned and start's events (end to end)")
struct StartHandleURLEndToEndTests {
  @Test(
    "the official matcher cases, through handle-url",
    arguments: [
      (
        "https://myapp.com/checkout/return",
        [
          ("https://checkout.dodopayments.com/return/cks_e2e?status=succeeded", false),  // Dodo's own /return/{id} hop
          ("https://example.com/?status=succeeded", false),
          ("https://myapp.com/checkout/other?status=succeeded", false),
          ("http://myapp.com/checkout/return?status=succeeded", false),
          ("not a url", false),
          ("https://MyApp.COM/checkout/return/?status=succeeded#frag", true),
        ]
      ),
      (
        "myapp://checkout",
        [("myapp://checkout/x?status=succeeded", false), ("myapp://checkout/?status=succeeded", true)]
      ),
      ("myapp://checkout/", [("myapp://checkout?status=succeeded", true)]),
    ])
  func matcher(returnURL: String, urls: [(String, Bool)]) throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", returnURL, "--no-open"])
    #expect(start.waitUntilListening())
    for (url, claimed) in urls { #expect(try sandbox.handle(url) == claimed, "\(url)") }
    #expect(start.finish().status == 0)
  }

  @Test("handle-url with no checkout running is not claimed; abandoned show and clear")
  func noCheckout() throws {
    let sandbox = CheckoutSandbox()
    let handled = try sandbox.run(["handle-url", "myapp://checkout/return?status=succeeded", "--json"])
    expectOutcome(handled, status: 1, stdout: #"{"claimed":false}"# + "\n")
    let none = try sandbox.run(["abandoned", "show", "--json"])
    expectOutcome(none, status: 1, stdout: "null\n")
    #expect(try sandbox.run(["abandoned", "clear"]).status == 0)
    try FileManager.default.createDirectory(
      atPath: sandbox.state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try "{torn".write(toFile: sandbox.record, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sandbox.record)
    let corrupt = try sandbox.run(["abandoned", "show"])
    #expect(corrupt.status == 23)
    #expect(corrupt.stderr.contains("corrupt"))
    #expect(try sandbox.run(["abandoned", "clear"]).status == 0)
    #expect(!sandbox.recordExists)
  }

  @Test("events come in order on standard error, without query strings")
  func events() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--events", "json"])
    #expect(start.waitUntilListening())
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded&email=secret%40x.com"))
    let output = start.finish()
    let names = output.stderr.split(separator: "\n").compactMap { line -> String? in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String] else {
        return nil
      }
      #expect(object["at"]?.hasSuffix("Z") == true)
      return object["name"]
    }
    #expect(names == ["checkout.opened", "checkout.return_received", "checkout.closed"])
    #expect(!output.stderr.contains("secret"))
    let text = try sandbox.start([
      Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--events", "text", "--timeout", "0.2",
    ])
    let lines = text.finish().stderr.withoutSchemeWarning.split(separator: "\n")
    #expect(lines.map { $0.split(separator: " ").last.map(String.init) } == ["checkout.opened", "checkout.closed"])
  }
}
