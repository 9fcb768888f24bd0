import DodoBytes
import DodoCheckout
import Foundation
import Testing

@testable import DodoCLI

/// `explain-status` reads a return URL whose query is not all URL text as `dodo start` does:
/// a result, with a warning, where it once refused what `start` acts on.
@Suite struct ExplainLenientTests {
  static let unreadable =
    "The query is not all URL text (a space, a control character or a bad % escape); that part was read as given, as dodo start reads it."

  @Test(
    "a URL start reads is read alike, with a warning",
    arguments: [
      "myapp://checkout/return?x=%zz",
      "myapp://checkout/return?status=succeeded&payment_id=pay_1&note=100%",
      "myapp://checkout/return?status=failed&payment_id=pay_2&note=a b",
      "myapp://checkout/return?status=expired&payment_id=pay_3#frag%",
      "myapp://checkout/return?status=succeeded&payment_id=pay_%4&email=a%40b.c",
    ])
  func readAsStartReads(_ url: String) throws {
    let returnURL = try ReturnURL("myapp://checkout/return")
    let start = try #require(returnURL.reading(url))
    #expect(start.unreadablePart != nil)
    let run = try CommandRunner().run(["explain-status", "--json", url])
    #expect(run.status == 0, "\(run)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let result = try #require(object["result"] as? [String: Any])
    #expect(result["status"] as? String == start.result.status.rawValue)
    #expect(result["paymentId"] as? String == start.result.paymentId)
    #expect(result["customerEmail"] as? String == start.result.customerEmail)
    let raw = try #require(result["raw"] as? [String: String])
    #expect(raw == Dictionary(start.result.parameters.map { ($0.name, $0.value) }) { $1 })
    #expect((object["warnings"] as? [String])?.contains(Self.unreadable) == true, "\(run)")
  }

  @Test("the text output says it too; what is not URL text before the query still cannot be decoded")
  func textAndLimits() throws {
    let text = try CommandRunner().run(["explain-status", "myapp://checkout/return?x=%zz"])
    #expect(text.status == 0)
    #expect(text.stdout.contains("Result:        pending (no status)"))
    #expect(text.stdout.contains("Warning:       The query is not all URL text"))
    for input in ["myapp://check out/return?status=failed", "myapp://checkout/re%zzturn?status=failed"] {
      let run = try CommandRunner().run(["explain-status", "--json", input])
      #expect(run.status == 1, "\(input)")
      #expect(run.stdout.contains(#""code":"INVALID_RETURN_URL""#))
    }
  }
}
