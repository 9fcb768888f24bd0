import DodoAccount
import DodoCheckout

/// `start --poll`'s asking, one step at a time: `GET /checkouts/{id}` through the same API,
/// transport and retries as `--confirm`, and, once the session's payment is `succeeded`, the
/// same confirmation (`Confirmer`: the payment the session names, then its subscription).
/// What to tell the user comes out once: a payment status when it changes, a failure once
/// per kind. Kept apart from the waiting (`PollingChannel`) so that `--confirm`'s re-asking
/// can share it.
package struct SessionPoll: Sendable {
  /// What one ask found.
  package enum Step: Sendable, Hashable {
    /// Dodo confirmed a success: the wait can end with it.
    case paid(Confirmation)
    /// The session's payment status changed (`nil`: no payment yet); the wait goes on.
    case progress(String?)
    /// Nothing new.
    case unchanged
    /// Asking failed (a 404, a 5xx or 429 after retries, a timeout); said once per kind.
    case warning(String)
    /// A refused key, a TLS failure or no answer at all: asking again would fail the same way.
    case stopped(String)
  }

  package let sessionId: String
  private let confirmer: Confirmer
  /// The last payment status seen; `.none` before the first answer.
  private var lastStatus: String??
  private var warned: Set<DodoAPIError.Kind> = []

  package init(api: DodoAPI, sessionId: String) {
    self.confirmer = Confirmer(api: api)
    self.sessionId = sessionId
  }

  /// Asks Dodo once about the session.
  package mutating func ask() -> Step {
    do throws(DodoAPIError) {
      let session = try confirmer.api.checkoutSession(sessionId)
      if DodoStatus.ofPayment(session.paymentStatus) == .succeeded,
        let confirmation = try confirmer.confirmation(of: .session(sessionId)), confirmation.status == .succeeded
      {
        return .paid(confirmation)
      }
      guard lastStatus != .some(session.paymentStatus) else { return .unchanged }
      lastStatus = .some(session.paymentStatus)
      return .progress(session.paymentStatus)
    } catch  where error.isFatal {
      return .stopped(error.message)
    } catch {
      guard warned.insert(error.kind).inserted else { return .unchanged }
      return .warning(error.message)
    }
  }

  /// The result a confirmed success stands for, as if its return had come: Dodo's ids, no
  /// query of any return URL.
  package static func result(of confirmation: Confirmation) -> CheckoutResult {
    CheckoutResult(
      status: confirmation.status, paymentId: confirmation.paymentId, subscriptionId: confirmation.subscriptionId)
  }
}
