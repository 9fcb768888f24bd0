import DodoCheckout

/// Checks a YAML tree against the config schema and builds the profiles from it.
///
/// Strict on purpose: an unknown key, a wrong type or a bad value is an error at its line,
/// never silently ignored, because a typo in a config file would otherwise quietly change how
/// a payment is taken.
struct ConfigSchema {
  let text: ConfigText

  static let topKeys = ["default_profile", "profiles"]
  static let profileKeys = [
    "return_url", "browser", "timeout", "customization", "theme", "language", "redirect_immediately", "mode",
    "api_key_command", "webhook_secret_command", "license_app", "license_grace_days",
  ]
  /// Keys that would put a secret into the file, at any level, and what to use instead.
  static let secretKeys: [String: String] = [
    "api_key": "$DODO_PAYMENTS_API_KEY or the profile's api_key_command (such as 'pass show dodo/test')",
    "webhook_secret":
      "$DODO_PAYMENTS_WEBHOOK_KEY or the profile's webhook_secret_command (such as 'pass show dodo/webhook')",
  ]
  static let customizationKeys = [
    "dismiss_button_style", "presentation_style", "bar_collapsing_enabled", "color_scheme",
  ]

  func decode(_ root: YAMLNode?) throws(ConfigError) -> (defaultProfile: Setting<String>?, profiles: [Profile]) {
    guard let root, !isNull(root) else { return (nil, []) }
    var defaultProfile: Setting<String>?
    var profiles: [Profile] = []
    for entry in try entries(
      of: root, named: "the top level", keys: Self.topKeys, elsewhere: Self.profileKeys,
      hint: "it belongs in a profile under 'profiles'")
    {
      switch entry.key {
      case "default_profile":
        defaultProfile = try string(entry)
      default:  // "profiles"
        guard !isNull(entry.value) else { continue }
        guard case .mapping(let named) = entry.value.content else {
          throw wrongType(entry, expected: "a mapping of profile names to profiles")
        }
        for profile in named { profiles.append(try self.profile(profile)) }
      }
    }
    return (defaultProfile, profiles)
  }

