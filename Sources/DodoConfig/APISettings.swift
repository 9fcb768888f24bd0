import DodoCheckout

/// How the API commands reach Dodo, each with where it came from (account spec section A):
/// the mode, a base URL that overrides the mode's, and where the API key and the webhook
/// secret come from. Nothing here runs a command or holds a key from a command: the CLI
/// resolves a `SecretSource` only when a command needs the secret.
package struct APISettings: Sendable, Hashable {
  /// `--mode`, else `$DODO_PAYMENTS_ENVIRONMENT` (`test_mode`|`live_mode`), else the profile's
  /// `mode`, else test. Live mode is never a default.
  package var mode: Setting<APIMode>
  /// `$DODO_PAYMENTS_BASE_URL` when set (already checked: https, or http to a loopback host);
  /// `nil` uses the mode's.
  package var baseURLOverride: Setting<String>?
  /// `$DODO_PAYMENTS_API_KEY`, else the profile's `api_key_command`; `nil` when neither.
  package var apiKey: SecretSource?
  /// `$DODO_PAYMENTS_WEBHOOK_KEY`, else the profile's `webhook_secret_command`.
  package var webhookSecret: SecretSource?

  package static let apiKeyVariable = "DODO_PAYMENTS_API_KEY"
  package static let webhookSecretVariable = "DODO_PAYMENTS_WEBHOOK_KEY"
  package static let environmentVariable = "DODO_PAYMENTS_ENVIRONMENT"
  package static let baseURLVariable = "DODO_PAYMENTS_BASE_URL"

  /// Resolves the sources. A `$DODO_PAYMENTS_ENVIRONMENT` other than `test_mode` or
  /// `live_mode`, or a `$DODO_PAYMENTS_BASE_URL` that is not https (nor http to a loopback
  /// host), is a configuration error; so is an unknown profile.
  package init(configuration: Configuration, modeFlag: APIMode?, profileFlag: String?, environment: [String: String])
    throws(ConfigError)
  {
    let profile = try configuration.selectedProfile(profileFlag: profileFlag, environment: environment)?.value
    func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    if let modeFlag {
      mode = Setting(modeFlag, from: .flag("--mode"))
    } else if let name = env(Self.environmentVariable) {
      guard let mode = APIMode(environmentName: name) else {
        throw ConfigError(
          path: nil,
          message: "$\(Self.environmentVariable) must be test_mode or live_mode, found '\(name)'")
      }
      self.mode = Setting(mode, from: .environment(Self.environmentVariable))
    } else {
      mode = profile?.mode ?? Setting(.test, from: .builtIn)
    }
    if let url = env(Self.baseURLVariable) {
      if let problem = Self.problem(withBaseURL: url) {
        throw ConfigError(path: nil, message: "$\(Self.baseURLVariable) \(problem)")
      }
      baseURLOverride = Setting(url, from: .environment(Self.baseURLVariable))
    }
    apiKey = Self.source(env(Self.apiKeyVariable), Self.apiKeyVariable, profile?.apiKeyCommand, "api_key_command")
    webhookSecret = Self.webhookSecret(of: profile, environment: environment)
  }

  /// Where the webhook secret comes from, for the commands that use no more than it
  /// (`webhook sign|verify|listen|send`): `$DODO_PAYMENTS_ENVIRONMENT` and
  /// `$DODO_PAYMENTS_BASE_URL`, which only API calls use, are not looked at. An unknown
  /// profile is a configuration error.
  package static func webhookSecretSource(
    configuration: Configuration, profileFlag: String?, environment: [String: String]
  ) throws(ConfigError) -> SecretSource? {
    let profile = try configuration.selectedProfile(profileFlag: profileFlag, environment: environment)?.value
    return webhookSecret(of: profile, environment: environment)
  }

  private static func webhookSecret(of profile: Profile?, environment: [String: String]) -> SecretSource? {
    source(
      environment[webhookSecretVariable].flatMap { $0.isEmpty ? nil : $0 }, webhookSecretVariable,
      profile?.webhookSecretCommand, "webhook_secret_command")
  }

  private static func source(_ value: String?, _ variable: String, _ command: Setting<String>?, _ key: String)
    -> SecretSource?
  {
    if let value { return .environment(variable, value: value) }
    return command.map { .command($0, key: key) }
  }

  /// Why `url` cannot be the API's base URL, or `nil` when it can: `https://HOST[:PORT][/PATH]`,
  /// or `http://` to `127.0.0.1` (any of 127/8), `[::1]` or `localhost`, where a test
  /// server may listen; no user, query or fragment.
  package static func problem(withBaseURL url: String) -> String? {
    let lowered = url.lowercased()
    let scheme: String
    if lowered.hasPrefix("https://") {
      scheme = "https"
    } else if lowered.hasPrefix("http://") {
      scheme = "http"
    } else {
      return "must be an https:// URL, found '\(url)'"
    }
    let rest = lowered.dropFirst(scheme.count + 3)
    let authority = rest.prefix { $0 != "/" }
    guard !authority.isEmpty, !authority.contains("@"), !lowered.contains("?"), !lowered.contains("#"),
      !url.contains(where: { $0 == " " || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false })
    else {
      return "must be https://HOST[:PORT][/PATH] with no user, query or fragment, found '\(url)'"
    }
    guard scheme == "http" else { return nil }
    let host: Substring =
      if authority.hasPrefix("[") { authority.prefix { $0 != "]" }.dropFirst() } else {
        authority.prefix { $0 != ":" }
      }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    let isLoopbackIPv4 = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    guard isLoopbackIPv4 || host == "::1" || host == "localhost" else {
      return
        "must use https (plain http is allowed only to a loopback host: 127.0.0.1, [::1] or localhost), found '\(url)'"
    }
    return nil
  }
}

/// Where a secret comes from. Its `description` names the source, never the secret.
package enum SecretSource: Sendable, Hashable, CustomStringConvertible {
  /// An environment variable (named without `$`) and its value.
  case environment(String, value: String)
  /// A profile's command (`api_key_command`), with its file, line and column, and the key's name.
  case command(Setting<String>, key: String)

  /// `DODO_PAYMENTS_API_KEY`, or `api_key_command (config.yaml:4:20)`.
  package var description: String {
    switch self {
    case .environment(let name, _): name
    case .command(let command, let key): "\(key) (\(command.source))"
    }
  }
}
