import DodoCheckout

/// The options of Dodo's own checkout page, for the sessions dodo creates (`checkout create`,
/// `start --product`), declared once for both and for `config show`.
enum PageOptions {
  // THEME, not the values: a shorter help line; the values are in it, and completions offer them.
  // Written out, as SettingOptions' are (OptionValuesTests holds them to the enum's cases).
  static let theme = OptionSpec(
    "theme", value: "THEME", values: ["dark", "light", "system"],
    help: "Dodo's page theme: dark, light or system.")
  static let language = OptionSpec("language", value: "CODE", help: "Dodo's page language, such as en or pt-BR.")
  static let redirectImmediately = OptionSpec(
    "redirect-immediately", help: "Skip Dodo's result page after payment.")
  static let all = [theme, language, redirectImmediately]

  /// The page options `invocation` gives; a language that is not a language code is a usage error.
  static func page(from invocation: Invocation) throws(CLIError) -> CheckoutPage {
    let language = invocation.value(Self.language)
    if let language, !CheckoutPage.isLanguageCode(language) {
      throw .usage(
        "invalid value '\(language)' for '--language' (expected a language code such as en, fr or pt-BR)",
        command: invocation.path)
    }
    return CheckoutPage(
      theme: invocation.value(theme, as: CheckoutPage.Theme.self), language: language,
      redirectImmediately: invocation.isSet(redirectImmediately) ? true : nil)
  }

  /// The first page option `invocation` gives, as its flag, for a command that creates no session.
  static func given(in invocation: Invocation) -> String? {
    all.first { invocation.isSet($0) }?.flagName
  }
}
