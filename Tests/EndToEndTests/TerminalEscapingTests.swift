import Foundation
import Testing

/// Text from outside reaches a terminal with its controls shown as `\x1b`, `\n`, never acted
/// on: here what only a running checkout shows (the rest is tested in-process, in DodoCLITests).
@Suite struct TerminalEscapingTests {
  @Test func startsResultFieldsAreShownEscaped() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(start.waitUntilListening())
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded&payment_id=a%1b]0;x%07b&email=c%0d%e2%80%aed"))
    let output = start.finish()
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasSuffix("status: succeeded\npaymentId: a\\x1b]0;x\\x07b\ncustomerEmail: c\\r\\u202ed\n"))
  }
}
