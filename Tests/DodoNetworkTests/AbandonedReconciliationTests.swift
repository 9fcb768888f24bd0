import DodoAccount
import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoNetwork

/// The abandoned-session record settled with Dodo: cleared once its status is final, kept
/// otherwise; Dodo's refusal of the key is the one failure.
@Suite struct AbandonedReconciliationTests {
  let home = TemporaryDirectory()
  let transport = InMemoryTransport([
    "/checkouts/cks_open": InMemoryTransport.session("cks_open", payment: nil),
    "/checkouts/cks_paid": InMemoryTransport.session("cks_paid", payment: "pay_1"),
    "/payments/pay_1": InMemoryTransport.payment("pay_1", "succeeded"),
    "/checkouts/cks_later": InMemoryTransport.session("cks_later", payment: "pay_2"),
    "/payments/pay_2": InMemoryTransport.payment("pay_2", "processing"),
    "/checkouts/cks_refused": .json(401, #"{"message":"bad key"}"#),
  ])

  var directories: DodoDirectories {
    get throws {
      try DodoDirectories.resolve(
        environment: { ["DODO_STATE_DIR": home.sub("state"), "DODO_RUNTIME_DIR": home.sub("run")][$0] })
    }
  }

  func record(_ sessionId: String) throws {
    let state = try directories.prepareState()
    try AbandonedSessionFile(stateDirectory: state).save(AbandonedSession(sessionId: sessionId, createdAt: Date()))
  }

  var recorded: Bool { FileManager.default.fileExists(atPath: home.sub("state/abandoned.json")) }

  func reconcile() throws -> (AbandonedReconciliation, asked: Bool) {
    var asked = false
    let outcome = try AbandonedReconciliation.run(
      api: DodoAPI(transport: transport, apiKey: "k"), directories: try directories
    ) { asked = true }
    return (outcome, asked)
  }

  @Test("no record: nothing asked, no status")
  func noRecord() throws {
    let (outcome, asked) = try reconcile()
    #expect(!asked)
    #expect(outcome.sessionId == nil)
    #expect(outcome.status == nil)
    #expect(outcome.report.reason == "no abandoned session is recorded")
  }

  @Test("a settled session is confirmed and its record cleared")
  func settled() throws {
    try record("cks_paid")
    let (outcome, asked) = try reconcile()
    #expect(asked)
    #expect(outcome.status == .succeeded)
    #expect(outcome.report.verdict == .confirmed)
    #expect(outcome.cleared)
    #expect(!recorded)
  }

  @Test("an open session, and a payment Dodo has not settled, keep the record")
  func open() throws {
    try record("cks_open")
    let (open, _) = try reconcile()
    #expect(open.status == .pending)
    #expect(open.report.reason == "still pending: the checkout session names no payment yet")
    #expect(!open.cleared)
    try record("cks_later")
    let (later, _) = try reconcile()
    #expect(later.status == .pending)
    #expect(!later.cleared)
    #expect(recorded)
  }

  @Test("a session Dodo does not know keeps the record with no status; a refused key is the failure")
  func unknownAndRefused() throws {
    try record("cks_gone")
    let (gone, _) = try reconcile()
    #expect(gone.status == nil)
    #expect(gone.report.reason?.hasPrefix("not found: ") == true)
    #expect(gone.report.reason?.contains("not found: not found") == false, "\(gone.report.reason ?? "")")
    #expect(recorded)
    try record("cks_refused")
    #expect(throws: AbandonedReconciliation.Failure.self) { try reconcile() }
    #expect(recorded)
  }
}
