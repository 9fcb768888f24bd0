import DodoAccount
import DodoPlatform

extension CommandSpec {
  static let webhookSign = CommandSpec(
    "sign",
    abstract: "Print the three webhook headers that sign a body.",
    discussion: """
      Signs BODY_FILE (or standard input, -) as Dodo would and prints the headers that go with \
      it, one "Name: value" line each: webhook-id, webhook-timestamp and webhook-signature \
      (v1, and the base64 of HMAC-SHA256 over webhook-id.webhook-timestamp.body). The body is \
      signed byte for byte as read. --id defaults to a fresh msg_… id from the system's \
      randomness, --timestamp to now (Unix seconds). With --json, the headers are one JSON \
      object keyed by their names.
      """,
    arguments: [ArgumentSpec("body-file", help: "The body to sign (- for standard input).", completion: .file)],
    options: [WebhookSignCommand.id, WebhookSignCommand.timestamp, WebhookOptions.secret],
    examples: [
      .init("dodo webhook sign body.json", "Sign a body as of now."),
      .init(
        "curl -H \"$(dodo webhook sign body.json | sed -n 3p)\" …",
        "Use one of the headers in another tool."),
    ],
    exitStatuses: [
      .init(.success, "The headers were printed."),
      .init(.platformError, "The body could not be read."),
      .init(.usage, "The command line is wrong, or --secret is not a secret."),
      .init(.configuration, "No secret was given, or $DODO_PAYMENTS_WEBHOOK_KEY is not one."),
    ],
    handler: { invocation, context throws(CLIError) in try WebhookSignCommand.run(invocation, context) }
  )
}

/// `dodo webhook sign`.
enum WebhookSignCommand {
  static let id = OptionSpec("id", value: "ID", help: "The message id (default: a fresh msg_… id).")
  static let timestamp = OptionSpec("timestamp", value: "TS", help: "The Unix time to sign with (default: now).")

  static func run(_ invocation: Invocation, _ context: Context) throws(CLIError) -> ExitStatus {
    let secret = try WebhookOptions.secret(invocation, context)
    let messageID = invocation.value(id) ?? WebhookSigner.newMessageID()
    guard WebhookSigner.isUsableMessageID(messageID) else {
      throw .usage("--id must be a non-empty id without spaces or control characters", command: invocation.path)
    }
    let time = try WebhookOptions.integer(timestamp, invocation) ?? Syscalls.unixTime()
    let body = try WebhookOptions.read(invocation.arguments.first ?? "-", context)
    let headers = WebhookSigner(secret: secret).headers(id: messageID, timestamp: time, body: body)
    if context.json {
      context.printJSON { json in
        json.beginObject()
        for header in headers {
          json.key(named: header.name)
          json.string(header.value)
        }
        json.endObject()
      }
    } else {
      context.stdout.write(headers.map { "\($0.name): \(TerminalText.escaped($0.value))\n" }.joined())
    }
    return .success
  }
}
