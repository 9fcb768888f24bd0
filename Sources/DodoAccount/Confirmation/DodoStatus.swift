import DodoCheckout

/// Dodo's payment and subscription statuses, mapped onto the five checkout statuses.
public enum DodoStatus {
  /// A payment's `status` (`IntentStatus`): `succeeded`, `failed` and `cancelled` are
  /// themselves; every other value (`processing`, `requires_…`, one not known yet, none) is
  /// `pending`.
  public static func ofPayment(_ status: String?) -> CheckoutStatus {
    switch status {
    case "succeeded": .succeeded
    case "failed": .failed
    case "cancelled": .cancelled
    default: .pending
    }
  }

  /// A subscription's `status`: `active` is `succeeded`; `failed`, `cancelled` and `expired`
  /// are themselves; `pending`, `on_hold`, `paused` and any other are `pending`.
  public static func ofSubscription(_ status: String?) -> CheckoutStatus {
    switch status {
    case "active": .succeeded
    case "failed": .failed
    case "cancelled": .cancelled
    case "expired": .expired
    default: .pending
    }
  }
}
