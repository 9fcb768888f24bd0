import DodoCheckout

/// The page options of `POST /checkouts`, in Dodo's shape: `customization` and `feature_flags`.
extension CheckoutSessionRequest {
  /// `customization`: only the fields dodo sets.
  public struct PageCustomization: Sendable, Hashable, Encodable {
    public var theme: CheckoutPage.Theme?
    public var forceLanguage: String?

    enum CodingKeys: String, CodingKey {
      case theme
      case forceLanguage = "force_language"
    }
  }

  /// `feature_flags`: only the fields dodo sets.
  public struct FeatureFlags: Sendable, Hashable, Encodable {
    public var redirectImmediately: Bool?

    enum CodingKeys: String, CodingKey {
      case redirectImmediately = "redirect_immediately"
    }
  }

  /// The page as `customization` and `feature_flags`, each left out when none of its fields is set.
  public var page: CheckoutPage {
    get {
      CheckoutPage(
        theme: customization?.theme, language: customization?.forceLanguage,
        redirectImmediately: featureFlags?.redirectImmediately)
    }
    set {
      customization =
        newValue.theme == nil && newValue.language == nil
        ? nil : PageCustomization(theme: newValue.theme, forceLanguage: newValue.language)
      featureFlags = newValue.redirectImmediately.map { FeatureFlags(redirectImmediately: $0) }
    }
  }
}

extension CheckoutPage.Theme: Encodable {}
