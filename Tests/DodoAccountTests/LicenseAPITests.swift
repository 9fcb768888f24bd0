import DodoCheckout
import DodoTestSupport
import Foundation
import Testing

@testable import DodoAccount

/// Dodo's license endpoints: what is sent (never a key), and what each answer means.
@Suite struct LicenseAPITests {
  let activation = #"""
    {"id":"lki_1","business_id":"bus_1","created_at":"2026-01-01T00:00:00Z","license_key_id":"lic_1",
     "name":"box (1a2b3c4d)","product":{"product_id":"pdt_1","name":"App"},
     "customer":{"customer_id":"cus_1","name":"Ann","email":"ann@example.com"}}
    """#

  @Test("no license request carries an Authorization header, and the bodies are the SDK's")
  func noKeySent() throws {
    let transport = InMemoryTransport([
      "/licenses/activate": .json(201, activation), "/licenses/validate": .json(200, #"{"valid":true}"#),
      "/licenses/deactivate": .json(200, ""),
    ])
    let api = LicenseAPI(transport: transport, mode: .test, baseURL: "https://fake.example/")
    _ = try api.activate(licenseKey: "KEY-1", name: "box")
    _ = try api.validate(licenseKey: "KEY-1", instanceId: "lki_1")
    _ = try api.validate(licenseKey: "KEY-1", instanceId: nil)
    _ = try api.deactivate(licenseKey: "KEY-1", instanceId: "lki_1")
    #expect(
      transport.requests.allSatisfy { request in !request.headers.contains { $0.name.lowercased() == "authorization" } }
    )
    #expect(
      transport.requests.map(\.url) == [
        "https://fake.example/licenses/activate", "https://fake.example/licenses/validate",
        "https://fake.example/licenses/validate", "https://fake.example/licenses/deactivate",
      ])
    #expect(
      transport.requests.map { String(decoding: $0.body, as: UTF8.self) } == [
        #"{"license_key":"KEY-1","name":"box"}"#, #"{"license_key":"KEY-1","license_key_instance_id":"lki_1"}"#,
        #"{"license_key":"KEY-1"}"#, #"{"license_key":"KEY-1","license_key_instance_id":"lki_1"}"#,
      ])
  }

  @Test("activate: 201 is the instance; 404, 403, 422 are refusals with their reasons")
  func activateAnswers() throws {
    let transport = InMemoryTransport(["/licenses/activate": .json(201, activation)])
    let api = LicenseAPI(transport: transport)
    guard case .done(let instance) = try api.activate(licenseKey: "K", name: "n") else {
      Issue.record("not activated")
      return
    }
    #expect(instance.id == "lki_1")
    #expect(instance.productId == "pdt_1")
    #expect(instance.productName == "App")
    #expect(instance.customerEmail == "ann@example.com")
    for (status, reason) in [(404, LicenseRefusal.notFound), (403, .inactive), (422, .limitReached)] {
      transport.set("/licenses/activate", .json(status, #"{"code":"X","message":"said"}"#))
      guard case .refused(let refusal, let said) = try api.activate(licenseKey: "K", name: "n") else {
        Issue.record("HTTP \(status) was not a refusal")
        continue
      }
      #expect(refusal == reason)
      #expect(said == "said")
    }
    transport.set("/licenses/activate", .json(500, "{}"))
    #expect(throws: DodoAPIError.self) { try api.activate(licenseKey: "K", name: "n") }
  }

  @Test("validate fails closed: every answer but {valid:true} is a refusal; only no answer throws")
  func validateFailsClosed() throws {
    let transport = InMemoryTransport()
    let api = LicenseAPI(transport: transport)
    let cases: [(Int, String, LicenseRefusal?)] = [
      (200, #"{"valid":true}"#, nil), (200, #"{"valid":false}"#, .invalid), (404, "{}", .notFound),
      (403, "{}", .inactive), (422, "{}", .rejected), (500, "{}", .rejected), (200, "<html>", .unreadable),
    ]
    for (status, body, expected) in cases {
      transport.set("/licenses/validate", .json(status, body))
      let answer = try api.validate(licenseKey: "K", instanceId: "lki_1")
      switch answer {
      case .done: #expect(expected == nil, "HTTP \(status) \(body)")
      case .refused(let refusal, _): #expect(refusal == expected, "HTTP \(status) \(body)")
      }
    }
    transport.set("/licenses/validate", .fail(TransportError(.connection, "refused")))
    #expect(throws: DodoAPIError.self) { try api.validate(licenseKey: "K", instanceId: nil) }
  }

  @Test("deactivate: 200 frees the seat; 403 and 404 say Dodo knows no such instance or key")
  func deactivateAnswers() throws {
    let transport = InMemoryTransport(["/licenses/deactivate": .json(200, "")])
    let api = LicenseAPI(transport: transport)
    guard case .done = try api.deactivate(licenseKey: "K", instanceId: "lki_1") else {
      Issue.record("not deactivated")
      return
    }
    transport.set("/licenses/deactivate", .json(403, "{}"))
    guard case .refused(.inactive, _) = try api.deactivate(licenseKey: "K", instanceId: "lki_1") else {
      Issue.record("403 was not a refusal")
      return
    }
  }

  @Test("the default name: host name and 8 hex digits of HMAC-SHA256 keyed by the app, never the raw id")
  func defaultName() {
    let id = Array("0123456789abcdef0123456789abcdef\n".utf8)
    // Python: hmac.new(b"dodo license dodo", b"0123…cdef", hashlib.sha256).hexdigest()[:8]
    #expect(LicenseInstanceName.default(hostName: "box", machineID: id, appId: "dodo") == "box (18caae36)")
    #expect(LicenseInstanceName.default(hostName: "box", machineID: id, appId: "com.example.app") == "box (bc6452b9)")
    #expect(LicenseInstanceName.default(hostName: "box", machineID: nil, appId: "dodo") == "box")
    #expect(LicenseInstanceName.default(hostName: "box", machineID: Array("\n".utf8), appId: "dodo") == "box")
  }

  @Test("keys are shown masked, never whole, and checked before they are sent")
  func masking() {
    #expect(LicenseKey.masked("ABCD-1234-5678-WXYZ") == "ABCD…WXYZ")
    #expect(LicenseKey.masked("ABCDEFGHI") == "AB…HI")
    #expect(LicenseKey.masked("ABCD-1234-WXYZ") == "ABC…XYZ")
    #expect(LicenseKey.masked("AB") == "…")
    #expect(LicenseKey.problem(with: "ABCD-1234") == nil)
    #expect(LicenseKey.problem(with: "") != nil)
    #expect(LicenseKey.problem(with: "AB CD") != nil)
    #expect(LicenseKey.problem(with: "AB\u{1B}[2J") != nil)
    #expect(LicenseKey.problem(with: String(repeating: "A", count: 81)) != nil)
  }
}
