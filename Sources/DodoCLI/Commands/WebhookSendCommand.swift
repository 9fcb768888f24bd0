import DodoAccount
import DodoPlatform

extension CommandSpec {
  static let webhookSend = CommandSpec(
    "send",
    abstract: "Send a signed test event of Dodo's shape to a webhook endpoint.",
    discussion: """
      Builds an event as Dodo sends it, {"business_id","type","timestamp","data"}, where data \
      is the object the event is about and data.payload_type names it (Payment for payment.*, \
      Refund, Dispute, Subscription, LicenseKey, Payout, CreditLedgerEntry, CreditBalanceLow, \
      AbandonedCheckout, DunningAttempt, EntitlementGrant), signs it with a fresh webhook-id and the current time, and POSTs it to --to \
      with Content-Type: application/json. It prints the answer's status and the first lines \
      of its body, and exits 0 when the status is 2xx; any other status is reported as \
      rejected (never as sent) and exits 1.

      --set PATH=VALUE changes one field (repeatable): PATH is a dotted path into data \
      (customer.email, product_cart.0.quantity; a leading data. is allowed, and business_id, \
      type and timestamp name the top-level keys); VALUE is JSON when it reads as JSON (a \
      number, true, false, null, a "quoted string", an object or an array), else a string. \
      --data FILE replaces the whole data object (then --set applies to it).

      It knows every event type of Dodo's official SDKs (the WebhookEventType list of \
      dodopayments 1.123.0), and each event carries every field their models require, with \
      values of the documented types and enums (error codes upper case, as \
      INSUFFICIENT_FUNDS): a receiver that unwraps deliveries with the official SDK accepts \
      them unchanged. Where Dodo's framework adapters validate with schemas of their own that \
      disagree with the SDK, dodo follows the SDK and the API: a dispute may be at \
      dispute_stage "dispute" with dispute_status "dispute_expired", and a subscription's \
      status may be "paused" or "past_due", which some adapter versions refuse.
      """,
    arguments: [ArgumentSpec("event-type", help: "The event's type.", values: WebhookEvent.types)],
    options: [WebhookSendCommand.to, WebhookOptions.secret, WebhookSendCommand.set, WebhookSendCommand.data],
    examples: [
      .init("dodo webhook send payment.succeeded --to http://localhost:3000/webhooks", "Send a successful payment."),
      .init(
        "dodo webhook send payment.failed --to http://localhost:3000/webhooks --set customer.email=bob@example.com",
        "Send a failed payment for another customer."),
    ],
    exitStatuses: [
      .init(.success, "The endpoint answered 2xx."),
      .init(.no, "The endpoint answered another status, or did not answer."),
      .init(.platformError, "--data could not be read."),
      .init(
        .usage, "The command line is wrong: an unknown event type (the known ones are listed), a bad --set or --data."),
      .init(.configuration, "No secret was given, or $DODO_PAYMENTS_WEBHOOK_KEY is not one."),
    ],
    handler: { invocation, context throws(CLIError) in try WebhookSendCommand.run(invocation, context) }
  )
}

/// `dodo webhook send`.
enum WebhookSendCommand {
  static let to = OptionSpec(
    "to", value: "URL", help: "The endpoint to POST the event to (https://, or http:// to a loopback host).")
  static let set = OptionSpec(
    "set", value: "PATH=VALUE", help: "Set one field of data, e.g. customer.email=bob@example.com (repeatable).")
  static let data = OptionSpec("data", value: "FILE", completion: .file, help: "A JSON file that replaces data.")
  /// How many lines of the answer's body are shown.
  static let bodyLines = 10

  static func run(_ invocation: Invocation, _ context: Context) throws(CLIError) -> ExitStatus {
    guard let type = invocation.arguments.first else {
      throw .usage("missing argument <event-type>", command: invocation.path)
    }
    guard let url = invocation.value(to) else { throw .usage("--to URL is required", command: invocation.path) }
    try checkURL(url, option: to, invocation)
    let secret = try WebhookOptions.secret(invocation, context)
    let body = try event(type: type, invocation, context).serialized()
    let id = WebhookSigner.newMessageID()
    let delivery = WebhookSigner(secret: secret).delivery(of: body, to: url, id: id, timestamp: Syscalls.unixTime())
    // Sent once: a POST is never retried.
    let answer = Result { () throws(TransportError) in try context.transport.send(delivery) }
    switch answer {
    case .failure(let error):
      if context.json {
        printJSON(context, id: id, type: type, status: nil, "error", error.message)
      } else {
        context.stderr.write(
          "dodo: no answer from \(TerminalText.escaped(url)): \(TerminalText.escaped(error.message))\n")
      }
      return .no
    case .success(let response):
      let lines = response.firstBodyLines(bodyLines)
      let accepted = (200..<300).contains(response.status)
      if context.json {
        printJSON(context, id: id, type: type, status: response.status, "body", lines.joined(separator: "\n"))
      } else {
        let endpoint = TerminalText.escaped(url)
        context.stderr.write(
          accepted
            ? "sent \(type) (\(id)) to \(endpoint)\n"
            : "rejected \(type) (\(id)): \(endpoint) answered HTTP \(response.status)\n")
        context.stdout.write("HTTP \(response.status)\n")
        context.stdout.write(lines.map { TerminalText.escaped($0) + "\n" }.joined())
      }
      return accepted ? .success : .no
    }
  }

  /// `{"id","type","status",KEY:VALUE}`: the delivery, the answer's status (`null` when no
  /// answer came), and the answer's first lines (`body`) or why there was none (`error`).
  private static func printJSON(
    _ context: Context, id: String, type: String, status: Int?, _ key: StaticString, _ value: String
  ) {
    context.printJSON { json in
      json.beginObject()
      json.key("id")
      json.string(id)
      json.key("type")
      json.string(type)
      json.key("status")
      if let status { json.number(Double(status)) } else { json.null() }
      json.key(key)
      json.string(value)
      json.endObject()
    }
  }

  /// The event: the sample of `type` (or `--data`), with every `--set` applied.
  static func event(type: String, _ invocation: Invocation, _ context: Context) throws(CLIError) -> JSONValue {
    var data: JSONValue?
    if let path = invocation.value(Self.data) {
      guard let value = JSONValue(parsing: try WebhookOptions.read(path, context)) else {
        throw .usage("--data \(path): the file is not JSON", command: invocation.path)
      }
      data = value
    }
    do throws(WebhookEventError) {
      return try WebhookEvent.sample(type: type, now: Syscalls.unixTime(), data: data, setting: invocation.values(set))
    } catch {
      throw .usage("\(error)", command: invocation.path)
    }
  }

  /// An `https://` URL with a host, or `http://` to a loopback host; else a usage error
  /// naming `option`.
  static func checkURL(_ url: String, option: OptionSpec, _ invocation: Invocation) throws(CLIError) {
    guard WebhookSigner.isEndpointURL(url) else {
      throw .usage("\(option.flagName) must be an http:// or https:// URL, not '\(url)'", command: invocation.path)
    }
    guard WebhookSigner.isDeliverableURL(url) else {
      throw .usage(
        "\(option.flagName) \(url) is plain http to another machine: use https://, "
          + "or http:// only to 127.0.0.1, [::1] or localhost (a tunnel's local end)",
        command: invocation.path)
    }
  }
}
