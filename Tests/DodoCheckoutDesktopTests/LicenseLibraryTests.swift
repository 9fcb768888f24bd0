import DodoAccount
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCheckoutDesktop

/// `DodoLicense` as an app calls it: async, typed errors, the store `dodo license` uses.
@Suite struct LicenseLibraryTests {
  let home = TemporaryDirectory()
  let transport = InMemoryTransport([
    "/licenses/activate": .json(
      201,
      #"{"id":"lki_9","business_id":"b","created_at":"2026-01-01T00:00:00Z","license_key_id":"lic_1","name":"n","product":{"product_id":"pdt_1"},"customer":{"customer_id":"c","name":"n","email":"e@x.com"}}"#
    ),
    "/licenses/validate": .json(200, #"{"valid":true}"#),
    "/licenses/deactivate": .json(200, ""),
  ])

  func license(appId: String = "com.example.app") -> DodoLicense {
    DodoLicense(
      appId: appId, baseURL: nil, transport: transport,
      environment: ["DODO_STATE_DIR": home.sub("state"), "HOME": home.path])
  }

  @Test func theLaunchCheckCycle() async throws {
    let record = try await license().activate(licenseKey: "ABCD-0000-0000-WXYZ", name: "my mac")
    #expect(record.instanceId == "lki_9")
    #expect(record.maskedKey == "ABCD…WXYZ")
    #expect(FileManager.default.fileExists(atPath: home.sub("state/licenses/com.example.app/ABCD-0000-0000-WXYZ.json")))
    #expect(try await license().validate() == .valid)
    transport.set("/licenses/validate", .fail(TransportError(.connection, "refused")))
    guard case .offline = try await license().validate(graceDays: 3) else {
      Issue.record("no grace offline")
      return
    }
    await #expect(throws: DodoLicenseError.self) { try await license().validate() }
    transport.set("/licenses/validate", .json(404, "{}"))
    #expect(try await license().validate(graceDays: 3) == .invalid(.notFound))
    #expect(try await license().stored().map(\.instanceId) == ["lki_9"])
    #expect(try await license(appId: "other").stored().isEmpty)
    try await license().deactivate()
    #expect(try await license().stored().isEmpty)
    #expect(transport.requests.allSatisfy { request in !request.headers.contains { $0.name == "Authorization" } })
  }

  @Test func refusalsAndBadInputAreTypedErrors() async throws {
    transport.set("/licenses/activate", .json(422, #"{"message":"limit"}"#))
    await #expect(throws: DodoLicenseError.refused(.limitReached, dodoSays: "limit")) {
      try await license().activate(licenseKey: "ABCD-0000-0000-WXYZ")
    }
    await #expect(throws: DodoLicenseError.self) { try await license(appId: "../x").stored() }
    await #expect(throws: DodoLicenseError.invalidInput("the license key is empty")) {
      try await license().activate(licenseKey: "")
    }
  }
}
