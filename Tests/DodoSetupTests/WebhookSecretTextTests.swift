import DodoConfig
import DodoTestSupport
import Testing

@testable import DodoSetup

/// Where the webhook commands find the secret: `--secret`, then the environment, then the
/// profile's command; none is a configuration error naming the three.
@Suite struct WebhookSecretTextTests {
  let home = TemporaryDirectory()

  func secret(_ environment: [String: String], config: String? = nil) throws -> WebhookSecretText {
    let configuration = try Configuration.loadTrusted(configFlag: config, environment: environment)
    let source = try APISettings.webhookSecretSource(
      configuration: configuration, profileFlag: nil, environment: environment)
    return try WebhookSecretText(source, in: configuration, environment: environment)
  }

  @Test("--secret is taken as given, and says so")
  func option() {
    let given = WebhookSecretText(option: "whsec_flag")
    #expect(given.text == "whsec_flag")
    #expect(given.fromOption)
  }

  @Test("the environment comes before the profile's command, which runs when it is the source")
  func environmentThenCommand() throws {
    let program = try home.write("secret", "echo whsec_from_command\n")
    let config = try home.write("c.yaml", "profiles:\n  default:\n    webhook_secret_command: /bin/sh \(program)\n")
    let environment = ["XDG_CONFIG_HOME": home.sub("none"), "XDG_CONFIG_DIRS": home.sub("none")]
    let fromCommand = try secret(environment, config: config)
    #expect(fromCommand.text == "whsec_from_command")
    #expect(!fromCommand.fromOption)
    var withVariable = environment
    withVariable["DODO_PAYMENTS_WEBHOOK_KEY"] = "whsec_env"
    #expect(try secret(withVariable, config: config).text == "whsec_env")
  }

  @Test("no secret, or an empty one, is a configuration error naming the three ways to give one")
  func none() {
    let environment = ["XDG_CONFIG_HOME": home.sub("none"), "XDG_CONFIG_DIRS": home.sub("none")]
    for given in [environment, environment.merging(["DODO_PAYMENTS_WEBHOOK_KEY": ""]) { $1 }] {
      let error = #expect(throws: ConfigError.self) { try secret(given) }
      #expect(error?.message.hasPrefix("no webhook secret: set DODO_PAYMENTS_WEBHOOK_KEY") == true)
      #expect(error?.message.hasSuffix("or give --secret") == true)
    }
    #expect(WebhookSecretText.settingsOrigin == "DODO_PAYMENTS_WEBHOOK_KEY or webhook_secret_command")
  }
}
