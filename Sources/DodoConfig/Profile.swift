import DodoCheckout

/// A named set of settings from a config file, as written there; every field is optional.
///
/// Each value carries its file, line and column, which is what `config show` reports as its
/// source when the profile supplies it.
package struct Profile: Sendable, Hashable {
  package var name: String
  /// Where the profile's name is written.
  package var source: SettingSource
  package var returnURL: Setting<ReturnURL>?
  /// The command that opens the checkout; `%s` in it stands for the checkout URL.
  package var browser: Setting<String>?
  /// Seconds to wait for the return URL before the checkout counts as cancelled.
  package var timeout: Setting<Double>?
  package var dismissButtonStyle: Setting<BrowserCustomization.DismissButtonStyle>?
  package var presentationStyle: Setting<BrowserCustomization.PresentationStyle>?
  package var barCollapsingEnabled: Setting<Bool>?
  package var colorScheme: Setting<BrowserCustomization.ColorScheme>?
  /// The page of a session dodo creates: `theme`, `language`, `redirect_immediately`.
  package var theme: Setting<CheckoutPage.Theme>?
  package var language: Setting<String>?
  package var redirectImmediately: Setting<Bool>?
  /// `mode: test|live`: which of Dodo's environments the API commands use.
  package var mode: Setting<APIMode>?
  /// A command whose first line of output is the API key (`pass show dodo/test`).
  package var apiKeyCommand: Setting<String>?
  /// A command whose first line of output is the webhook secret.
  package var webhookSecretCommand: Setting<String>?
  /// `license_app`: the application whose license store `dodo license` uses.
  package var licenseApp: Setting<String>?
  /// `license_grace_days`: the days `dodo license validate` may go without an answer.
  package var licenseGraceDays: Setting<Int>?

  package init(name: String, source: SettingSource) {
    self.name = name
    self.source = source
  }
}
