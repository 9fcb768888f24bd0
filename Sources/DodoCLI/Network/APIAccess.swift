import DodoAccount
import DodoCheckout
import DodoConfig
import DodoSetup

/// Everything a command needs to call Dodo's API, resolved once: the mode and its base URL,
/// the key (from `$DODO_PAYMENTS_API_KEY` or the profile's `api_key_command`), the request
/// limit, and the transport (with retries for GETs). `Context.apiAccess()` builds it.
struct APIAccess: Sendable {
  var mode: APIMode
  /// Where the mode came from (`--mode`, `$DODO_PAYMENTS_ENVIRONMENT`, a profile, default).
  var modeSource: SettingSource
  /// Without a trailing slash.
  var baseURL: String
  /// The secret: put it only into `request`'s `Authorization` header, never into output.
  var apiKey: String
  /// Where the key came from, for messages (`DODO_PAYMENTS_API_KEY`, `api_key_command (…)`).
  var keySource: String
  /// Seconds for each request (`--api-timeout`, default 30).
  var timeout: Double
  /// `RetryingTransport` over the context's transport.
  var transport: any HTTPTransport

  /// A request to `path` (`/checkouts/cks_1`) with the key, JSON headers and the timeout.
  func request(_ method: HTTPRequest.Method, _ path: String, body: [UInt8]? = nil) -> HTTPRequest {
    .api(method, path, baseURL: baseURL, apiKey: apiKey, body: body, timeout: timeout)
  }

  /// Sends `request(method, path, body:)`: GETs are retried on 429 and 5xx, POSTs never.
  func send(_ method: HTTPRequest.Method, _ path: String, body: [UInt8]? = nil) throws(TransportError)
    -> HTTPResponse
  {
    try transport.send(request(method, path, body: body))
  }
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
    var timeout = DodoAPI.defaultTimeout
    if let text = apiTimeout {
      guard let seconds = CommandLineSettings.timeout(text) else {
        throw .usage(
          "invalid value '\(text)' for '--api-timeout' (expected a positive number of seconds)", command: command)
      }
      timeout = seconds
    }
    let configuration = try self.configuration()
    let settings = try apiSettings(in: configuration)
    let credentials: APICredentials
    do throws(ConfigError) {
      credentials = try APICredentials(settings, in: configuration, environment: environment)
    } catch {
      throw .configuration(error)
    }
    return APIAccess(
      mode: credentials.mode, modeSource: credentials.modeSource, baseURL: credentials.baseURL,
      apiKey: credentials.apiKey, keySource: credentials.keySource, timeout: timeout,
      transport: RetryingTransport(transport, sleep: sleep))
  }
}
