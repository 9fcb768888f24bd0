import DodoCheckout
import DodoTestSupport
import Testing

@testable import DodoAccount

/// What `start --confirm` and the library's `confirm` make of a checkout's result: asked
/// about the session, a cancelled result claiming nothing, and what the report decides.
@Suite struct ResultConfirmationTests {
  /// A session whose payment failed.
  let transport = InMemoryTransport([
    "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_1"),
    "/payments/pay_1": InMemoryTransport.payment("pay_1", "failed"),
  ])

  /// What Dodo says of a result of `status` for `sessionId`.
  func confirm(_ status: CheckoutStatus, sessionId: String?) throws -> ConfirmationReport {
    try Confirmer(api: DodoAPI(transport: transport, apiKey: "k")).confirm(
      CheckoutResult(status: status), sessionId: sessionId)
  }

  @Test("no session: unconfirmed, nothing asked; the record stays")
  func noSession() throws {
    let report = try confirm(.succeeded, sessionId: nil)
    #expect(report.verdict == .unconfirmed)
    #expect(report.reason == "the checkout URL names no checkout session to ask Dodo about")
    #expect(transport.requests.isEmpty)
    #expect(report.backendCheck == .unconfirmed)
    #expect(
      report.warning(about: .succeeded)
        == "Dodo did not confirm this succeeded: the checkout URL names no checkout session to ask Dodo about; the abandoned session is kept"
    )
  }

  @Test("a cancelled result claims nothing: Dodo's final status confirms it and decides the record")
  func cancelledClaimsNothing() throws {
    let report = try confirm(.cancelled, sessionId: "cks_1")
    #expect(report.verdict == .confirmed)
    #expect(report.backendCheck == .confirmed(.failed))
    #expect(report.warning(about: .cancelled) == nil)
  }

  @Test("a mismatch warns with its reason and decides the record by Dodo's status")
  func mismatch() throws {
    let report = try confirm(.succeeded, sessionId: "cks_1")
    #expect(report.verdict == .mismatch)
    #expect(report.warning(about: .succeeded) == report.reason)
    #expect(report.reason != nil)
    #expect(report.backendCheck == .confirmed(.failed))
  }
}
