import DodoCheckout

/// What each key of a config file means, as dodo-config(5) says it: the schema's account of
/// itself, beside `ConfigSchema`, whose keys it names each once (in the order the page reads best).
package struct ConfigKeyDoc: Sendable, Hashable {
  package var key: String
  package var text: String

  init(_ key: String, _ text: String) {
    self.key = key
    self.text = text
  }

  /// The keys at the top of a file.
  package static let top = [
    ConfigKeyDoc(
      "default_profile",
      "The profile used when neither --profile nor DODO_PROFILE names one. Without it, the profile named default is used if there is one, else no profile at all."
    ),
    ConfigKeyDoc(
      "profiles",
      "A mapping from profile names to profiles. A name cannot be empty or hold a control character (a newline, a tab, an escape): shells complete names and terminals show them."
    ),
  ]

  /// The keys of a profile.
  package static let profile = [
    ConfigKeyDoc(
      "return_url",
      "Where the checkout comes back to: an absolute URL with a scheme and a host, such as myapp://checkout/return, or http://127.0.0.1:PORT/PATH for a loopback return that dodo start serves itself. Required by dodo start unless --return-url or DODO_RETURN_URL gives one."
    ),
    ConfigKeyDoc(
      "browser",
      "The command that opens the checkout URL. %s in it is replaced by the URL; without %s the URL is added as the last argument. It comes after --browser and DODO_BROWSER, and before $BROWSER and the platform's opener (xdg-open, or open on macOS)."
    ),
    ConfigKeyDoc(
      "timeout",
      "Seconds to wait for the return URL before the checkout ends as cancelled: a positive number, at most \(Int(CommandLineSettings.maximumTimeout)) (a year). Without a timeout, dodo start waits until the return URL arrives or it is interrupted."
    ),
    ConfigKeyDoc(
      "theme",
      "The theme of Dodo's checkout page for the sessions dodo creates (dodo checkout create, dodo start --product), sent as customization.theme: one of \(values(CheckoutPage.Theme.self)). Without it, the business's own theme. It comes after --theme. Not the same as customization's color_scheme, which is for the controls around the page."
    ),
    ConfigKeyDoc(
      "language",
      "The language of Dodo's checkout page for the sessions dodo creates, sent as customization.force_language: a language code such as en, fr or pt-BR. Without it, the customer's browser decides. It comes after --language."
    ),
    ConfigKeyDoc(
      "redirect_immediately",
      "true or false (unquoted): whether the sessions dodo creates go straight to the return URL after payment, without Dodo's own result page (feature_flags.redirect_immediately). It comes after --redirect-immediately."
    ),
    ConfigKeyDoc(
      "mode",
      "test or live: the Dodo environment the API commands use. It comes after --mode and DODO_PAYMENTS_ENVIRONMENT (test_mode or live_mode); without any of them, test. Live mode is never a default."
    ),
    ConfigKeyDoc(
      "api_key_command",
      "A command whose first line of standard output is the Dodo API key, such as pass show dodo/test; run without a shell (split into words as the browser command is), only by a command that calls the API, and only when DODO_PAYMENTS_API_KEY is not set. Its exit ends the wait (a background child it leaves may keep its output open), and one still running after 120 s is stopped: a configuration error. The key itself never goes into a config file: api_key (or webhook_secret) in a file is a configuration error, reported without its line or value; so is a command that looks like the key itself, pasted there by mistake, and no error about a command shows its line or its program."
    ),
    ConfigKeyDoc(
      "webhook_secret_command",
      "The same for the webhook secret (whsec_...), when DODO_PAYMENTS_WEBHOOK_KEY is not set."
    ),
    ConfigKeyDoc(
      "license_app",
      "The application whose licenses dodo license uses, when --app does not name one: its store (licenses/APP/ in the state directory) and its machine tag. 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'; default dodo."
    ),
    ConfigKeyDoc(
      "license_grace_days",
      "Days that dodo license validate still counts a stored activation valid when no answer comes from Dodo (no connection, DNS, TLS, a timeout), counted from the last successful validation or activation; a whole number from 0 to 3650, when --grace does not give one. Never applies to an answer from Dodo. Default: no grace."
    ),
    ConfigKeyDoc(
      "customization",
      "How the browser around the checkout should look, passed to the browser command as DODO_* environment variables. Its keys, each optional:"
    ),
  ]

  /// The keys of a profile's `customization`, with the values the schema accepts.
  package static let customization = [
    ConfigKeyDoc("dismiss_button_style", "One of: \(values(BrowserCustomization.DismissButtonStyle.self))."),
    ConfigKeyDoc("presentation_style", "One of: \(values(BrowserCustomization.PresentationStyle.self))."),
    ConfigKeyDoc("bar_collapsing_enabled", "true or false (unquoted)."),
    ConfigKeyDoc("color_scheme", "One of: \(values(BrowserCustomization.ColorScheme.self))."),
  ]

  /// The accepted values, from the same enums the schema checks against.
  static func values<Value: CaseIterable & RawRepresentable<String>>(_ type: Value.Type) -> String {
    type.allCases.map(\.rawValue).joined(separator: ", ")
  }
}
