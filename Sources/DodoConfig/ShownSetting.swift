/// One setting as `dodo config show` lists it: its key in the config file, its key in the
/// JSON, its value (as text, and typed for JSON when it is a number or a flag) and where it
/// came from. Where each setting comes from is the configuration's knowledge; the CLI only
/// lays the rows out.
package struct ShownSetting: Sendable {
  /// The key in a profile (`return_url`).
  package var name: String
  /// The key in `config show --json` (`returnUrl`).
  package var jsonName: StaticString
  /// The value as text, or `nil` for none. A secret's is a description, never the secret.
  package var value: String?
  /// For JSON: the value as a number (the timeout) or a boolean, when it is one.
  package var number: Double?
  package var bool: Bool?
  package var source: SettingSource
  /// For a secret from a profile's command: the key naming the command (`api_key_command`).
  package var command: String?

  package init(
    _ name: String, _ jsonName: StaticString, _ value: String?, number: Double? = nil, bool: Bool? = nil,
    source: SettingSource, command: String? = nil
  ) {
    self.name = name
    self.jsonName = jsonName
    self.value = value
    self.number = number
    self.bool = bool
    self.source = source
    self.command = command
  }

  /// Where the value came from, as `config show` says it: `flag --profile`,
  /// `environment $DODO_BROWSER`, `file config.yaml:4:17`, `default`, or for a secret's
  /// command `api_key_command config.yaml:3:22`.
  package var origin: String {
    command.map { "\($0) \(source)" } ?? source.origin
  }

  /// `900`, `1.5`: seconds without a needless `.0`.
  package static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}

extension SettingSource {
  /// `flag --profile`, `environment $DODO_BROWSER`, `file config.yaml:4:17`, `default`.
  package var origin: String {
    switch self {
    case .flag(let name): "flag \(name)"
    case .environment(let name): "environment $\(name)"
    case .file: "file \(self)"
    case .builtIn: "default"
    }
  }
}

extension EffectiveSettings {
  /// What `dodo start` would run with, in `config show`'s order: the profile, the return
  /// URL, the browser, the timeout, the four customization fields and the page options.
  package var shown: [ShownSetting] {
    [
      ShownSetting("profile", "profile", profile.value, source: profile.source),
      ShownSetting("return_url", "returnUrl", returnURL.value, source: returnURL.source),
      ShownSetting("browser", "browser", browser.value, source: browser.source),
      ShownSetting(
        "timeout", "timeout", timeout.value.map(ShownSetting.seconds), number: timeout.value, source: timeout.source),
      ShownSetting(
        "dismiss_button_style", "dismissButtonStyle", dismissButtonStyle.value?.rawValue,
        source: dismissButtonStyle.source),
      ShownSetting(
        "presentation_style", "presentationStyle", presentationStyle.value?.rawValue, source: presentationStyle.source),
      ShownSetting(
        "bar_collapsing_enabled", "barCollapsingEnabled", barCollapsingEnabled.value.map { $0 ? "true" : "false" },
        bool: barCollapsingEnabled.value, source: barCollapsingEnabled.source),
      ShownSetting("color_scheme", "colorScheme", colorScheme.value?.rawValue, source: colorScheme.source),
      ShownSetting("theme", "theme", theme.value?.rawValue, source: theme.source),
      ShownSetting("language", "language", language.value, source: language.source),
      ShownSetting(
        "redirect_immediately", "redirectImmediately", redirectImmediately.value.map { $0 ? "true" : "false" },
        bool: redirectImmediately.value, source: redirectImmediately.source),
    ]
  }
}

extension APISettings {
  /// The API's mode, base URL, and where the key and the webhook secret come from. A secret
  /// is never shown: from a variable, at most its last four characters (none of a short
  /// one); from a command, the command is not run (it may ask for a passphrase).
  package var shown: [ShownSetting] {
    func secret(_ name: String, _ jsonName: StaticString, _ source: SecretSource?) -> ShownSetting {
      switch source {
      case .environment(let variable, let value)?:
        let shown = value.count >= 16 ? "set, ending in \(value.suffix(4))" : "set"
        return ShownSetting(name, jsonName, shown, source: .environment(variable))
      case .command(let command, let key)?:
        return ShownSetting(name, jsonName, "(from its command, not run)", source: command.source, command: key)
      case nil:
        return ShownSetting(name, jsonName, nil, source: .builtIn)
      }
    }
    return [
      ShownSetting("mode", "mode", mode.value.rawValue, source: mode.source),
      ShownSetting(
        "base_url", "baseUrl", baseURLOverride?.value ?? mode.value.baseURL, source: baseURLOverride?.source ?? .builtIn
      ),
      secret("api_key", "apiKey", apiKey),
      secret("webhook_secret", "webhookSecret", webhookSecret),
    ]
  }
}
