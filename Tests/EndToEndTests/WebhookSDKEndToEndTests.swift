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

  @Test func everyEventDodoBuildsPassesTheSDKsUnwrapAndModel() throws {
    let logs = TemporaryDirectory()
    let receiver = try BackgroundProgram(
      "sdk-receiver", "/usr/bin/env", ["python3", Self.receiver], environment: environment(), logDirectory: logs.url)
    defer { receiver.stop() }
    let port = try #require(receiver.firstLine(timeout: 60), "the SDK receiver did not start")
    var refused: [String] = []
    for type in WebhookEvent.types {
      let output = try Dodo.run(
        ["webhook", "send", type, "--to", "http://127.0.0.1:\(port)/webhooks"], environment: environment())
      if output.status != 0 { refused.append("\(type): \(output.stdout)\(output.stderr)") }
    }
    #expect(refused.isEmpty, "\(refused.count) events refused:\n\(refused.joined(separator: "\n"))")
  }
}
