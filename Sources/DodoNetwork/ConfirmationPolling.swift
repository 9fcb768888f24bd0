import DodoAccount
import DodoCheckout
import DodoPlatform

extension Confirmer {
  /// What Dodo says of a checkout's `result` (`confirm(_:sessionId:)`), asked again while the
  /// session names no payment or its payment is not final, or Dodo failed for now (5xx or
  /// 429 after the retries, a timeout), as `polling` allows: Dodo's payment can lag the
  /// return by seconds. A fatal failure (a refused key, TLS, no answer) is thrown at once;
  /// `interrupted` (Ctrl-C) ends the asking after the pause it came in.
  package func confirm(
    _ result: CheckoutResult, sessionId: String?, polling: Polling, interrupted: () -> Bool = { false }
  ) throws(DodoAPIError) -> ConfirmationReport {
    guard let sessionId else { return .unconfirmed(Self.noSession) }
    let note = RetryAfterNote(api.transport)
    let asking = Confirmer(api: api.over(note))
    let answer = polling.run(
      { Result { () throws(DodoAPIError) in try asking.confirmation(of: .session(sessionId)) } },
      next: { answer in
        switch answer {
        case .success(let confirmation?) where confirmation.isSettled: .done
        case .success: .again(retryAfter: nil)
        case .failure(let error) where [.serverError, .rateLimited, .timedOut].contains(error.kind):
          .again(retryAfter: note.last)
        case .failure: .done
        }
      }, interrupted: interrupted)
    return try Self.report(answer, claim: result.claim, naming: NamedIDs(result))
  }
}

/// Passes requests on, noting the `Retry-After` of the latest answer (`nil` when it had none).
final class RetryAfterNote: HTTPTransport, @unchecked Sendable {
  let base: any HTTPTransport
  private let lock = SystemLock()
  private var seconds: Double?

  init(_ base: any HTTPTransport) { self.base = base }

  var last: Double? { lock.withLock { seconds } }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    lock.withLock { seconds = nil }
    let response = try base.send(request)
    lock.withLock { seconds = RetryingTransport.retryAfter(response) }
    return response
  }
}
