import DodoCheckout

extension Confirmer {
  /// What Dodo says of a checkout's `result`, asked about the session the checkout ran on
  /// (`sessionId`, from its checkout URL; never an ID from the return URL, which may be
  /// forged; one that names another payment than the session's is a mismatch). A
  /// `cancelled` result claims nothing: Dodo's settled status confirms it. No session is
  /// unconfirmed, with nothing asked.
  package func confirm(_ result: CheckoutResult, sessionId: String?) throws(DodoAPIError) -> ConfirmationReport {
    guard let sessionId else { return .unconfirmed(Self.noSession) }
    return try confirm(sessionId: sessionId, claim: result.claim, naming: NamedIDs(result))
  }

  /// Why a checkout URL without a session cannot be confirmed.
  package static let noSession = "the checkout URL names no checkout session to ask Dodo about"
}

extension CheckoutResult {
  /// What the result claims to Dodo: its status, except `cancelled`, which claims nothing
  /// (the customer left before any return).
  package var claim: CheckoutStatus? { status == .cancelled ? nil : status }
}

extension ConfirmationReport {
  /// What the report decides about the abandoned-session record: Dodo's status when it
  /// confirmed or contradicted the result (the record goes when that status is final);
  /// unconfirmed keeps it.
  package var backendCheck: CheckoutFlow.BackendCheck {
    switch verdict {
    case .confirmed, .mismatch: confirmation.map { .confirmed($0.status) } ?? .unconfirmed
    case .unconfirmed: .unconfirmed
    }
  }

  /// What a checkout that ended `status` should warn of: a mismatch's reason, or that Dodo
  /// did not confirm it and the record is kept; nothing when it is confirmed.
  package func warning(about status: CheckoutStatus) -> String? {
    switch verdict {
    case .confirmed: nil
    case .mismatch: reason
    case .unconfirmed:
      "Dodo did not confirm this \(status.rawValue): \(reason ?? "no outcome yet"); the abandoned session is kept"
    }
  }
}
