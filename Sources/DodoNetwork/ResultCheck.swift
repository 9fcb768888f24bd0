import DodoAccount
import DodoCheckout

/// What Dodo said of a checkout's result before it is printed (`start --confirm`, or the
/// payment that polling found), and what that decides: the exit status and the record.
package struct ResultCheck: Sendable {
  package var report: ConfirmationReport
  /// A refused key, a TLS failure or no answer at all while asking: the command fails once
  /// the result is printed.
  package var fatal: DodoAPIError?
  /// What the result deserves a warning for, said before it is printed.
  package var warning: String?

  /// Polling found `paid` before any return came: judged against the result it settled on.
  package init(paid: Confirmation, result: CheckoutResult) {
    report = ConfirmationReport.judging(paid, claim: result.status)
  }

  private init(report: ConfirmationReport, fatal: DodoAPIError? = nil, warning: String? = nil) {
    self.report = report
    self.fatal = fatal
    self.warning = warning
  }

  /// Asks Dodo about `result` (the session's payment, never an ID from the return URL), again
  /// while it has no final outcome, as `polling` allows. A checkout interrupted before Dodo
  /// was asked stays unconfirmed, with nothing asked; `beforeAsking` runs when Dodo is asked.
  package static func asking(
    _ confirmer: Confirmer, about result: CheckoutResult, sessionId: String?, polling: Polling,
    beforeAsking: () -> Void, interrupted: () -> Bool
  ) -> ResultCheck {
    if result.cancellationReason == .interrupted {
      return ResultCheck(report: .unconfirmed("interrupted before Dodo was asked"))
    }
    beforeAsking()
    let report: ConfirmationReport
    var fatal: DodoAPIError?
    do throws(DodoAPIError) {
      report = try confirmer.confirm(result, sessionId: sessionId, polling: polling, interrupted: interrupted)
    } catch {
      fatal = error
      report = .unconfirmed(error.message)
    }
    return ResultCheck(report: report, fatal: fatal, warning: report.warning(about: result.status))
  }

  /// What the abandoned-session record's fate is decided by.
  package var backendCheck: CheckoutFlow.BackendCheck { report.backendCheck }

  /// The status the exit status is for: Dodo's when it confirmed or contradicted `result`;
  /// `pending` when Dodo did not confirm it (only Dodo decides), except for a checkout
  /// interrupted before Dodo was asked, which stays cancelled.
  package func decidingStatus(for result: CheckoutResult) -> CheckoutStatus {
    if report.verdict == .unconfirmed, result.cancellationReason != .interrupted { return .pending }
    return report.decidingStatus(otherwise: result.status)
  }
}
