import DodoAccount
import DodoTestSupport
import Foundation
import Testing

/// `dodo webhook send` against a receiver built on Dodo's official Python SDK
/// (`Support/sdk-webhook-receiver.py`): every event type the installed SDK knows, each one
/// unwrapped by the SDK and validated strictly under its model.
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forDodoSDK),
    "needs \(RequiredTools.forDodoSDK.joined(separator: ", ")) (pip install 'dodopayments[webhooks]==1.123.0')")
)
struct WebhookSDKEndToEndTests {
  static let receiver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Support/sdk-webhook-receiver.py"
  ).path

  func environment() -> [String: String] {
    Dodo.environment(home: TemporaryDirectory.shared.url, ["DODO_PAYMENTS_WEBHOOK_KEY": Fixtures.webhookSecret])
  }

  @Test func dodoKnowsEveryEventTypeTheSDKKnows() throws {
    let output = try Subprocess.run("/usr/bin/env", ["python3", Self.receiver, "--types"], environment: environment())
    #expect(output.status == 0, "\(output.stderr)")
    let sdkTypes = output.stdout.split(separator: "\n").map(String.init)
    #expect(sdkTypes.count >= 47)
    #expect(WebhookEvent.types == sdkTypes)
  }

  /// The SDK's receiver on a free port, until `stop()`.
  func startReceiver(logs: TemporaryDirectory) throws -> (BackgroundProgram, String) {
    let receiver = try BackgroundProgram(
      "sdk-receiver", "/usr/bin/env", ["python3", Self.receiver], environment: environment(), logDirectory: logs.url)
    guard let port = receiver.firstLine(timeout: 60) else {
      receiver.stop()
      throw FakeAPIError(message: "the SDK receiver did not start")
    }
    return (receiver, port)
  }

  @Test func everyEventDodoBuildsPassesTheSDKsUnwrapAndModel() throws {
    let logs = TemporaryDirectory()
    let (receiver, port) = try startReceiver(logs: logs)
    defer { receiver.stop() }
    var refused: [String] = []
    for type in WebhookEvent.types {
      let output = try Dodo.run(
        ["webhook", "send", type, "--to", "http://127.0.0.1:\(port)/webhooks"], environment: environment())
      if output.status != 0 { refused.append("\(type): \(output.stdout)\(output.stderr)") }
    }
    #expect(refused.isEmpty, "\(refused.count) events refused:\n\(refused.joined(separator: "\n"))")
  }

  /// The receiver is no rubber stamp: a missing required field, a lower-case error code and
  /// a misspelt optional field are each refused, by name.
  @Test func theSDKsReceiverRefusesWhatTheSDKWouldNot() throws {
    let logs = TemporaryDirectory()
    let (receiver, port) = try startReceiver(logs: logs)
    defer { receiver.stop() }
    let output = try Dodo.run(
      [
        "webhook", "send", "payment.failed", "--to", "http://127.0.0.1:\(port)/webhooks", "--set", "brand_id=null",
        "--set", "error_code=insufficient_funds", "--set", "card_netwrok=visa",
      ], environment: environment())
    #expect(output.status == 1)
    #expect(output.stdout.hasPrefix("HTTP 422\n"), "\(output.stdout)")
    for problem in ["data.brand_id", "'insufficient_funds' is not upper case", "data.card_netwrok"] {
      #expect(output.stdout.contains(problem), "\(output.stdout)")
    }
  }
}
