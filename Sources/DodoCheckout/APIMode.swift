/// Which of Dodo's two environments an API call goes to: test mode (no money moves) or live
/// mode. Test is the default everywhere; live is used only when asked for.
public enum APIMode: String, Sendable, Hashable, CaseIterable {
  case test
  case live

  /// `test_mode` or `live_mode`: the names Dodo's official SDKs give the environments, as
  /// `$DODO_PAYMENTS_ENVIRONMENT` holds them.
  public var environmentName: String { rawValue + "_mode" }

  /// The mode whose `environmentName` is `name`; `nil` for anything else.
  public init?(environmentName name: String) {
    guard let mode = Self.allCases.first(where: { $0.environmentName == name }) else { return nil }
    self = mode
  }

  /// The API's base URL in this mode: `https://test.dodopayments.com` or
  /// `https://live.dodopayments.com` (`$DODO_PAYMENTS_BASE_URL` overrides it; DodoConfig checks that).
  public var baseURL: String {
    switch self {
    case .test: "https://test.dodopayments.com"
    case .live: "https://live.dodopayments.com"
    }
  }
}
