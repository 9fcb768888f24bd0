import DodoAccount
import DodoConfig
import DodoPlatform
import DodoSetup

extension CommandSpec {
  static let webhook = CommandSpec(
    "webhook",
    abstract: "Verify, sign, send and receive Dodo's webhooks (Standard Webhooks).",
    discussion: """
      Dodo's webhook is the proof of a payment; the return URL is only a hint. These commands \
      check deliveries as the receiving server must (HMAC-SHA256 over \
      webhook-id.webhook-timestamp.body with the endpoint's secret, a timestamp within 5 \
      minutes), say why a delivery fails, and send or receive correctly signed events.

      The secret is the endpoint's signing secret from Dodo's dashboard (whsec_…; the prefix \
      is optional): from --secret, else $DODO_PAYMENTS_WEBHOOK_KEY, else the profile's \
      webhook_secret_command (run without a shell; the first line it prints). Prefer the \
      environment or the command: a --secret on the command line is visible to every user of \
      the machine in ps. A secret written into a config file is refused (78). The secret is \
      never printed or logged. These commands call no API: DODO_PAYMENTS_ENVIRONMENT and \
      DODO_PAYMENTS_BASE_URL are not looked at.

      send --to and listen --forward-to take an https:// URL, or an http:// one only to a \
      loopback host (127.0.0.1, [::1], localhost; a tunnel's local end, say): a delivery \
      carries a customer's data, and dodo sends nothing in clear beyond this machine. Any \
      other http:// URL is a usage error (64) before anything is sent or listened for.
      """,
    subcommands: [.webhookVerify, .webhookSign, .webhookSend, .webhookListen],
    examples: [
      .init("dodo webhook verify --request delivery.txt", "Check a delivery copied from a log."),
      .init("dodo webhook send payment.succeeded --to http://localhost:3000/webhooks", "Send a signed test event."),
    ]
  )
}

/// What the webhook commands share: the secret, its option, and how a verdict is shown.
enum WebhookOptions {
  static let secret = OptionSpec(
    "secret", value: "SECRET",
    help: "The endpoint's signing secret (whsec_…); prefer $DODO_PAYMENTS_WEBHOOK_KEY, since ps shows arguments.")

  /// The secret's text (`WebhookSecretText`): `--secret`, else the settings' (their command
  /// run now); none is a configuration error (78) naming the ways to give one.
  static func secretText(_ invocation: Invocation, _ context: Context) throws(CLIError) -> WebhookSecretText {
    if let text = invocation.value(secret) { return WebhookSecretText(option: text) }
    let configuration = try context.configuration()
    do throws(ConfigError) {
      let source = try APISettings.webhookSecretSource(
        configuration: configuration, profileFlag: context.profile, environment: context.environment)
      return try WebhookSecretText(source, in: configuration, environment: context.environment)
    } catch {
      throw .configuration(error)
    }
  }

  /// The secret, decoded; one that is not a secret is a usage error (`--secret`) or a
  /// configuration error (the settings), and the message never repeats it.
  static func secret(_ invocation: Invocation, _ context: Context) throws(CLIError) -> WebhookSecret {
    let given = try secretText(invocation, context)
    do throws(WebhookSecretError) { return try WebhookSecret(given.text) } catch {
      if given.fromOption { throw .usage("--secret: \(error.message)", command: invocation.path) }
      throw .configuration(ConfigError(path: nil, message: "\(WebhookSecretText.settingsOrigin): \(error.message)"))
    }
  }

  /// An integer option's value, or a usage error naming it.
  static func integer(_ option: OptionSpec, _ invocation: Invocation, minimum: Int64 = .min) throws(CLIError) -> Int64?
  {
    guard let text = invocation.value(option) else { return nil }
    guard let value = Int64(text), value >= minimum else {
      let range = minimum == 0 ? "a whole number of seconds, 0 or more" : "a whole number"
      throw .usage("invalid value '\(text)' for '\(option.flagName)' (expected \(range))", command: invocation.path)
    }
    return value
  }

  /// Reads a file argument (`-`: standard input), or a platform error (23).
  static func read(_ path: String, _ context: Context, limit: Int = WebhookDelivery.maximumBodyBytes) throws(CLIError)
    -> [UInt8]
  {
    do throws(PlatformError) { return try InputFile.read(path, stdinFD: context.stdinFD, limit: limit) } catch {
      throw .checkout(error.checkoutError)
    }
  }

  /// `msg_1 (payment.succeeded, timestamp 1614265330)`, everything from outside escaped.
  static func describe(_ verdict: WebhookVerdict) -> String {
    let id = verdict.id.map(TerminalText.escaped) ?? "(no id)"
    let type = verdict.eventType.map(TerminalText.escaped) ?? "unknown type"
    let timestamp = verdict.timestamp.map { "timestamp \($0)" } ?? "no timestamp"
    return "\(id) (\(type), \(timestamp))"
  }

  /// The verdict's keys of a JSON object: `valid`, `id`, `type`, `timestamp`, and when
  /// invalid, `problems` (`{code, message}`) and `diagnosis` (the body accident, or null).
  static func write(_ verdict: WebhookVerdict, to json: JSONWriter) {
    json.key("valid")
    json.bool(verdict.isValid)
    json.key("id")
    json.string(verdict.id)
    json.key("type")
    json.string(verdict.eventType)
    json.key("timestamp")
    if let timestamp = verdict.timestamp { json.number(Double(timestamp)) } else { json.null() }
    guard !verdict.isValid else { return }
    json.key("problems")
    json.beginArray()
    for problem in verdict.problems {
      json.beginObject()
      json.key("code")
      json.string(problem.code)
      json.key("message")
      json.string(problem.message)
      json.endObject()
    }
    json.endArray()
    json.key("diagnosis")
    json.string(verdict.accident?.message)
  }
}
