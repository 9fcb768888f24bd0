import Foundation
import Testing

@testable import DodoCLI

/// What `explain-status` tells support staff is true of the return in front of them: a
/// subscription is explained as one, and a status Dodo Payments does send is not called unknown.
@Suite struct ExplainSupportTextTests {
  /// The `meaning` and `nextStep` of one input, in JSON and in text (plain and in colour, as on
  /// a terminal).
  private func texts(_ input: String) throws -> [(meaning: String, nextStep: String)] {
    let json = try CommandRunner().run(["explain-status", "--json", input])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    var found = [(object["meaning"] as? String ?? "", object["nextStep"] as? String ?? "")]
    for terminal in [false, true] {
      let text = try CommandRunner().run(["explain-status", input], stdout: MemoryStream(isTerminal: terminal)).stdout
        .replacingOccurrences(of: "\u{1b}\\[[0-9;]*m", with: "", options: .regularExpression)
        .replacingOccurrences(of: "\n                 ", with: " ")
      func field(_ label: String) -> String {
        text.components(separatedBy: "\n").first { $0.hasPrefix("  \(label):") }.map {
          String($0.dropFirst(label.count + 3)).trimmingCharacters(in: .whitespaces)
        } ?? ""
      }
      found.append((field("Meaning"), field("Next step")))
    }
    return found
  }

  @Test(
    "a succeeded return with a subscription_id is a subscription, confirmed with subscription.active or Get Subscription",
    arguments: ["myapp://r?status=succeeded&subscription_id=sub_1", "status=succeeded&subscription_id=sub_1"])
  func subscriptionSucceeded(_ input: String) throws {
    for (meaning, nextStep) in try texts(input) {
      #expect(meaning.contains("subscription") && meaning.contains("active"), "\(meaning)")
      #expect(!meaning.contains("one-time"), "\(meaning)")
      #expect(nextStep.contains("subscription.active") && nextStep.contains("Get Subscription"), "\(nextStep)")
      #expect(!nextStep.contains("payment ID"), "\(nextStep)")
    }
  }

  @Test("a succeeded return that names no payment does not point to a payment ID it lacks")
  func succeededWithoutIDs() throws {
    for (meaning, nextStep) in try texts("myapp://r?status=succeeded") {
      #expect(!meaning.contains("one-time"), "\(meaning)")
      #expect(!nextStep.contains("with the payment ID"), "\(nextStep)")
    }
    // With a payment ID it is the one-time payment, looked up by that ID.
    for (meaning, nextStep) in try texts("myapp://r?status=succeeded&payment_id=pay_1") {
      #expect(meaning.contains("one-time payment"))
      #expect(nextStep.contains("Get Payment Detail with the payment ID"))
    }
  }

  @Test("status=cancelled is a status Dodo Payments' payments have: read by the SDK as pending, with what to do")
  func cancelled() throws {
    for (meaning, nextStep) in try texts("myapp://r?status=cancelled&payment_id=pay_1") {
      #expect(!meaning.contains("not one Dodo Payments sends"), "\(meaning)")
      #expect(meaning.contains("cancelled") && meaning.contains("pending"), "\(meaning)")
      #expect(nextStep.contains("payment.cancelled") && nextStep.contains("Get Payment Detail"), "\(nextStep)")
    }
  }
}
