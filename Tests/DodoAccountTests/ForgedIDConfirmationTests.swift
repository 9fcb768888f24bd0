import DodoCheckout
import DodoTestSupport
import Testing

@testable import DodoAccount

/// A return URL naming another payment or subscription than the session's is a mismatch,
/// whatever the statuses say; a payment for several subscriptions is confirmed through each.
@Suite struct ForgedIDConfirmationTests {
  func confirmer(_ answers: [String: InMemoryTransport.Answer]) -> (Confirmer, InMemoryTransport) {
    let transport = InMemoryTransport(answers)
    return (Confirmer(api: DodoAPI(transport: transport, apiKey: "sk_test_1")), transport)
  }

  @Test("another payment_id than the session's is a mismatch naming both; Dodo's succeeded decides")
  func aForgedPaymentID() throws {
    let (confirmer, transport) = confirmer([
      "/checkouts/cks_paid": InMemoryTransport.session("cks_paid", payment: "pay_ok"),
      "/payments/pay_ok": InMemoryTransport.payment("pay_ok", "succeeded"),
    ])
    let forged = CheckoutResult(status: .succeeded, paymentId: "pay_victim")
    let report = try confirmer.confirm(forged, sessionId: "cks_paid")
    #expect(report.verdict == .mismatch)
    #expect(
      report.reason
        == "the return URL names pay_victim, the session's payment is pay_ok — the URL may be forged or stale")
    #expect(report.confirmation?.paymentId == "pay_ok")
    #expect(report.decidingStatus(otherwise: .succeeded) == .succeeded)
    #expect(report.backendCheck == .confirmed(.succeeded))
    #expect(!transport.paths.contains("/payments/pay_victim"))
  }

  @Test("the same payment_id with agreeing statuses stays confirmed")
  func theSessionsOwnPaymentID() throws {
    let (confirmer, _) = confirmer([
      "/checkouts/cks_paid": InMemoryTransport.session("cks_paid", payment: "pay_ok"),
      "/payments/pay_ok": InMemoryTransport.payment("pay_ok", "succeeded"),
    ])
    let report = try confirmer.confirm(CheckoutResult(status: .succeeded, paymentId: "pay_ok"), sessionId: "cks_paid")
    #expect(report.verdict == .confirmed)
  }

  @Test("another subscription_id is a mismatch, with a status mismatch named as well")
  func aForgedSubscriptionID() throws {
    let (confirmer, _) = confirmer([
      "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_1"),
      "/payments/pay_1": InMemoryTransport.payment("pay_1", "failed", errorCode: "INSUFFICIENT_FUNDS"),
    ])
    let report = try confirmer.confirm(
      CheckoutResult(status: .succeeded, subscriptionId: "sub_other"), sessionId: "cks_1")
    #expect(report.verdict == .mismatch)
    #expect(
      report.reason
        == "the return URL names sub_other, Dodo's payment belongs to no subscription; the return URL says succeeded, Dodo says failed: INSUFFICIENT_FUNDS (The card was declined) — the URL may be forged or stale"
    )
  }

  @Test("a session naming no payment while the return names one is unconfirmed, not a mismatch")
  func noPaymentYet() throws {
    let (confirmer, _) = confirmer(["/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: nil)])
    let report = try confirmer.confirm(CheckoutResult(status: .succeeded, paymentId: "pay_1"), sessionId: "cks_1")
    #expect(report.verdict == .unconfirmed)
  }

  /// A payment for two subscriptions, as Dodo's newest SDKs give it.
  static func multiPayment(_ id: String) -> InMemoryTransport.Answer {
    .json(
      200,
      #"{"payment_id":"\#(id)","status":"succeeded","total_amount":2998,"currency":"USD","subscription_id":null,"subscription_ids":["sub_a","sub_b"],"is_multi_subscription":true}"#
    )
  }

  @Test(
    "a payment for several subscriptions is confirmed through each",
    arguments: [
      ("active", "active", CheckoutStatus.succeeded, "sub_a"),
      ("active", "on_hold", .pending, "sub_b"),
      ("active", "failed", .failed, "sub_b"),
      ("pending", "cancelled", .cancelled, "sub_b"),
    ])
  func severalSubscriptions(first: String, second: String, status: CheckoutStatus, deciding: String) throws {
    let (confirmer, transport) = confirmer([
      "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_1"),
      "/payments/pay_1": Self.multiPayment("pay_1"),
      "/subscriptions/sub_a": InMemoryTransport.subscription("sub_a", first),
      "/subscriptions/sub_b": InMemoryTransport.subscription("sub_b", second),
    ])
    let report = try confirmer.confirm(CheckoutResult(status: status, subscriptionId: "sub_b"), sessionId: "cks_1")
    #expect(transport.paths == ["/checkouts/cks_1", "/payments/pay_1", "/subscriptions/sub_a", "/subscriptions/sub_b"])
    #expect(report.confirmation?.source == .subscription)
    #expect(report.confirmation?.status == status)
    #expect(report.confirmation?.subscriptionId == deciding)
    #expect(report.confirmation?.subscriptionIds == ["sub_a", "sub_b"])
    #expect(report.verdict != .mismatch, "sub_b is one of the payment's subscriptions")
  }

  @Test("a return naming a subscription the multi-subscription payment is not for is a mismatch")
  func notOneOfThem() throws {
    let (confirmer, _) = confirmer([
      "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_1"),
      "/payments/pay_1": Self.multiPayment("pay_1"),
      "/subscriptions/sub_a": InMemoryTransport.subscription("sub_a", "active"),
      "/subscriptions/sub_b": InMemoryTransport.subscription("sub_b", "active"),
    ])
    let report = try confirmer.confirm(
      CheckoutResult(status: .succeeded, subscriptionId: "sub_c"), sessionId: "cks_1")
    #expect(report.verdict == .mismatch)
    #expect(report.reason?.hasPrefix("the return URL names sub_c, Dodo's payment is for sub_a, sub_b") == true)
  }
}
