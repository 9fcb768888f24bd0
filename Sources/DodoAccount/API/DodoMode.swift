/// Which of Dodo's two environments a key and its requests belong to. Test mode is the
/// default everywhere; live mode is used only when asked for.
public enum DodoMode: String, Sendable, Hashable, CaseIterable {
  case test
  case live

  /// `https://test.dodopayments.com` or `https://live.dodopayments.com`.
  public var baseURL: String {
    switch self {
    case .test: "https://test.dodopayments.com"
    case .live: "https://live.dodopayments.com"
    }
  }

  /// The name the official SDKs give it (`test_mode`, `live_mode`), as
  /// `$DODO_PAYMENTS_ENVIRONMENT` spells it.
  public var environmentName: String { rawValue + "_mode" }
}
