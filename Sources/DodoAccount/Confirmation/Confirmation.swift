import DodoCheckout

/// What Dodo says about a payment or subscription: its status on the five checkout statuses,
/// and the fields a person checks against the return URL.
public struct Confirmation: Sendable, Hashable {
  /// Where the status came from: the payment, or the subscription that payment belongs to.
  public enum Source: String, Sendable, Hashable {
    case payment
    case subscription
  }

  /// Dodo's status, mapped (`DodoStatus`).
  public var status: CheckoutStatus
  /// Whether the status is the payment's or its subscription's.
  public var source: Source
  /// Dodo's status as it said it (`requires_customer_action`, `on_hold`), `nil` when absent.
  public var rawStatus: String?
  /// The payment Dodo names (for a checkout, the session's: never one a return URL named).
  public var paymentId: String?
  /// The subscription whose status this is (for a payment of several, the one that decided).
  public var subscriptionId: String?
  /// Every subscription Dodo names for it (`subscriptionId` and, for a payment of several,
  /// the others): what a return URL's `subscription_id` must be one of.
  public var subscriptionIds: [String]
  /// What the payment charged, in the currency's smallest unit; `nil` without a payment.
  public var totalAmount: Int?
  /// What the subscription charges each period before tax, in the currency's smallest unit:
  /// not a charge made, so kept apart from `totalAmount`.
  public var recurringPreTaxAmount: Int?
  /// The ISO 4217 code of the amounts (`EUR`).
  public var currency: String?
  /// Why a payment failed, as Dodo's code says it (`insufficient_funds`).
  public var errorCode: String?
  /// Why a payment failed, in Dodo's words for a person.
  public var errorMessage: String?

  /// A confirmation of these fields, as a test double.
  public init(
    status: CheckoutStatus, source: Source, rawStatus: String? = nil, paymentId: String? = nil,
    subscriptionId: String? = nil, subscriptionIds: [String]? = nil, totalAmount: Int? = nil, currency: String? = nil,
    errorCode: String? = nil, errorMessage: String? = nil, recurringPreTaxAmount: Int? = nil
  ) {
    self.status = status
    self.source = source
    self.rawStatus = rawStatus
    self.paymentId = paymentId
    self.subscriptionId = subscriptionId
    self.subscriptionIds = subscriptionIds ?? subscriptionId.map { [$0] } ?? []
    self.totalAmount = totalAmount
    self.currency = currency
    self.errorCode = errorCode
    self.errorMessage = errorMessage
    self.recurringPreTaxAmount = recurringPreTaxAmount
  }

  /// A payment's confirmation.
  package init(payment: Payment) {
    self.init(
      status: DodoStatus.ofPayment(payment.status), source: .payment, rawStatus: payment.status,
      paymentId: payment.paymentId, subscriptionId: payment.subscriptionId, totalAmount: payment.totalAmount,
      currency: payment.currency, errorCode: payment.errorCode, errorMessage: payment.errorMessage)
  }

  /// A subscription's confirmation, with the fields of the payment that named it, if any.
  package init(subscription: Subscription, payment: Payment? = nil) {
    self.init(
      status: DodoStatus.ofSubscription(subscription.status), source: .subscription, rawStatus: subscription.status,
      paymentId: payment?.paymentId, subscriptionId: subscription.subscriptionId,
      totalAmount: payment?.totalAmount, currency: payment?.currency ?? subscription.currency,
      errorCode: payment?.errorCode, errorMessage: payment?.errorMessage,
      recurringPreTaxAmount: subscription.recurringPreTaxAmount)
  }

  /// Whether Dodo's outcome is settled: anything but `pending`. (A payment Dodo reports
  /// `cancelled` is over, unlike a checkout `cancelled` before its return.)
  public var isSettled: Bool { status != .pending }

  /// `failed: insufficient_funds (The card has insufficient funds)`: the status, with the
  /// payment's error when it has one.
  public var summary: String {
    var text = status.rawValue
    if let code = errorCode, !code.isEmpty { text += ": \(code)" }
    if let message = errorMessage, !message.isEmpty { text += errorCode == nil ? ": \(message)" : " (\(message))" }
    return text
  }
}

/// The payment and subscription a return URL names: Dodo's must be the same.
public struct NamedIDs: Sendable, Hashable {
  public var paymentId: String?
  public var subscriptionId: String?

