import DodoCheckout

/// Which of a checkout result's license keys `start --activate-license` activates: those of a
/// success (under `--confirm`, one Dodo confirmed), else none, and why.
package enum ResultLicenseKeys: Sendable, Hashable {
  /// A success's keys, each to activate.
  case activate([String])
  /// A success that carried no key: none activated (an empty list), with a warning.
  case none(warning: String)
  /// Not a (confirmed) success: nothing is tried; a warning when it carried keys.
  case notTried(warning: String?)

  /// The keys of `result`, whose deciding status (Dodo's, under `--confirm`) is `status`.
  package init(_ result: CheckoutResult, status: CheckoutStatus) {
    guard status == .succeeded else {
      self = .notTried(
        warning: result.licenseKeys == nil
          ? nil : "the result is not a (confirmed) success, so its license keys were not activated")
      return
    }
    guard let keys = result.licenseKeys, !keys.isEmpty else {
      self = .none(warning: "the return carried no license key, so none was activated")
      return
    }
    self = .activate(keys)
  }
}
