import DodoAccount
import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Synchronization
import Testing

@testable import DodoNetwork

/// The license cycle over the store, with an injected clock: the offline grace only when no
/// answer came, counted from the last success; any answer from Dodo fails closed.
@Suite struct LicenseKeeperTests {
  let home = TemporaryDirectory()
  let clock = Clock()
  let transport = InMemoryTransport([
    "/licenses/activate": .json(
      201,
      #"{"id":"lki_1","business_id":"b","created_at":"2026-01-01T00:00:00Z","license_key_id":"lic_1","name":"box","product":{"product_id":"pdt_1"},"customer":{"customer_id":"c","name":"n","email":"e@x.com"}}"#
    ),
    "/licenses/validate": .json(200, #"{"valid":true}"#),
    "/licenses/deactivate": .json(200, ""),
  ])
  static let key = "ABCD-1111-2222-WXYZ"

  final class Clock: Sendable {
    private let seconds = Mutex<Double>(1_800_000_000)
    var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func advance(days: Double) { seconds.withLock { $0 += days * 86_400 } }
  }

  var keeper: LicenseKeeper {
    get throws {
      let directories = try DodoDirectories.resolve(
        environment: { ["DODO_STATE_DIR": home.sub("state"), "DODO_RUNTIME_DIR": home.sub("run")][$0] })
      let (transport, clock) = (transport, clock)
      return LicenseKeeper(
        appId: "com.example.app", directories: directories, mode: .test,
        api: { LicenseAPI(transport: transport, mode: $0) }, now: { clock.now })
    }
  }

  func offline() { transport.set("/licenses/validate", .fail(TransportError(.connection, "refused"))) }

  @Test("grace counts from the last successful validation, and ends when its days are over")
  func graceFromLastValidation() throws {
    _ = try keeper.activate(key: Self.key, name: "box")
    clock.advance(days: 2)
    guard case (_, _, .valid) = try keeper.validate(key: nil, graceDays: 7) else {
      Issue.record("not valid")
      return
    }
    let validatedAt = clock.now
    offline()
    clock.advance(days: 6.9)
    guard case (_, _, .offline(_, let ends, _)) = try keeper.validate(key: nil, graceDays: 7) else {
      Issue.record("no grace within 7 days of the last validation")
      return
    }
    #expect(ends == validatedAt.addingTimeInterval(7 * 86_400))
    clock.advance(days: 0.2)
    #expect(throws: LicenseKeeper.Failure.self) { try keeper.validate(key: nil, graceDays: 7) }
  }

  @Test("an offline validation does not move the grace's start")
  func offlineDoesNotExtend() throws {
    _ = try keeper.activate(key: Self.key, name: "box")
    offline()
    clock.advance(days: 2)
    _ = try keeper.validate(key: nil, graceDays: 3)
    clock.advance(days: 1.5)
    #expect(throws: LicenseKeeper.Failure.self) { try keeper.validate(key: nil, graceDays: 3) }
  }

  @Test("no grace without days, nor for any answer from Dodo")
  func failsClosed() throws {
    _ = try keeper.activate(key: Self.key, name: "box")
    offline()
    #expect(throws: LicenseKeeper.Failure.self) { try keeper.validate(key: nil, graceDays: nil) }
    #expect(throws: LicenseKeeper.Failure.self) { try keeper.validate(key: nil, graceDays: 0) }
    for answer: InMemoryTransport.Answer in [.json(200, #"{"valid":false}"#), .json(503, "{}"), .json(404, "{}")] {
      transport.set("/licenses/validate", answer)
      guard case (_, _, .invalid) = try keeper.validate(key: nil, graceDays: 30) else {
        Issue.record("an answer was covered by grace: \(answer)")
        continue
      }
    }
  }

  @Test("an activation that still validates is not made again; one that does not is")
  func alreadyActive() throws {
    guard case .activated = try keeper.activate(key: Self.key, name: "box") else {
      Issue.record("first")
      return
    }
    guard case .alreadyActive = try keeper.activate(key: Self.key, name: "box") else {
      Issue.record("again")
      return
    }
    #expect(transport.paths.filter { $0 == "/licenses/activate" }.count == 1)
    transport.set("/licenses/validate", .json(200, #"{"valid":false}"#))
    guard case .activated = try keeper.activate(key: Self.key, name: "box") else {
      Issue.record("anew")
      return
    }
  }

  @Test("deactivate removes the activation; a refusal removes it too; no answer keeps it")
  func deactivate() throws {
    _ = try keeper.activate(key: Self.key, name: "box")
    transport.set("/licenses/deactivate", .fail(TransportError(.timedOut, "slow")))
    #expect(throws: LicenseKeeper.Failure.self) { try keeper.deactivate(key: nil) }
    #expect(try keeper.stored().count == 1)
    transport.set("/licenses/deactivate", .json(404, "{}"))
    guard case .forgotten(_, .notFound, _) = try keeper.deactivate(key: nil) else {
      Issue.record("404")
      return
    }
    #expect(try keeper.stored().isEmpty)
  }

  @Test("the store: 0600 files in a 0700 directory under licenses/APP, with the key inside")
  func storeFiles() throws {
    _ = try keeper.activate(key: Self.key, name: "box")
    let directory = home.sub("state/licenses/com.example.app")
    let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/\(Self.key).json")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory)
    #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)
    let stored = try keeper.stored()
    #expect(stored.map(\.instanceId) == ["lki_1"])
    #expect(stored.first?.customerEmail == "e@x.com")
  }
}
