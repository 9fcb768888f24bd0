import DodoBytes

/// What a return URL's status means for the customer, and what support staff should do next:
/// the knowledge behind `dodo explain-status`, shared with the library and any Swift tool.
/// A pending or unknown outcome is never told to the customer as a failure. The texts are
/// literals, written straight from the binary.
public enum StatusExplanation: Int, CaseIterable, Sendable {
  /// `succeeded`: a one-time payment.
  case paid
  /// `succeeded` naming neither a payment nor a subscription (see `given(subscription:unconfirmed:)`).
  case paidUnnamed
  /// `active`, or `succeeded` naming a subscription.
  case subscriptionActive
  /// `cancelled`, which Dodo Payments' payments have and the SDK reads as pending.
  case cancelled
  /// `failed`.
  case declined
  /// `expired`.
  case expired
  /// `processing`.
  case processing
  /// `requires_customer_action`.
  case customerAction
  /// `requires_payment_method`.
  case paymentMethod
  /// Any other `requires_…`.
  case requiresSomething
  /// No status at all.
  case missing
  /// `status=` with no value.
  case empty
  /// A status Dodo Payments does not send.
  case unrecognized

  /// The explanation of a result's raw status, compared case-insensitively as the status is.
  public static func of(_ rawStatus: String?) -> StatusExplanation {
    guard var raw = rawStatus else { return .missing }
    return raw.withBytes { of(statusBytes: $0, reading: StatusWords.status(of: $0)) }
  }

  /// The explanation of a query read in place, from the status its reading already told
  /// (`ReturnQuery.status`).
  package static func of(_ query: ReturnQuery) -> StatusExplanation {
    guard let rawStatus = query.rawStatus else { return .missing }
    guard rawStatus.isEscaped else { return of(statusBytes: rawStatus.encoded, reading: query.status) }
    return rawStatus.withDecodedBytes { of(statusBytes: $0, reading: query.status) }
  }

  /// The explanation of a whole reading: a success is a subscription's when the return names
  /// a subscription, and one that names neither a payment nor a subscription (`unconfirmed`,
  /// see `InputWarnings.unconfirmed`) is not sent to look up a payment ID it lacks.
  public func given(subscription: Bool, unconfirmed: Bool) -> StatusExplanation {
    guard self == .paid else { return self }
    return subscription ? .subscriptionActive : unconfirmed ? .paidUnnamed : self
  }

  /// What the status means for the customer.
  public var meaning: String { meaningText.description }
  /// What support staff should do next.
  public var nextStep: String { nextStepText.description }

  /// The explanation of the decoded bytes of a status, `status` being what
  /// `StatusWords.status(of:)` makes of them. The values it recognizes are not compared
  /// again; the others are told by their length and their words lower-cased, as
  /// `StatusWords.status(in:at:count:)` tells a status: two or three compares, no byte loop.
  static func of(statusBytes bytes: ByteView, reading status: CheckoutStatus) -> StatusExplanation {
    switch status {
    case .succeeded: return bytes.count == 6 ? .subscriptionActive : .paid  // "active", "succeeded"
    case .failed: return .declined
    case .expired: return .expired
    case .pending, .cancelled: break
    }
    typealias Word = StatusWords
    let count = bytes.count
    if count == 0 { return .empty }
    // The shortest value left is nine bytes (`cancelled`), and a `requires_…` is longer.
    guard count >= 9 else { return .unrecognized }
    func word(at offset: Int) -> UInt64 { ByteWord.lowercased(ByteWord.partial(bytes, at: offset, count: 8)) }
    let head = word(at: 0)
    switch count {
    case 9 where head == Word.cancelledHead && word(at: 1) == Word.cancelledTail: return .cancelled
    case 10 where head == Word.processingHead && word(at: 2) == Word.processingTail: return .processing
    default: break
    }
    guard count > 9, head == Word.requires, bytes[8] == UInt8(ascii: "_") else { return .unrecognized }
    switch count {
    case 23 where word(at: 8) == Word.paymentMethodHead && word(at: 15) == Word.paymentMethodTail:
      return .paymentMethod
    case 24 where word(at: 8) == Word.customerActionHead && word(at: 16) == Word.customerActionTail:
      return .customerAction
    default: return .requiresSomething
    }
  }

  private static let reconcile: StaticString =
    "Do not tell the customer the payment failed. Look up the checkout session or payment on the backend (Get Checkout Session or Get Payment Detail), or wait for the payment.succeeded or payment.failed webhook, and treat it as pending until then."

  /// `meaning` as a literal.
  public var meaningText: StaticString {
    switch self {
    case .paid: "The customer completed a one-time payment."
    case .paidUnnamed: "The return URL says the payment succeeded, but names no payment or subscription."
    case .subscriptionActive: "The customer's subscription is active."
    case .cancelled:
      "Dodo Payments reports this payment as cancelled: it was stopped before it completed. The SDK does not read cancelled as an outcome, so it reads as pending."
    case .declined: "The payment was declined; this attempt charged nothing."
    case .expired: "The checkout session expired before the customer paid."
    case .processing: "The payment is still processing and settles later."
    case .customerAction:
      "The payment is waiting for the customer to complete a step, such as a 3-D Secure check; it has not completed."
    case .paymentMethod: "The payment is waiting for a usable payment method; it has not completed."
    case .requiresSomething:
      "The payment is waiting for a further step before it can complete; it has not completed yet."
    case .missing: "The return URL carries no status, so the outcome is unknown; it reads as pending."
    case .empty: "The return URL's status is empty, so the outcome is unknown; it reads as pending."
    case .unrecognized:
      "The status is not one Dodo Payments sends, so the outcome is unknown; it reads as pending."
    }
  }

  /// `nextStep` as a literal.
  public var nextStepText: StaticString {
    switch self {
    case .paid:
      "Confirm it on the backend (the payment.succeeded webhook or Get Payment Detail with the payment ID) before granting access: the return URL alone is not proof of payment."
    case .paidUnnamed:
      "Do not grant access on this URL alone: find the payment on the backend (the payment.succeeded or subscription.active webhook, or Get Checkout Session for the customer's session) and confirm it there."
    case .subscriptionActive:
      "Confirm it on the backend (the subscription.active webhook or Get Subscription with the subscription ID) before granting access: the return URL alone is not proof of payment."
    case .cancelled:
      "Check the payment on the backend (the payment.cancelled webhook or Get Payment Detail with the payment ID). If it was cancelled, nothing was charged and the customer can start a new checkout; do not tell them the payment failed."
    case .declined:
      "The customer can try again, with another payment method if the card was refused. Confirm with the payment.failed webhook if in doubt."
    case .expired:
      "Nothing was charged on this session. Create a new checkout session for the customer to try again."
    case .processing, .customerAction, .paymentMethod, .requiresSomething, .missing, .empty, .unrecognized:
      Self.reconcile
    }
  }

  /// What support staff should do next about an input that cannot be decoded.
  public static let undecodableNextStep: StaticString =
    "Ask the customer for the full address the checkout returned to, exactly as shown."
}
