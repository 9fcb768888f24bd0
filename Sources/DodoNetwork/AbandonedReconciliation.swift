import DodoAccount
import DodoCheckout
import DodoPlatform

/// `dodo abandoned reconcile`'s work: the recorded session, settled with Dodo. A final
/// status (succeeded, failed, expired) clears the record, unless a checkout running now owns
/// it; a session still open, a payment Dodo reports cancelled, a session Dodo does not know
/// or cannot answer for, all keep it.
package struct AbandonedReconciliation: Sendable {
  /// Why the work stopped: Dodo refused the key, TLS failed or no answer came (`api`), or
  /// the state directory or the record could not be used (`checkout`).
  package enum Failure: Error {
    case api(DodoAPIError)
    case checkout(CheckoutError)
  }

  /// The recorded session; `nil` when there is no record.
  package var sessionId: String?
  package var report: ConfirmationReport
  /// The status Dodo settled on, or `pending` for a session with no payment yet; `nil` when
  /// there is no record or Dodo could not answer for the session.
  package var status: CheckoutStatus?
  package var cleared = false
  /// A final status whose record was kept because a checkout running now owns it.
  package var keptForRunningCheckout = false

  /// Loads the record from `directories`' state directory (never created) and, when there is
  /// one, calls `beforeAsking` and asks Dodo about its session.
  package static func run(api: DodoAPI, directories: DodoDirectories, beforeAsking: () -> Void) throws(Failure)
    -> AbandonedReconciliation
  {
    let state: PrivateDirectory?
    let session: AbandonedSession?
    do throws(CheckoutError) {
      state = try AbandonedRecord.existingState(directories)
      session = try state.flatMap { (state) throws(CheckoutError) in
        try AbandonedSessionFile(stateDirectory: state).load()
      }
    } catch {
      throw .checkout(error)
    }
    guard let session, let state else {
      return AbandonedReconciliation(sessionId: nil, report: .unconfirmed("no abandoned session is recorded"))
    }
    beforeAsking()
    let answer: Confirmation?
    do throws(DodoAPIError) {
      answer = try Confirmer(api: api).confirmation(of: .session(session.sessionId))
    } catch  where error.isFatal {
      throw .api(error)
    } catch {
      // Dodo does not know the session, or cannot answer for it now: the record stays.
      // A 404's message already begins "not found:".
      return AbandonedReconciliation(sessionId: session.sessionId, report: .unconfirmed(error.message))
    }
    guard let confirmation = answer else {
      return AbandonedReconciliation(
        sessionId: session.sessionId,
        report: .unconfirmed("still pending: the checkout session names no payment yet"), status: .pending)
    }
    var settled = AbandonedReconciliation(
      sessionId: session.sessionId, report: .judging(confirmation, claim: nil), status: confirmation.status)
    guard confirmation.status.isFinal else { return settled }
    do throws(CheckoutError) {
      if try AbandonedRecord.isRunning(state) {
        settled.keptForRunningCheckout = true
      } else {
        settled.cleared = try AbandonedSessionFile(stateDirectory: state).remove()
      }
    } catch {
      throw .checkout(error)
    }
    return settled
  }
}