  public init(paymentId: String?, subscriptionId: String?) {
    self.paymentId = paymentId
    self.subscriptionId = subscriptionId
  }

  /// Those `result` names (an empty value names nothing).
  public init(_ result: CheckoutResult) {
    self.init(
      paymentId: result.paymentId.flatMap { $0.isEmpty ? nil : $0 },
      subscriptionId: result.subscriptionId.flatMap { $0.isEmpty ? nil : $0 })
  }
}

extension Confirmation {
  /// How `ids` differ from Dodo's, one phrase each; `[]` when they agree or there is nothing
  /// to compare (Dodo named no payment).
  func differences(from ids: NamedIDs) -> [String] {
    var found: [String] = []
    if let named = ids.paymentId, let dodos = paymentId, named != dodos {
      found.append("the return URL names \(named), the session's payment is \(dodos)")
    }
    if let named = ids.subscriptionId, paymentId != nil || !subscriptionIds.isEmpty, !subscriptionIds.contains(named) {
      found.append(
        "the return URL names \(named), "
          + (subscriptionIds.isEmpty
            ? "Dodo's payment belongs to no subscription"
            : "Dodo's payment is for \(subscriptionIds.joined(separator: ", "))"))
    }
    return found
  }
}

/// Whether Dodo agrees with what a return URL says.
public enum Verdict: String, Sendable, Hashable {
  /// Dodo's status is settled and is the one the URL claims (or the input claimed nothing).
  case confirmed
  /// Dodo's status is not the one the URL claims: the URL may be forged or stale.
  case mismatch
  /// Dodo could not be asked, or has no settled outcome yet.
  case unconfirmed
}

/// The outcome of asking Dodo about one result or ID: its confirmation (when Dodo named a
/// payment or subscription) and the verdict, with the reason for `mismatch` and `unconfirmed`.
public struct ConfirmationReport: Sendable, Hashable {
  /// What Dodo says, when it named a payment or subscription; `nil` when it named none.
  public var confirmation: Confirmation?
  /// Whether Dodo agrees with the result.
  public var verdict: Verdict
  /// Why it is a mismatch or unconfirmed, for a person; `nil` when confirmed.
  public var reason: String?

  /// A report of these fields, as a test double.
  public init(confirmation: Confirmation?, verdict: Verdict, reason: String? = nil) {
    self.confirmation = confirmation
    self.verdict = verdict
    self.reason = reason
  }

  /// Unconfirmed, for `reason`.
  package static func unconfirmed(_ reason: String, _ confirmation: Confirmation? = nil) -> ConfirmationReport {
    ConfirmationReport(confirmation: confirmation, verdict: .unconfirmed, reason: reason)
  }

  /// The verdict on `confirmation` against what the input claimed (`nil`: a bare ID, or a
  /// checkout that ended before any return, which claims nothing) and the IDs it named.
  ///
  /// A return URL naming another payment or subscription than Dodo's is a `mismatch`,
  /// whatever the statuses say: a forger can copy a status, not the session's payment. Dodo
  /// with no settled outcome yet is `unconfirmed` when the claim is the same `pending` or
  /// there is none; a claim Dodo's status differs from is a `mismatch`. A mismatch's reason
  /// names both sides ("the return URL says succeeded, Dodo says failed: insufficient_funds —
  /// the URL may be forged or stale").
  package static func judging(_ confirmation: Confirmation, claim: CheckoutStatus?, naming ids: NamedIDs? = nil)
    -> ConfirmationReport
  {
    var differences = ids.map(confirmation.differences) ?? []
    if let claim, claim != confirmation.status {
      differences.append("the return URL says \(claim.rawValue), Dodo says \(confirmation.summary)")
    }
    guard differences.isEmpty else {
      return ConfirmationReport(
        confirmation: confirmation, verdict: .mismatch,
        reason: differences.joined(separator: "; ") + " — the URL may be forged or stale")
    }
    return confirmation.isSettled
      ? ConfirmationReport(confirmation: confirmation, verdict: .confirmed)
      : .unconfirmed("Dodo has no final outcome yet (\(confirmation.rawStatus ?? "no status"))", confirmation)
  }

  /// The exit status's status: Dodo's when it was asked (confirmed or mismatch), else `fallback`.
  package func decidingStatus(otherwise fallback: CheckoutStatus) -> CheckoutStatus {
    guard verdict != .unconfirmed, let confirmation else { return fallback }
    return confirmation.status
  }
}
