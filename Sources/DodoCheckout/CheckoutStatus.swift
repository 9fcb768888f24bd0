import DodoBytes

/// How a checkout ended, as the iOS SDK's `CheckoutStatus` says it.
///
/// `status` is a hint for the interface, not proof of payment: confirm every payment on the
/// backend with the `payment.succeeded` or `subscription.active` webhook.
public enum CheckoutStatus: String, Sendable, Hashable, CaseIterable {
  /// The return URL said `status=succeeded` (one-time payment) or `status=active` (subscription).
  case succeeded
  /// The payment was declined (`status=failed`).
  case failed
  /// The customer left before the return URL arrived: the outcome is unknown, not a failure.
  case cancelled
  /// The payment settles later, or the status was missing or not recognized.
  case pending
  /// The checkout session expired (`status=expired`).
  case expired

  /// The status that a return URL's `status` parameter stands for.
  ///
  /// Compared lower-cased and not trimmed; anything unrecognized, empty or missing is
  /// `pending`. `cancelled` never comes from a URL. ASCII lower-casing is enough: no
  /// non-ASCII character lower-cases into the letters of the recognized values.
  package init(statusParameter value: String?) {
    guard var value else {
      self = .pending
      return
    }
    self = value.withBytes { StatusWords.status(of: $0) }
  }
}
