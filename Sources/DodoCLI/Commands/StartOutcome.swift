import DodoAccount
import DodoCheckout
import DodoNetwork

/// What one `dodo start` came to, as `StartOutput` prints it: the result as shown, the
/// warnings it deserves in their order, what Dodo said and the licenses activated.
struct StartOutcome {
  /// The result without the return URL's own parameters, whose values (a `state`) are the
  /// run's secret.
  var result: CheckoutResult
  var warnings: [String]
  /// What Dodo said (`--confirm`, or the payment polling found).
  var report: ConfirmationReport?
  /// The API's mode, when the run used the API (`"mode"` in JSON).
  var mode: APIMode?
  /// `--activate-license`'s activations, when any was tried.
  var licenses: [LicenseKeeper.KeyActivation]?
  /// Whether polling Dodo found the result before any return came.
  var settledByPoll: Bool
  /// The status the exit status is for (Dodo's, under `--confirm`).
  var decidingStatus: CheckoutStatus
}

/// The run's work between the return and its printing, while the record still exists: what
/// Dodo says of the result, then `--activate-license`.
struct StartDeliveryWork {
  let account: StartAccountOptions
  let licenses: StartLicenses
  let context: Context
  let checkout: StartCheckout
  let api: DodoAPI?
  /// The channel that polls Dodo, when it does.
  let polling: PollingChannel?

  func check(_ result: CheckoutResult) -> ResultCheck? {
    if let paid = polling?.paid { return ResultCheck(paid: paid, result: result) }
    guard account.confirming, let api else { return nil }
    let announces = !context.json && account.products.isEmpty && polling == nil
    return ResultCheck.asking(
      Confirmer(api: api), about: result, sessionId: checkout.sessionId,
      polling: Polling(
        wait: account.confirmWait, requestTimeout: api.timeout, clock: SystemPacingClock(wait: context.sleep)),
      beforeAsking: { if announces { context.announceMode(api) } },
      // Ctrl-C while Dodo is asked again ends the asking: the outcome stays unconfirmed.
      interrupted: { context.stdout.interrupter?.isInterrupted() ?? false })
  }

  /// The outcome of `delivery` with `check`, its licenses activated.
  func outcome(of delivery: CheckoutFlow.Delivery, check: ResultCheck?) -> StartOutcome {
    var warnings = delivery.unreadableWarning.map { [$0] } ?? []
    if let warning = check?.warning { warnings.append(warning) }
    if check == nil, let unconfirmed = delivery.unconfirmedWarning { warnings.append(unconfirmed) }
    let result = delivery.result
    let deciding = check?.decidingStatus(for: result) ?? result.status
    let activated = licenses.activate(result, status: deciding, context: context) { warnings.append($0) }
    return StartOutcome(
      result: result.withoutParameters(named: Set(checkout.returnURL.ownParameterNames)), warnings: warnings,
      report: check?.report, mode: api?.mode, licenses: activated, settledByPoll: polling?.paid != nil,
      decidingStatus: deciding)
  }
}
