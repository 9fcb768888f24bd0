import DodoAccount
import DodoCheckout
import DodoNetwork
import DodoTestSupport
import Testing

/// `ResultCheck`: what Dodo said of `start`'s result, and the status that decides its exit.
@Suite struct ResultCheckTests {
  let clock = VirtualClock()

  func check(
    _ result: CheckoutResult, _ answers: [String: [HTTPResponse]], wait: Double = 0
  ) -> (ResultCheck, asked: [String], announced: Int) {
    let transport = ChangingTransport(clock: clock, answers)
    var announced = 0
    let check = ResultCheck.asking(
      Confirmer(api: DodoAPI(transport: transport, apiKey: "sk_test_1")), about: result, sessionId: "cks_1",
      polling: Polling(wait: wait, requestTimeout: 30, clock: clock), beforeAsking: { announced += 1 },
      interrupted: { false })
    return (check, transport.asked.map(\.path), announced)
  }

  @Test("a success Dodo confirms decides the exit; no warning")
  func confirmed() {
    let result = CheckoutResult(status: .succeeded, paymentId: "pay_1")
    let (check, asked, announced) = check(
      result, ["/checkouts/cks_1": [.session(payment: "pay_1")], "/payments/pay_1": [.payment("succeeded")]])
    #expect(check.report.verdict == .confirmed)
    #expect(check.decidingStatus(for: result) == .succeeded)
    #expect(check.warning == nil && check.fatal == nil)
    #expect(asked == ["/checkouts/cks_1", "/payments/pay_1"])
    #expect(announced == 1)
  }

  @Test("no payment yet: unconfirmed, so pending whatever the URL said, with a warning")
  func unconfirmedIsPending() {
    let result = CheckoutResult(status: .succeeded, paymentId: "pay_1")
    let (check, _, _) = check(result, ["/checkouts/cks_1": [.session(payment: nil)]])
    #expect(check.report.verdict == .unconfirmed)
    #expect(check.decidingStatus(for: result) == .pending)
    #expect(check.warning?.hasPrefix("Dodo did not confirm this succeeded") == true)
  }

  @Test("a checkout interrupted before Dodo was asked stays cancelled; nothing is asked")
  func interrupted() {
    var result = CheckoutResult(status: .cancelled)
    result.cancellationReason = .interrupted
    let (check, asked, announced) = check(result, [:])
    #expect(check.report == .unconfirmed("interrupted before Dodo was asked"))
    #expect(check.decidingStatus(for: result) == .cancelled)
    #expect(check.warning == nil)
    #expect(asked.isEmpty && announced == 0)
  }

  @Test("a refused key is fatal, the report unconfirmed")
  func refusedKey() {
    let result = CheckoutResult(status: .succeeded, paymentId: "pay_1")
    let (check, _, _) = check(result, ["/checkouts/cks_1": [.json(401, "{}")]])
    #expect(check.fatal?.isFatal == true)
    #expect(check.report.verdict == .unconfirmed)
  }
}

/// `ResultLicenseKeys`: only a (confirmed) success's keys are activated.
@Suite struct ResultLicenseKeysTests {
  @Test("a success's keys; one with none says so; anything else tries nothing, and says so when it had keys")
  func keys() {
    let keyed = CheckoutResult(status: .succeeded, licenseKeys: ["K1"])
    #expect(ResultLicenseKeys(keyed, status: .succeeded) == .activate(["K1"]))
    #expect(
      ResultLicenseKeys(keyed, status: .pending)
        == .notTried(warning: "the result is not a (confirmed) success, so its license keys were not activated"))
    #expect(ResultLicenseKeys(CheckoutResult(status: .failed), status: .failed) == .notTried(warning: nil))
    #expect(
      ResultLicenseKeys(CheckoutResult(status: .succeeded), status: .succeeded)
        == .none(warning: "the return carried no license key, so none was activated"))
  }
}
