import DodoCheckout
import DodoConfig
import Testing

@testable import DodoSetup

/// The API's mode, base URL and key, resolved from the settings.
@Suite struct APICredentialsTests {
  func credentials(_ environment: [String: String], mode: APIMode? = nil) throws -> APICredentials {
    let configuration = try Configuration(files: [])
    let settings = try APISettings(
      configuration: configuration, modeFlag: mode, profileFlag: nil, environment: environment)
    return try APICredentials(settings, in: configuration, environment: environment)
  }

  @Test("no key is a configuration error naming both ways to give one")
  func noKey() {
    let error = #expect(throws: ConfigError.self) { try credentials([:]) }
    #expect(error?.message.hasPrefix("no Dodo API key: set $DODO_PAYMENTS_API_KEY, or api_key_command") == true)
  }

  @Test("the key from the environment; the mode's base URL, or the override without its trailing slashes")
  func keyAndBaseURL() throws {
    let test = try credentials(["DODO_PAYMENTS_API_KEY": "sk_1"])
    #expect(test.apiKey == "sk_1")
    #expect(test.keySource == "DODO_PAYMENTS_API_KEY")
    #expect(test.mode == .test)
    #expect(test.baseURL == "https://test.dodopayments.com")
    let live = try credentials(
      ["DODO_PAYMENTS_API_KEY": "sk_1", "DODO_PAYMENTS_BASE_URL": "https://127.0.0.1:4443//"], mode: .live)
    #expect(live.mode == .live)
    #expect(live.modeSource == .flag("--mode"))
    #expect(live.baseURL == "https://127.0.0.1:4443")
  }
}