  private func profile(_ entry: YAMLEntry) throws(ConfigError) -> Profile {
    guard !entry.key.isEmpty else { throw text.error("a profile name cannot be empty", at: entry.keyMark) }
    // Shells complete profile names and terminals show them: a newline or a tab would split
    // one in every shell's completion, an escape would act on the terminal.
    guard !entry.key.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) else {
      throw text.error(
        "a profile name cannot hold a control character (a newline, a tab, an escape): shells split it and "
          + "terminals act on it", at: entry.keyMark)
    }
    var profile = Profile(name: entry.key, source: source(entry.keyMark))
    guard !isNull(entry.value) else { return profile }
    for field in try entries(
      of: entry.value, named: "profile '\(entry.key)'", keys: Self.profileKeys, elsewhere: Self.customizationKeys,
      hint: "it belongs under 'customization'")
    {
      switch field.key {
      case "return_url":
        let url = try string(field)
        do throws(CheckoutError) {
          profile.returnURL = Setting(try ReturnURL(url.value), from: url.source)
        } catch {
          throw text.error(error.message, at: field.value.mark)
        }
      case "browser": profile.browser = try string(field)
      case "timeout": profile.timeout = try timeout(field)
      case "theme": profile.theme = try choice(field)
      case "language": profile.language = try language(field)
      case "redirect_immediately": profile.redirectImmediately = try boolean(field)
      case "mode": profile.mode = try choice(field)
      case "api_key_command": profile.apiKeyCommand = try string(field)
      case "webhook_secret_command": profile.webhookSecretCommand = try string(field)
      case "license_app": profile.licenseApp = try string(field)
      case "license_grace_days": profile.licenseGraceDays = try graceDays(field)
      default:  // "customization"
        guard !isNull(field.value) else { continue }
        for item in try entries(
          of: field.value, named: "'customization'", keys: Self.customizationKeys, elsewhere: Self.profileKeys,
          hint: "it belongs in the profile, not under 'customization'")
        {
          switch item.key {
          case "dismiss_button_style": profile.dismissButtonStyle = try choice(item)
          case "presentation_style": profile.presentationStyle = try choice(item)
          case "bar_collapsing_enabled": profile.barCollapsingEnabled = try boolean(item)
          default: profile.colorScheme = try choice(item)  // "color_scheme"
          }
        }
      }
    }
    return profile
  }

  /// The entries of a mapping whose keys must be among `keys`. A key that belongs at another
  /// level (`elsewhere`) gets `hint`; any other unknown key gets the nearest known key.
  private func entries(of node: YAMLNode, named name: String, keys: [String], elsewhere: [String], hint: String)
    throws(ConfigError) -> [YAMLEntry]
  {
    guard case .mapping(let entries) = node.content else {
      throw text.error(
        "\(name) must be a mapping with the keys \(list(keys)), found \(node.kindDescription)", at: node.mark)
    }
    for entry in entries {
      if let secret = Self.secretKeyName(entry.key), let instead = Self.secretKeys[secret] {
        // Never quote the line: it holds the secret.
        throw ConfigError(
          path: text.path, line: entry.keyMark.line, column: entry.keyMark.column,
          message:
            "'\(entry.key)' puts a secret into a config file, which dodo refuses (the value is not shown); use \(instead)"
        )
      }
    }
    for entry in entries where !keys.contains(entry.key) {
      let help =
        if elsewhere.contains(entry.key) { hint } else if let nearest = Suggestion.nearest(to: entry.key, in: keys) {
          "did you mean '\(nearest)'?"
        } else { "expected one of: \(keys.joined(separator: ", "))" }
      throw text.error("unknown key '\(entry.key)' (\(help))", at: entry.keyMark)
    }
    return entries
  }

  /// The secret key `key` stands for (`api_key`, `webhook_secret`), also when written
  /// `apiKey`, `API-KEY` or `webhook_key`; `nil` for any other key.
  ///
  /// An ASCII key (almost every key) is folded byte by byte: Unicode case mapping and a
  /// filtered string per key are costly at start-up (docs/benchmarks.md).
  static func secretKeyName(_ key: String) -> String? {
    let folded =
      key.utf8.allSatisfy { $0 < 0x80 }
      ? String(unsafeUninitializedCapacity: key.utf8.count) { buffer in
        var count = 0
        for byte in key.utf8 where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") {
          buffer[count] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
          count += 1
        }
        return count
      } : String(key.lowercased().filter { $0 != "_" && $0 != "-" })
    switch folded {
    case "apikey", "dodopaymentsapikey", "secretkey": return "api_key"
    case "webhooksecret", "webhookkey", "dodopaymentswebhookkey": return "webhook_secret"
    default: return nil
    }
  }

  /// Text: quoted, or plain when it does not read as null, a boolean or a number.
  private func string(_ entry: YAMLEntry) throws(ConfigError) -> Setting<String> {
    guard case .scalar(let value, _) = entry.value.content, entry.value.kindDescription == "a string" else {
      throw wrongType(entry, expected: "a string")
    }
    return Setting(value, from: source(entry.value.mark))
  }

  private func timeout(_ entry: YAMLEntry) throws(ConfigError) -> Setting<Double> {
    let expected = "a positive number of seconds"
    guard case .scalar(let value, plain: true) = entry.value.content, YAMLNode.number(value) != nil else {
      throw wrongType(entry, expected: expected)
    }
    guard let seconds = CommandLineSettings.timeout(value) else {
      let maximum = Int(CommandLineSettings.maximumTimeout)
      throw text.error(
        "'timeout' must be \(expected), at most \(maximum) (a year); found \(value)", at: entry.value.mark)
    }
    return Setting(seconds, from: source(entry.value.mark))
  }

  /// A whole number of days from 0 to 3650 (ten years), written plain, as `--grace` takes it.
  private func graceDays(_ entry: YAMLEntry) throws(ConfigError) -> Setting<Int> {
    guard case .scalar(let value, plain: true) = entry.value.content, let days = CommandLineSettings.graceDays(value)
    else {
      let found =
        if case .scalar(let value, plain: true) = entry.value.content { value } else { entry.value.kindDescription }
      throw text.error(
        "'\(entry.key)' must be a whole number of days from 0 to 3650, found \(found)", at: entry.value.mark)
    }
    return Setting(days, from: source(entry.value.mark))
  }

  /// A language code (`CheckoutPage.isLanguageCode`), as Dodo's page takes it.
  private func language(_ entry: YAMLEntry) throws(ConfigError) -> Setting<String> {
    let code = try string(entry)
    guard CheckoutPage.isLanguageCode(code.value) else {
      throw text.error(
        "invalid value '\(code.value)' for 'language' (expected a language code such as en, fr or pt-BR)",
        at: entry.value.mark)
    }
    return code
  }

  /// `true` or `false`, written plain: a quoted `"true"` is text, not a boolean.
  private func boolean(_ entry: YAMLEntry) throws(ConfigError) -> Setting<Bool> {
    guard case .scalar(let value, plain: true) = entry.value.content, value == "true" || value == "false" else {
      throw wrongType(entry, expected: "true or false")
    }
    return Setting(value == "true", from: source(entry.value.mark))
  }

  private func choice<Value: RawRepresentable & CaseIterable & Sendable>(_ entry: YAMLEntry) throws(ConfigError)
    -> Setting<Value> where Value.RawValue == String
  {
    // The valid values listed only for an error: `allCases` builds an array of `Value`, whose
    // storage's metadata the runtime would build at every start that reads a config.
    func valid() -> [String] { Value.allCases.map(\.rawValue) }
    guard case .scalar(let value, _) = entry.value.content, !isNull(entry.value) else {
      throw wrongType(entry, expected: "one of \(list(valid()))")
    }
    guard let choice = Value(rawValue: value) else {
      throw text.error(
        "invalid value '\(value)' for '\(entry.key)' (expected one of: \(valid().joined(separator: ", ")))",
        at: entry.value.mark)
    }
    return Setting(choice, from: source(entry.value.mark))
  }

  private func wrongType(_ entry: YAMLEntry, expected: String) -> ConfigError {
    text.error("'\(entry.key)' must be \(expected), found \(entry.value.kindDescription)", at: entry.value.mark)
  }

  private func isNull(_ node: YAMLNode) -> Bool {
    if case .scalar(let value, plain: true) = node.content { return YAMLNode.isNull(value) }
    return false
  }

  private func source(_ mark: YAMLMark) -> SettingSource {
    .file(path: text.path, line: mark.line, column: mark.column)
  }

  /// `'a', 'b' and 'c'`.
  private func list(_ words: [String]) -> String {
    let quoted = words.map { "'\($0)'" }
    guard let last = quoted.last, quoted.count > 1 else { return quoted.joined() }
    return quoted.dropLast().joined(separator: ", ") + " or " + last
  }
}
