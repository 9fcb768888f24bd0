import DodoAccount
import DodoCheckout
import DodoConfig
import DodoSetup

/// Everything a command needs to call Dodo's API, resolved once: the credentials (the mode,
/// its base URL and the key, with where each came from), the time limit of each request, and
/// the transport (with retries for GETs). `Context.apiAccess()` builds it.
struct APIAccess: Sendable {
  var credentials: APICredentials
  /// Seconds for each request (`--api-timeout`, default 30).
  var timeout: Double
  /// `RetryingTransport` over the context's transport.
  var transport: any HTTPTransport

  /// Dodo's API with these credentials, time limit and transport.
  var api: DodoAPI {
    var api = DodoAPI(
      transport: transport, apiKey: credentials.apiKey, mode: credentials.mode, baseURL: credentials.baseURL)
    api.timeout = timeout
    return api
  }
}

/// How a command will reach Dodo's API, read without running anything: the configuration,
/// the settings (where the key comes from, not the key) and the time limit of each request.
struct APIAccessSettings {
  var configuration: Configuration
  var settings: APISettings
  /// Seconds for each request (`--api-timeout`, default 30).
  var timeout: Double
}

extension Context {
  /// The mode, base URL and secret sources, without running any command: what `config show`
  /// shows. A bad `$DODO_PAYMENTS_ENVIRONMENT` or `$DODO_PAYMENTS_BASE_URL` is exit 78.
  func apiSettings(in configuration: Configuration? = nil) throws(CLIError) -> APISettings {
    let configuration = if let configuration { configuration } else { try self.configuration() }
    do throws(ConfigError) {
      return try APISettings(
        configuration: configuration, modeFlag: mode, profileFlag: profile, environment: environment)
    } catch {
      throw configurationError(error)
    }
  }

  /// Everything needed to call the API, the key resolved (`APICredentials`). No key is a
  /// configuration error (78) naming both ways to give one; a bad `--api-timeout` is a usage
  /// error of `command`.
  func apiAccess(command: [String] = ["dodo"]) throws(CLIError) -> APIAccess {
    try apiAccess(apiAccessSettings(command: command))
  }

  /// What `apiAccess` needs but the key itself, read without running anything: the errors
  /// of `apiAccess(command:)` but a key command's.
  func apiAccessSettings(command: [String]) throws(CLIError) -> APIAccessSettings {
    let timeout = try apiTimeoutSeconds(command: command)
    let configuration = try self.configuration()
    let settings = try apiSettings(in: configuration)
    do throws(ConfigError) { _ = try APICredentials.keySource(of: settings) } catch { throw .configuration(error) }
    return APIAccessSettings(configuration: configuration, settings: settings, timeout: timeout)
  }

  /// The access `settings` describe, the key resolved: `api_key_command` runs here.
  func apiAccess(_ settings: APIAccessSettings) throws(CLIError) -> APIAccess {
    let credentials: APICredentials
    do throws(ConfigError) {
      credentials = try APICredentials(settings.settings, in: settings.configuration, environment: environment)
    } catch {
      throw .configuration(error)
    }
    return APIAccess(
      credentials: credentials, timeout: settings.timeout, transport: RetryingTransport(transport, sleep: sleep))
  }

  /// `--api-timeout` in seconds (default 30); a bad value is a usage error of `command`.
  func apiTimeoutSeconds(command: [String]) throws(CLIError) -> Double {
    guard let text = apiTimeout else { return DodoAPI.defaultTimeout }
    guard let seconds = CommandLineSettings.timeout(text) else {
      throw .usage(
        "invalid value '\(text)' for '--api-timeout' (expected a positive number of seconds)", command: command)
    }
    return seconds
  }
}
