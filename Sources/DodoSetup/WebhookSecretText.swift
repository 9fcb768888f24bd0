import DodoConfig

/// The webhook endpoint's signing secret as given, before it is decoded: from `--secret`,
/// else `$DODO_PAYMENTS_WEBHOOK_KEY`, else the profile's `webhook_secret_command` (run now).
/// That order is the contract (dodo-webhook(1)); the text never appears in a message.
package struct WebhookSecretText: Sendable {
  /// The secret's text: to be decoded, never printed.
  package var text: String
  /// Whether `--secret` gave it: a bad one is then a usage error, else a configuration error.
  package var fromOption: Bool

  /// What the message of a secret from the settings that does not decode names it.
  package static let settingsOrigin = "\(APISettings.webhookSecretVariable) or webhook_secret_command"

  /// The secret from `--secret`; the configuration is not read.
  package init(option: String) {
    text = option
    fromOption = true
  }

  /// The secret from `source` (running its command); none, or an empty one, is a
  /// configuration error naming the three ways to give one.
  package init(_ source: SecretSource?, in configuration: Configuration, environment: [String: String])
    throws(ConfigError)
  {
    guard let text = try source?.resolve(in: configuration, environment: environment), !text.isEmpty else {
      throw ConfigError(
        path: nil,
        message:
          "no webhook secret: set \(APISettings.webhookSecretVariable) to the endpoint's signing secret (whsec_…), "
          + "give the profile a webhook_secret_command that prints it, or give --secret")
    }
    self.text = text
    fromOption = false
  }
}
