import DodoAccount
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `start --activate-license`, in-process: the keys of a success are activated (never with the
/// API key), and under `--confirm` only of a success Dodo confirmed.
@Suite struct StartLicensesTests {
  static let key = "KEY1-AAAA-BBBB-ZZ99"
  let api = InMemoryTransport([
    "/licenses/activate": .json(
      201,
      #"{"id":"lki_7","business_id":"b","created_at":"2026-01-01T00:00:00Z","license_key_id":"lic_1","name":"n","product":{"product_id":"pdt_1"},"customer":{"customer_id":"c","name":"n","email":"e@x.com"}}"#
    ),
    "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_1"),
    "/payments/pay_1": InMemoryTransport.payment("pay_1", "succeeded"),
  ])

  func start(_ options: [String], returning query: String) throws -> (CommandRunner.Output, [String: Any]) {
    let start = try StartHarness()
    start.runner.transport = api
    start.runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_secret"
    start.browser = StartHarness.navigating(to: "myapp://checkout/return?state=s3cr3t&" + query)
    let output = try start.run(["--json", "--activate-license"] + options)
    let result = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    return (output, result)
  }

  @Test("a success's keys are activated and listed masked; no API key is sent for them")
  func activated() throws {
    let (output, result) = try start(
      ["--license-name", "ci box"], returning: "status=succeeded&payment_id=pay_1&license_key=\(Self.key)")
    #expect(output.status == 0, "\(output.stderr)")
    let licenses = try #require(result["licenses"] as? [[String: Any]])
    #expect(licenses.count == 1)
    #expect(licenses.first?["licenseKey"] as? String == "KEY1…ZZ99")
    #expect(licenses.first?["instanceId"] as? String == "lki_7")
    let request = try #require(api.requests.first { $0.url.hasSuffix("/licenses/activate") })
    #expect(!request.headers.contains { $0.name == "Authorization" })
    #expect(String(decoding: request.body, as: UTF8.self).contains(#""name":"ci box""#))
  }

  @Test("under --confirm, a success Dodo did not confirm activates nothing")
  func unconfirmedActivatesNothing() throws {
    api.set("/checkouts/cks_1", InMemoryTransport.session("cks_1", payment: nil))
    let (output, result) = try start(
      ["--confirm"], returning: "status=succeeded&payment_id=pay_1&license_key=\(Self.key)")
    #expect(result["verdict"] as? String == "unconfirmed", "\(output.stderr)")
    #expect(result["licenses"] == nil)
    #expect(!api.paths.contains("/licenses/activate"))
    #expect((result["warnings"] as? [String])?.contains { $0.contains("license keys were not activated") } == true)
  }

  @Test("a return with no keys activates nothing and says so")
  func noKeys() throws {
    let (output, result) = try start([], returning: "status=succeeded&payment_id=pay_1")
    #expect(output.status == 0)
    #expect(result["licenses"] as? [Any] != nil && (result["licenses"] as? [Any])?.isEmpty == true)
    #expect((result["warnings"] as? [String])?.contains { $0.contains("no license key") } == true)
    #expect(api.requests.isEmpty)
  }
}
