import DodoAccount
import DodoCheckout
import DodoTestSupport
import Testing

@Suite struct StatusMappingTests {
  @Test func paymentStatuses() {
    #expect(DodoStatus.ofPayment("succeeded") == .succeeded)
    #expect(DodoStatus.ofPayment("failed") == .failed)
    #expect(DodoStatus.ofPayment("cancelled") == .cancelled)
    for other in [
      "processing", "requires_customer_action", "requires_merchant_action", "requires_payment_method",
      "requires_confirmation", "requires_capture", "partially_captured", "partially_captured_and_capturable", "new", "",
    ] {
      #expect(DodoStatus.ofPayment(other) == .pending, "\(other)")
    }
    #expect(DodoStatus.ofPayment(nil) == .pending)
  }

  @Test func subscriptionStatuses() {
    #expect(DodoStatus.ofSubscription("active") == .succeeded)
    #expect(DodoStatus.ofSubscription("failed") == .failed)
    #expect(DodoStatus.ofSubscription("cancelled") == .cancelled)
    #expect(DodoStatus.ofSubscription("expired") == .expired)
    for other in ["pending", "on_hold", "paused", "renewing", nil] {
      #expect(DodoStatus.ofSubscription(other) == .pending)
    }
  }
}

@Suite struct ConfirmerTests {
  func confirmer(_ answers: [String: InMemoryTransport.Answer]) -> (Confirmer, InMemoryTransport) {
    let transport = InMemoryTransport(answers)
    return (Confirmer(api: DodoAPI(transport: transport, apiKey: "sk_test_1")), transport)
  }

  @Test func theSessionNamesThePaymentNotTheURL() throws {
    let (confirmer, transport) = confirmer([
      "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_real"),
      "/payments/pay_real": InMemoryTransport.payment("pay_real", "succeeded"),
      "/payments/pay_forged": InMemoryTransport.payment("pay_forged", "succeeded"),
    ])
    let report = try confirmer.confirm(sessionId: "cks_1", claim: .succeeded)
    #expect(report.verdict == .confirmed)
    #expect(report.reason == nil)
    #expect(
      report.confirmation
        == Confirmation(
          status: .succeeded, source: .payment, rawStatus: "succeeded", paymentId: "pay_real", totalAmount: 1999,
          currency: "USD"))
    #expect(transport.paths == ["/checkouts/cks_1", "/payments/pay_real"])
  }

  @Test func aSubscriptionPaymentIsConfirmedByItsSubscription() throws {
    let (confirmer, transport) = confirmer([
      "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_1"),
      "/payments/pay_1": InMemoryTransport.payment("pay_1", "succeeded", subscription: "sub_1"),
      "/subscriptions/sub_1": InMemoryTransport.subscription("sub_1", "on_hold"),
    ])
    let report = try confirmer.confirm(sessionId: "cks_1", claim: .succeeded)
    #expect(report.verdict == .mismatch)
    #expect(report.confirmation?.source == .subscription)
    #expect(report.confirmation?.status == .pending)
    #expect(report.confirmation?.subscriptionId == "sub_1")
    #expect(report.confirmation?.paymentId == "pay_1")
    #expect(transport.paths == ["/checkouts/cks_1", "/payments/pay_1", "/subscriptions/sub_1"])
  }

  @Test func aMismatchNamesBothStatuses() throws {
    let (confirmer, _) = confirmer([
      "/payments/pay_1": InMemoryTransport.payment("pay_1", "failed", errorCode: "insufficient_funds")
    ])
    let report = try confirmer.confirm(.payment("pay_1"), claim: .succeeded)
    #expect(report.verdict == .mismatch)
    #expect(
      report.reason
        == "the return URL says succeeded, Dodo says failed: insufficient_funds (The card was declined) — the URL may be forged or stale"
    )
    #expect(report.decidingStatus(otherwise: .succeeded) == .failed)
  }

  @Test func aSessionWithoutAPaymentIsUnconfirmed() throws {
    let (confirmer, transport) = confirmer(["/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: nil)])
    let report = try confirmer.confirm(sessionId: "cks_1", claim: nil)
    #expect(report.verdict == .unconfirmed)
    #expect(report.confirmation == nil)
    #expect(report.reason?.contains("names no payment yet") == true)
    #expect(report.decidingStatus(otherwise: .cancelled) == .cancelled)
    #expect(transport.paths == ["/checkouts/cks_1"])
  }

  @Test func aBareIDIsConfirmedOnlyWhenSettled() throws {
    let (confirmer, _) = confirmer([
      "/payments/pay_1": InMemoryTransport.payment("pay_1", "cancelled"),
      "/payments/pay_2": InMemoryTransport.payment("pay_2", "requires_customer_action"),
      "/subscriptions/sub_1": InMemoryTransport.subscription("sub_1", "expired"),
    ])
    #expect(try confirmer.confirm(.payment("pay_1"), claim: nil).verdict == .confirmed)
    let pending = try confirmer.confirm(.payment("pay_2"), claim: nil)
    #expect(pending.verdict == .unconfirmed)
    #expect(pending.reason?.contains("requires_customer_action") == true)
    #expect(try confirmer.confirm(.subscription("sub_1"), claim: nil).confirmation?.status == .expired)
  }

  @Test func pendingAgreeingWithPendingIsStillUnconfirmed() throws {
    let (confirmer, _) = confirmer(["/payments/pay_1": InMemoryTransport.payment("pay_1", "processing")])
    #expect(try confirmer.confirm(.payment("pay_1"), claim: .pending).verdict == .unconfirmed)
  }

  @Test func aFailureAboutOneIDIsUnconfirmedAndAFatalOneThrows() throws {
    let (confirmer, _) = confirmer([
      "/payments/pay_500": .json(500, "{}"),
      "/payments/pay_slow": .fail(TransportError(.timedOut, "30 s")),
      "/payments/pay_401": .json(401, #"{"message":"Unauthorized"}"#),
      "/payments/pay_tls": .fail(TransportError(.tls, "unknown CA")),
    ])
    let missing = try confirmer.confirm(.payment("pay_404"), claim: .succeeded)
    #expect(missing.verdict == .unconfirmed)
    #expect(missing.reason?.hasPrefix("not found") == true)
    #expect(missing.reason?.contains("not found: not found") == false, "\(missing.reason ?? "")")
    #expect(try confirmer.confirm(.payment("pay_500"), claim: nil).verdict == .unconfirmed)
    #expect(try confirmer.confirm(.payment("pay_slow"), claim: nil).verdict == .unconfirmed)
    #expect(throws: DodoAPIError.self) { try confirmer.confirm(.payment("pay_401"), claim: nil) }
    #expect(throws: DodoAPIError.self) { try confirmer.confirm(.payment("pay_tls"), claim: nil) }
  }

  @Test func lookupsAreToldByPrefix() {
    #expect(Confirmer.Lookup(id: "cks_1") == .session("cks_1"))
    #expect(Confirmer.Lookup(id: "pay_1") == .payment("pay_1"))
    #expect(Confirmer.Lookup(id: "sub_1") == .subscription("sub_1"))
    #expect(Confirmer.Lookup(id: "succeeded") == nil)
  }
}
