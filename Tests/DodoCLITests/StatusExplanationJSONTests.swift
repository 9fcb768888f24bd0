import DodoCheckout
import Foundation
import Testing

@testable import DodoCLI

/// `explain-status --json` copies each explanation's texts into the JSON as they stand (they
/// are literals, and escaping them per line cost a tenth of the batch's throughput): this
/// proves, for every explanation, that the line still parses and carries the text exactly, so
/// a text given a `"` or a `\` fails here rather than in a user's JSON parser.
@Suite("explain-status --json: every explanation's texts")
struct StatusExplanationJSONTests {
  @Test(arguments: [
    "succeeded", "active", "failed", "expired", "processing", "requires_customer_action", "requires_payment_method",
    "requires_capture", "cancelled", "bogus",
  ])
  func statusValue(status: String) throws {
    try check("status=\(status)&payment_id=pay_1", rawStatus: status)
  }

  @Test("a success that names a subscription, or nothing")
  func successes() throws {
    try check("status=succeeded&subscription_id=sub_1", rawStatus: "succeeded", .subscriptionActive)
    try check("status=succeeded", rawStatus: "succeeded", .paidUnnamed)
  }

  @Test("no status and an empty status")
  func missingAndEmpty() throws {
    try check("payment_id=pay_1", rawStatus: nil)
    try check("status=", rawStatus: "")
  }

  private func check(_ input: String, rawStatus: String?, _ expected: StatusExplanation? = nil) throws {
    let text = try HelpSnapshotTests.run(["explain-status", "--json", input])
    let stdout = try #require(
      text.components(separatedBy: "--- stdout\n").last?.components(separatedBy: "--- stderr\n").first)
    let line = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    let explanation = expected ?? StatusExplanation.of(rawStatus)
    #expect(line["meaning"] as? String == explanation.meaning)
    #expect(line["nextStep"] as? String == explanation.nextStep)
  }
}
