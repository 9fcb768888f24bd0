import DodoAccount
import DodoPlatform

extension CommandSpec {
  static let webhookVerify = CommandSpec(
    "verify",
    abstract: "Check a webhook delivery's signature and timestamp, and say what is wrong.",
    discussion: """
      Checks a delivery as the receiving server must: the signature over \
      webhook-id.webhook-timestamp.body (the raw bytes), any v1 signature of the \
      webhook-signature list (there are several while a secret is rotated; other versions are \
      ignored), and a timestamp at most --tolerance seconds (default 300) from now, either way.

      The delivery is either a raw HTTP request (--request FILE, or - for standard input: the \
      request line, the headers, a blank line and the body, as copied from a log or a tunnel's \
      inspector, with LF or CRLF line ends; a body longer than its Content-Length is cut there), \
      or the three header values given as --id, --timestamp and --signature with the body in \
      BODY_FILE (or - for standard input).

      A valid delivery prints its id, event type and timestamp and exits 0. An invalid one \
      lists every problem found (a missing header, no v1 signature, a signature that does not \
      match, a timestamp too old or too new, a secret that is not base64) and exits 1. When \
      the signature does not match, verify also tries the usual accidents to a body (a \
      trailing newline added or removed, LF and CRLF line ends swapped, the JSON parsed and \
      written again compactly, with spaces or indented) and names the one that would make it \
      match: the fix is then to verify the raw bytes as received, before any framework parses \
      them. --at replays an old delivery as of its time. With --json the answer is \
      {"valid":…,"id":…,"type":…,"timestamp":…} (the webhook-id, the body's type, the \
      webhook-timestamp in Unix seconds; null when absent) and, when invalid, "problems" \
      ([{"code","message"}]) and "diagnosis" (the accident, or null).
      """,
    arguments: [
      ArgumentSpec(
        "body-file", help: "The body as received (- for standard input), with --id, --timestamp and --signature.",
        optional: true, completion: .file)
    ],
    options: [
      WebhookVerifyCommand.request, WebhookVerifyCommand.id, WebhookVerifyCommand.timestamp,
      WebhookVerifyCommand.signature, WebhookOptions.secret, WebhookVerifyCommand.tolerance, WebhookVerifyCommand.at,
    ],
    examples: [
      .init("dodo webhook verify --request delivery.txt", "Check a request copied from a log."),
      .init(
        "dodo webhook verify --id msg_1 --timestamp 1700000000 --signature 'v1,…' body.json --at 1700000000",
        "Check a body and its headers as of the time it was sent."),
    ],
    exitStatuses: [
      .init(.success, "The delivery is valid."),
      .init(.no, "The delivery is not valid; every problem is listed."),
      .init(.platformError, "A file could not be read."),
      .init(.usage, "The command line is wrong, or the request is not an HTTP request."),
      .init(.configuration, "No secret was given."),
    ],
    handler: { invocation, context throws(CLIError) in try WebhookVerifyCommand.run(invocation, context) }
  )
}

/// `dodo webhook verify`.
enum WebhookVerifyCommand {
  static let request = OptionSpec(
    "request", value: "FILE", completion: .file, help: "A raw HTTP request copied from a log (- for standard input).")
  static let id = OptionSpec("id", value: "ID", help: "The webhook-id header's value.")
  static let timestamp = OptionSpec("timestamp", value: "TS", help: "The webhook-timestamp header's value.")
  static let signature = OptionSpec("signature", value: "SIG", help: "The webhook-signature header's value.")
  static let tolerance = OptionSpec(
    "tolerance", value: "SECONDS", help: "How far the timestamp may be from now, either way (default 300).")
  static let at = OptionSpec("at", value: "UNIX_TIME", help: "Verify as of this time instead of now.")

  static func run(_ invocation: Invocation, _ context: Context) throws(CLIError) -> ExitStatus {
    let delivery = try readDelivery(invocation, context)
    let secret = try WebhookOptions.secretText(invocation, context).text
    let tolerance =
      try WebhookOptions.integer(Self.tolerance, invocation, minimum: 0) ?? WebhookVerifier.defaultTolerance
    let now = try WebhookOptions.integer(at, invocation) ?? Syscalls.unixTime()
    let verdict = WebhookVerifier(secretText: secret, tolerance: tolerance).verify(delivery, now: now)
    if context.json {
      context.printJSON { json in
        json.beginObject()
        WebhookOptions.write(verdict, to: json)
        json.endObject()
      }
    } else if verdict.isValid {
      context.stdout.write("\(context.stdoutStyle.green("valid")): \(WebhookOptions.describe(verdict))\n")
    } else {
      context.stdout.write("\(context.stdoutStyle.red("invalid")): \(WebhookOptions.describe(verdict))\n")
      for problem in verdict.problems { context.stdout.write("  - \(TerminalText.escaped(problem.message))\n") }
    }
    return verdict.isValid ? .success : .no
  }

  /// The delivery from `--request`, or from the three header options and the body file.
  static func readDelivery(_ invocation: Invocation, _ context: Context) throws(CLIError) -> WebhookDelivery {
    let headerOptions = [id, timestamp, signature]
    if let path = invocation.value(request) {
      if let given = headerOptions.first(where: invocation.isSet) {
        throw .usage("--request gives the headers: leave out \(given.flagName)", command: invocation.path)
      }
      if let body = invocation.arguments.first {
        throw .usage("--request gives the body: leave out '\(body)'", command: invocation.path)
      }
      let bytes = try WebhookOptions.read(
        path, context, limit: WebhookDelivery.maximumBodyBytes + RawHTTPRequest.maximumHeadBytes)
      do throws(RawHTTPRequestError) { return try RawHTTPRequest(parsing: bytes).delivery } catch {
        throw .usage("\(path == "-" ? "standard input" : path): \(error)", command: invocation.path)
      }
    }
    if let missing = headerOptions.first(where: { !invocation.isSet($0) }) {
      throw .usage(
        "give --request FILE, or --id, --timestamp, --signature and BODY_FILE (\(missing.flagName) is missing)",
        command: invocation.path)
    }
    guard let path = invocation.arguments.first else {
      throw .usage(
        "missing argument <body-file> (the body as received, or - for standard input)", command: invocation.path)
    }
    return WebhookDelivery(
      id: invocation.value(id), timestamp: invocation.value(timestamp), signature: invocation.value(signature),
      body: try WebhookOptions.read(path, context))
  }
}
