import DodoCheckout

/// Asks Dodo what really happened, for a checkout session, a payment or a subscription.
///
/// A failure about the one thing asked (404, 5xx or 429 after retries, a timeout, an answer
/// that cannot be read) makes the report `unconfirmed` with the reason; only a failure of the
/// whole account or connection (`DodoAPIError.isFatal`: a refused key, TLS, no answer at all)
/// is thrown.
public struct Confirmer: Sendable {
  public let api: DodoAPI

  public init(api: DodoAPI) { self.api = api }

  /// What an ID stands for, told by its prefix.
  public enum Lookup: Sendable, Hashable {
    case session(String)
    case payment(String)
    case subscription(String)

    /// `cks_…`, `pay_…` or `sub_…`; `nil` for anything else.
    public init?(id: String) {
      if id.hasPrefix("cks_") {
        self = .session(id)
      } else if id.hasPrefix("pay_") {
        self = .payment(id)
      } else if id.hasPrefix("sub_") {
        self = .subscription(id)
      } else {
        return nil
      }
    }

    /// What a return URL's result names: its `payment_id` first, else its `subscription_id`;
    /// `nil` when it names neither.
    public init?(naming result: CheckoutResult) {
      if let id = result.paymentId, !id.isEmpty {
        self = .payment(id)
      } else if let id = result.subscriptionId, !id.isEmpty {
        self = .subscription(id)
      } else {
        return nil
      }
    }

    /// A bare `cks_…`, `pay_…` or `sub_…` ID as typed (letters, digits, `_` and `-` after
    /// the prefix); `nil` for any other text.
    public init?(bareID text: String) {
      let body = text.utf8.dropFirst(4)
      guard !body.isEmpty,
        body.allSatisfy({ ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 45 })
      else { return nil }
      self.init(id: text)
    }

    /// The ID itself.
    public var id: String {
      switch self {
      case .session(let id), .payment(let id), .subscription(let id): id
      }
    }
  }

  /// The confirmation of a checkout's result: `GET /checkouts/{sessionId}`, then the payment
  /// **that the session names** (never an ID from the return URL, which may be forged), then
  /// its subscriptions when it has any. `claim` is what the return URL said (`nil` for a
  /// checkout that ended before any return), `ids` what it named: another payment or
  /// subscription than the session's is a mismatch.
  public func confirm(sessionId: String, claim: CheckoutStatus?, naming ids: NamedIDs? = nil)
    throws(DodoAPIError) -> ConfirmationReport
  {
    try Self.report(
      Result { () throws(DodoAPIError) in try confirmation(of: .session(sessionId)) }, claim: claim, naming: ids)
  }

  /// The report for one lookup, against `claim` (`nil` for a bare ID, which claims nothing).
  public func confirm(_ lookup: Lookup, claim: CheckoutStatus?, naming ids: NamedIDs? = nil)
    throws(DodoAPIError) -> ConfirmationReport
  {
    try Self.report(Result { () throws(DodoAPIError) in try confirmation(of: lookup) }, claim: claim, naming: ids)
  }

  /// The report for what Dodo answered about one lookup, against `claim` and the IDs the
  /// input named: a session with no payment yet (even when the return names one), or a
  /// failure about this one ID, is `unconfirmed`; a fatal failure is thrown.
  public static func report(
    _ answer: Result<Confirmation?, DodoAPIError>, claim: CheckoutStatus?, naming ids: NamedIDs? = nil
  ) throws(DodoAPIError) -> ConfirmationReport {
    switch answer {
    case .success(let confirmation?):
      return ConfirmationReport.judging(confirmation, claim: claim, naming: ids)
    case .success(nil):
      return .unconfirmed("the checkout session names no payment yet: the customer has not paid")
    case .failure(let error) where error.isFatal:
      throw error
    case .failure(let error):
      // A 404's message already begins "not found:".
      return .unconfirmed(error.message)
    }
  }

  /// Dodo's confirmation for `lookup`; `nil` for a session that names no payment yet.
  public func confirmation(of lookup: Lookup) throws(DodoAPIError) -> Confirmation? {
    switch lookup {
    case .session(let id):
      let session = try api.checkoutSession(id)
      guard let paymentId = session.paymentId, !paymentId.isEmpty else { return nil }
      return try confirmation(ofPayment: paymentId)
    case .payment(let id):
      return try confirmation(ofPayment: id)
    case .subscription(let id):
      return Confirmation(subscription: try api.subscription(id))
    }
  }

  /// A payment's confirmation, or its subscriptions' when it belongs to any: a payment for
  /// several (`subscription_ids`, `subscription_id` null) is asked about through each.
  private func confirmation(ofPayment id: String) throws(DodoAPIError) -> Confirmation {
    let payment = try api.payment(id)
    var ids: [String] = []
    for id in [payment.subscriptionId ?? ""] + payment.subscriptionIds where !id.isEmpty && !ids.contains(id) {
      ids.append(id)
    }
    guard !ids.isEmpty else { return Confirmation(payment: payment) }
    var confirmations: [Confirmation] = []
    for id in ids { confirmations.append(Confirmation(subscription: try api.subscription(id), payment: payment)) }
    var deciding = Confirmation.deciding(confirmations)
    deciding.subscriptionIds = ids
    return deciding
  }
}

extension Confirmation {
  /// The one of a payment's subscriptions that says how its checkout went: the first that
  /// settled otherwise than succeeded, else the first still pending, else the first. So the
  /// checkout succeeded only when every subscription is active.
  static func deciding(_ confirmations: [Confirmation]) -> Confirmation {
    confirmations.first { $0.isSettled && $0.status != .succeeded }
      ?? confirmations.first { !$0.isSettled } ?? confirmations[0]
  }
}
