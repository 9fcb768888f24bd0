import DodoCheckout
import DodoConfig

/// Dodo's API as the settings give it, the key resolved: the mode, the base URL and the key,
/// each with where it came from, for messages.
package struct APICredentials: Sendable {
  package var mode: APIMode
  /// Where the mode came from (`--mode`, `$DODO_PAYMENTS_ENVIRONMENT`, a profile, default).
  package var modeSource: SettingSource
  /// `$DODO_PAYMENTS_BASE_URL`, else the mode's; without a trailing slash.
  package var baseURL: String
  /// The secret: it goes only into a request's `Authorization` header, never into output.
  package var apiKey: String
  /// Where the key came from (`DODO_PAYMENTS_API_KEY`, `api_key_command (…)`).
  package var keySource: String

  /// Resolves `settings` of `configuration`, running `api_key_command` when that is the
  /// key's source. No key is a configuration error naming both ways to give one.
  package init(_ settings: APISettings, in configuration: Configuration, environment: [String: String])
    throws(ConfigError)
  {
    let source = try Self.keySource(of: settings)
    apiKey = try source.resolve(in: configuration, environment: environment)
    keySource = source.description
    mode = settings.mode.value
    modeSource = settings.mode.source
    var url = Substring(settings.baseURLOverride?.value ?? settings.mode.value.baseURL)
    while url.hasSuffix("/") { url = url.dropLast() }
    baseURL = String(url)
  }

  /// Where `settings` take the key from, without running anything. No key is a configuration
  /// error naming both ways to give one.
  package static func keySource(of settings: APISettings) throws(ConfigError) -> SecretSource {
    guard let source = settings.apiKey else {
      throw ConfigError(
        path: nil,
        message:
          "no Dodo API key: set $\(APISettings.apiKeyVariable), or api_key_command in the profile (such as 'pass show dodo/test'); see dodo-config(5)"
      )
    }
    return source
  }
}
