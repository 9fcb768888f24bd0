import DodoCheckout
import Testing

@testable import DodoConfig

/// Mode precedence, the base URL rule, where the key and webhook secret come from, and a
/// secret written into a config file refused without being echoed.
@Suite struct APISettingsTests {
  static let yaml = """
    default_profile: app
    profiles:
      app:
        mode: live
        api_key_command: pass show dodo/live
        webhook_secret_command: pass show dodo/webhook
      plain:
        return_url: myapp://r
    """

  func settings(mode: APIMode? = nil, profile: String? = nil, _ environment: [String: String] = [:]) throws
    -> APISettings
  {
    let configuration = try Configuration(files: [ConfigFile(path: "c.yaml", contents: Array(Self.yaml.utf8))])
    return try APISettings(configuration: configuration, modeFlag: mode, profileFlag: profile, environment: environment)
  }

  @Test func modeFlagOverEnvironmentOverProfileOverTest() throws {
    #expect(
      try settings(mode: .test, ["DODO_PAYMENTS_ENVIRONMENT": "live_mode"]).mode
        == Setting(.test, from: .flag("--mode")))
    #expect(
      try settings(["DODO_PAYMENTS_ENVIRONMENT": "test_mode"]).mode
        == Setting(.test, from: .environment("DODO_PAYMENTS_ENVIRONMENT")))
    #expect(try settings().mode == Setting(.live, from: .file(path: "c.yaml", line: 4, column: 11)))
    #expect(try settings(profile: "plain").mode == Setting(.test, from: .builtIn))
  }

  @Test func aBadEnvironmentNameIsAConfigError() {
    let error = #expect(throws: ConfigError.self) { try settings(["DODO_PAYMENTS_ENVIRONMENT": "live"]) }
    #expect(error?.message.contains("test_mode or live_mode") == true)
  }

  @Test func keyFromTheEnvironmentBeforeTheCommand() throws {
    let fromEnvironment = try settings(["DODO_PAYMENTS_API_KEY": "sk_123456"])
    #expect(fromEnvironment.apiKey == .environment("DODO_PAYMENTS_API_KEY", value: "sk_123456"))
    #expect(fromEnvironment.apiKey?.description == "DODO_PAYMENTS_API_KEY")
    let fromCommand = try settings()
    #expect(fromCommand.apiKey?.description == "api_key_command (c.yaml:5:22)")
    #expect(fromCommand.webhookSecret?.description == "webhook_secret_command (c.yaml:6:29)")
    #expect(
      try settings(["DODO_PAYMENTS_WEBHOOK_KEY": "whsec_x"]).webhookSecret?.description == "DODO_PAYMENTS_WEBHOOK_KEY")
    #expect(try settings(profile: "plain").apiKey == nil)
    #expect(try settings(profile: "plain", ["DODO_PAYMENTS_API_KEY": ""]).apiKey == nil)
  }

  @Test(arguments: [
    "https://test.dodopayments.com", "https://proxy.example:8443/dodo/", "http://127.0.0.1:9999",
    "http://localhost:1", "http://[::1]:2/", "HTTPS://X.example",
  ])
  func baseURLsAllowed(_ url: String) throws {
    #expect(APISettings.problem(withBaseURL: url) == nil)
    #expect(try settings(["DODO_PAYMENTS_BASE_URL": url]).baseURLOverride?.value == url)
  }

  @Test(arguments: [
    "http://test.dodopayments.com", "ftp://127.0.0.1", "test.dodopayments.com", "https://user@host",
    "https://host/?q=1", "http://127.0.0.1.evil.example/", "https://",
  ])
  func baseURLsRefused(_ url: String) {
    #expect(APISettings.problem(withBaseURL: url) != nil)
    #expect(throws: ConfigError.self) { try settings(["DODO_PAYMENTS_BASE_URL": url]) }
  }

  @Test(arguments: [
    ("profiles:\n  p:\n    api_key: sk_live_SECRET\n", 3, 5, "DODO_PAYMENTS_API_KEY"),
    ("api_key: sk_live_SECRET\n", 1, 1, "api_key_command"),
    ("profiles:\n  p:\n    customization:\n      apiKey: sk_live_SECRET\n", 4, 7, "DODO_PAYMENTS_API_KEY"),
    ("profiles:\n  p:\n    webhook_secret: whsec_SECRET\n", 3, 5, "DODO_PAYMENTS_WEBHOOK_KEY"),
    ("profiles:\n  p:\n    webhook_key: whsec_SECRET\n", 3, 5, "webhook_secret_command"),
    ("profiles: {p: {api_key: sk_live_SECRET}}\n", 1, 16, "api_key_command"),
  ])
  func aSecretInAConfigFileIsRefusedWithoutEchoingIt(_ yaml: String, line: Int, column: Int, hint: String) throws {
    let rendered = try #require(renderedError(yaml))
    #expect(rendered.hasPrefix("config.yaml:\(line):\(column): error: "), "\(rendered)")
    #expect(rendered.contains(hint))
    #expect(!rendered.contains("SECRET"), "\(rendered)")
    #expect(!rendered.contains("^"), "the line is not quoted: \(rendered)")
  }

  @Test func aSyntaxErrorOnASecretLineDoesNotQuoteIt() throws {
    let rendered = try #require(renderedError("profiles:\n  p:\n    api_key: \"sk_live_SECRET\n"))
    #expect(!rendered.contains("SECRET"), "\(rendered)")
  }

  @Test func newKeysAreChecked() {
    #expect(renderedError("profiles:\n  p:\n    mode: staging\n")?.contains("expected one of: test, live") == true)
    #expect(renderedError("profiles:\n  p:\n    api_key_command: 12\n")?.contains("must be a string") == true)
    #expect(renderedError("profiles:\n  p:\n    mode: test\n    api_key_command: pass show x\n") == nil)
  }
}
