import DodoCheckout

extension CheckoutStatus {
  /// The status's name as a literal, for the streaming writers to copy as it stands (no
  /// `String` made per result); the one spelling table besides `rawValue`, which it matches.
  static func literalName(_ status: CheckoutStatus) -> StaticString {
    switch status {
    case .succeeded: "succeeded"
    case .failed: "failed"
    case .cancelled: "cancelled"
    case .pending: "pending"
    case .expired: "expired"
    }
  }
}
