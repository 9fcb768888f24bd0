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
}
