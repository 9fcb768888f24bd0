@_spi(Scanning) import DodoCheckout

/// What a return URL's status means for the customer, and what support staff should do next.
///
/// The result is a hint, not proof: a pending or unknown outcome is reconciled with the
/// backend and never told to the customer as a failure; only the webhook proves a payment.
///
/// There is one of each (the static lets below). The texts are literals, so `--json -` writes
/// them per line straight from the binary, without reference counting.
struct StatusExplanation: Sendable {
  let meaningText: StaticString
  let nextStepText: StaticString
  /// The `Meaning:` and `Next step:` lines of the text output, laid out once.
  let textFields: [UInt8]

  var meaning: String { meaningText.description }
  var nextStep: String { nextStepText.description }

  /// The explanation of a result's raw status, compared case-insensitively as the status is.
  static func of(_ rawStatus: String?) -> StatusExplanation {
    guard var raw = rawStatus else { return .missing }
    return raw.withUTF8 { of(statusBytes: $0) }
  }

  /// The explanation of a raw status read in place.
  static func of(_ rawStatus: QueryText?) -> StatusExplanation {
    guard let rawStatus else { return .missing }
    return rawStatus.withDecodedBytes { of(statusBytes: $0) }
  }

  /// The explanation of a whole reading: a success is a subscription's when the return names
  /// a subscription, and one that names neither a payment nor a subscription (`unconfirmed`)
  /// is not sent to look up a payment ID it lacks.
  func given(subscription: Bool, unconfirmed: Bool) -> StatusExplanation {
    guard isPaymentSuccess else { return self }
    return subscription ? .subscriptionActive : unconfirmed ? .paidUnnamed : self
  }

  private static func of(statusBytes bytes: UnsafeBufferPointer<UInt8>) -> StatusExplanation {
    func `is`(_ word: StaticString) -> Bool {
      word.withUTF8Buffer { want in
        bytes.count == want.count && zip(bytes, want).allSatisfy { ($0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0) == $1 }
      }
    }
    if bytes.isEmpty { return .empty }
    if `is`("succeeded") { return .paid }
    if `is`("active") { return .subscriptionActive }
    if `is`("failed") { return .declined }
    if `is`("expired") { return .expired }
    if `is`("processing") { return .processing }
    if `is`("requires_customer_action") { return .customerAction }
    if `is`("requires_payment_method") { return .paymentMethod }
    if `is`("cancelled") { return .cancelled }
    let prefix = "requires_".utf8
    if bytes.count > prefix.count, zip(bytes, prefix).allSatisfy({ ($0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0) == $1 }) {
      return .requiresSomething
    }
    return .unrecognized
  }

  /// `status=succeeded`, which the SDK reads for a one-time payment (`given` tells the rest).
  private let isPaymentSuccess: Bool

  private init(_ meaning: StaticString, _ nextStep: StaticString, isPaymentSuccess: Bool = false) {
    meaningText = meaning
    nextStepText = nextStep
    self.isPaymentSuccess = isPaymentSuccess
    textFields = Array(
      (ExplainStatusCommand.field("Meaning", meaning.description)
        + ExplainStatusCommand.field("Next step", nextStep.description)).utf8)
  }

  private static let reconcile: StaticString =
    "Do not tell the customer the payment failed. Look up the checkout session or payment on the backend (Get Checkout Session or Get Payment Detail), or wait for the payment.succeeded or payment.failed webhook, and treat it as pending until then."

  static let paid = StatusExplanation(
    "The customer completed a one-time payment.",
    "Confirm it on the backend (the payment.succeeded webhook or Get Payment Detail with the payment ID) before granting access: the return URL alone is not proof of payment.",
    isPaymentSuccess: true
  )
  static let paidUnnamed = StatusExplanation(
    "The return URL says the payment succeeded, but names no payment or subscription.",
    "Do not grant access on this URL alone: find the payment on the backend (the payment.succeeded or subscription.active webhook, or Get Checkout Session for the customer's session) and confirm it there."
  )
  static let subscriptionActive = StatusExplanation(
    "The customer's subscription is active.",
    "Confirm it on the backend (the subscription.active webhook or Get Subscription with the subscription ID) before granting access: the return URL alone is not proof of payment."
  )
  static let cancelled = StatusExplanation(
    "Dodo Payments reports this payment as cancelled: it was stopped before it completed. The SDK does not read cancelled as an outcome, so it reads as pending.",
    "Check the payment on the backend (the payment.cancelled webhook or Get Payment Detail with the payment ID). If it was cancelled, nothing was charged and the customer can start a new checkout; do not tell them the payment failed."
  )
  static let declined = StatusExplanation(
    "The payment was declined; this attempt charged nothing.",
    "The customer can try again, with another payment method if the card was refused. Confirm with the payment.failed webhook if in doubt."
  )
  static let expired = StatusExplanation(
    "The checkout session expired before the customer paid.",
    "Nothing was charged on this session. Create a new checkout session for the customer to try again.")
  static let processing = StatusExplanation(
    "The payment is still processing and settles later.", reconcile)
  static let customerAction = StatusExplanation(
    "The payment is waiting for the customer to complete a step, such as a 3-D Secure check; it has not completed.",
    reconcile)
  static let paymentMethod = StatusExplanation(
    "The payment is waiting for a usable payment method; it has not completed.", reconcile)
  static let requiresSomething = StatusExplanation(
    "The payment is waiting for a further step before it can complete; it has not completed yet.", reconcile)
  static let missing = StatusExplanation(
    "The return URL carries no status, so the outcome is unknown; it reads as pending.", reconcile)
  static let empty = StatusExplanation(
    "The return URL's status is empty, so the outcome is unknown; it reads as pending.", reconcile)
  static let unrecognized = StatusExplanation(
    "The status is not one Dodo Payments sends, so the outcome is unknown; it reads as pending.", reconcile)
}
