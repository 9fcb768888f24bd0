/// How Dodo's hosted checkout page itself looks and ends, for a session dodo creates (sent
/// with `POST /checkouts`): unlike `BrowserCustomization`, the SDK's controls around the page,
/// these are Dodo's own options, which only the session's creator can set.
public struct CheckoutPage: Sendable, Hashable {
  /// `customization.theme`.
  public enum Theme: String, Sendable, Hashable, CaseIterable { case dark, light, system }

  public var theme: Theme?
  /// `customization.force_language`: a language code such as `en`, `fr` or `pt-BR`.
  public var language: String?
  /// `feature_flags.redirect_immediately`: skip Dodo's own result page.
  public var redirectImmediately: Bool?

  public init(theme: Theme? = nil, language: String? = nil, redirectImmediately: Bool? = nil) {
    self.theme = theme
    self.language = language
    self.redirectImmediately = redirectImmediately
  }

  /// Whether `text` reads as a language code: a 2- or 3-letter language, then any subtags
  /// of 1 to 8 letters or digits after `-` (`en`, `pt-BR`, `zh-Hant`). Anything else would
  /// reach Dodo's page as text it cannot use.
  public static func isLanguageCode(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}
