import DodoBytes
import DodoCheckout
import DodoPlatform

extension CommandSpec {
  static let explainStatus: CommandSpec = CommandSpec(
    "explain-status",
    abstract: "Decode a customer's return URL: the result, what it means, and what to do next.",
    overview:
      "Each input is a return URL, a query string or a status value, read as the iOS SDK reads it: a hint, not proof of payment.",
    discussion: """
      Each INPUT is a return URL, a bare query string (status=…&…, with or without a leading ?), \
      or a bare status value (requires_customer_action). They are told apart by their shape: \
      text that starts with a scheme and a colon is a URL, text that starts with ? or holds = \
      or & is a query, and a word of letters, digits, _ and - is a status. Anything else, a URL \
      with no host, and text with a space, a control character or a malformed % escape cannot \
      be decoded, except in a URL's query or fragment (see below). With - the inputs are read from standard input, one per line (blank lines \
      skipped), and decoded as they arrive, so a file of any size streams through in flat \
      memory; a line of 1 MiB or more cannot be decoded, and the lines after it go on. Leading \
      and trailing blanks of an input are ignored.

      The result is read exactly as the Dodo Payments iOS SDK reads it. It is a hint, not proof \
      of payment: confirm payments on the backend with the payment.succeeded or \
      subscription.active webhook, and never tell a customer whose outcome is pending or unknown \
      that the payment failed. A succeeded status with a subscription_id is explained as the \
      active subscription it is (confirm it with subscription.active or Get Subscription), one \
      naming neither a payment nor a subscription is never sent to look up an ID it lacks, and \
      status=cancelled, a status Dodo Payments' payments do have, is explained as such: the SDK \
      reads it as pending, and the payment is checked on the backend.

      What makes a reading doubtful is said beside it, as a Warning: line after the result \
      (in JSON, "warnings": an array of strings after "nextStep", present only when there is \
      one, so the shape is otherwise unchanged). The input is cleaned first, and each cleaning \
      is a warning: <…> or quotes around it are removed, and &amp; (HTML, as in an email) is \
      read as &. The result is then the SDK's reading of the cleaned input; the warnings are \
      extra: text before a ? that looks like a host or a path (myapp.com/return?…, \
      checkout/return?…) is a URL without its scheme, and only its query is read; a URL on \
      checkout.dodopayments.com is the checkout page, not a return URL; a status starting \
      pay_, cks_ or sub_ is an ID pasted in its place; and a succeeded or active status in a \
      URL or query with no payment_id or subscription_id cannot be matched to a payment and \
      may be forged (a bare status value typed in has no room for an ID, so it gets no such \
      warning; the other statuses grant nothing, so they get none either). A return URL whose \
      query or fragment is not URL text (a space, a control character, a bad % escape: \
      note=100%) is read as dodo start reads it, that part as given, with a warning, since \
      start acts on such a return; an input that is not URL text elsewhere (before a URL's \
      query, or in a bare query) cannot be decoded, and the error gives the position.

      The text output shows every control, bidirectional and line-separator character of an \
      input or a decoded value as a visible escape (\\x1b, \\n, \\u202e), so a crafted return \
      URL cannot drive the terminal; --json gives the exact decoded text.

      --redact hides the customer's email and license keys wherever they show, in both \
      outputs: the echoed input, the fields and raw. An email keeps its first character and \
      its domain (a***@example.com), enough to tell customers apart without the address; an \
      email with no @ or an odd domain, and every license key, become [redacted]. A value is \
      hidden as far as the reader reads it, up to the next & or #, so a ; or a quote inside it \
      hides nothing. Parameters are found by their decoded name (any name ending in email or \
      license_key, in any case) after any ?, &, ; or #, so a value in a fragment, after &amp; \
      or inside another value is hidden too, and <…>, quotes or blanks around the input change \
      nothing. IDs and the status stay, as they are what support staff look up.

      With --json, each input gives one line of JSON: {"input":…,"result":{…},"rawStatus":…,"meaning":…,"nextStep":…[,"warnings":[…]]}, \
      or {"input":…,"error":{"code":…,"message":…}} for an input that cannot be decoded.

      --summary, after the last result, counts the inputs per result status (and those not \
      decoded) and per warning, on standard error so that standard output stays one result per \
      input. With --json it is one JSON object, the last line of standard error: \
      {"summary": {"inputs": N, "statuses": {"succeeded": N, "failed": N, "cancelled": N, \
      "pending": N, "expired": N, "undecodable": N}, "warnings": {"unconfirmed": N, …}}} \
      (without the spaces), every status always there, a warning only when it was seen \
      (angle_brackets, quotes, html_ampersand, no_scheme, checkout_page, id_as_status, unconfirmed).
      """,
    arguments: [
      ArgumentSpec(
        "input", help: "A return URL, a query string or a status value; - reads them from standard input.",
        repeating: true)
    ],
    options: [ExplainStatusCommand.redact, ExplainSummary.option],
    examples: [
      .init(
        "dodo explain-status 'myapp://checkout/return?status=succeeded&payment_id=pay_1'", "Explain one return URL."),
      .init("dodo explain-status requires_customer_action", "Explain a bare status value."),
      .init("dodo explain-status --json - < urls.txt", "Decode a file of return URLs, one JSON line each."),
      .init("dodo explain-status --redact - < urls.txt", "Explain return URLs without showing emails or license keys."),
    ],
    exitStatuses: [
      .init(.success, "Every input was decoded."),
      .init(.no, "One or more inputs could not be decoded (the others were)."),
      .init(.usage, "No input at all: no argument, or only blank ones, or - with no non-blank line."),
    ],
    handler: { invocation, context throws(CLIError) in
      var command = ExplainStatusCommand(
        context: context, redact: invocation.isSet(ExplainStatusCommand.redact),
        summary: invocation.isSet(ExplainSummary.option))
      return try command.run(invocation.arguments)
    }
  )
}

/// `dodo explain-status INPUT... | -`.
///
/// Inputs are read as bytes and decoded in place (`ExplainDecoder`): with `--json -` a million
/// URLs make no string per parameter, and standard input is decoded in chunks on every
/// processor (`ParallelLineReader`), the results written in input order.
struct ExplainStatusCommand {
  static let redact = OptionSpec(
    "redact", help: "Hide the customer's email (a***@example.com) and license keys ([redacted]) in the output.")

  let context: Context
  let redact: Bool
  private var allDecoded = true
  private var count = 0
  /// Counted when `--summary` is given.
  private var summary: StatusTally?

  init(context: Context, redact: Bool = false, summary: Bool = false) {
    self.context = context
    self.redact = redact
    if summary { self.summary = StatusTally() }
  }

  mutating func run(_ inputs: [String]) throws(CLIError) -> ExitStatus {
    let arguments = makeDecoder()
    for input in inputs {
      if input == "-" {
        emit(arguments)
        var decoders: [ExplainDecoder] = []
        let reader = ParallelLineReader(fd: context.stdinFD) {
          let decoder = makeDecoder()
          decoders.append(decoder)
          return decoder
        }
        do throws(SystemError) {
          try reader.forEachChunk { emit(decoders[$0]) }
        } catch {
          throw CLIError.checkout(.platformError("cannot read standard input: \(error)"))
        }
      } else {
        var input = input
        input.withBytes { arguments.line($0) }
      }
    }
    emit(arguments)
    guard count > 0 else {
      throw CLIError.usage(
        "no input: give a return URL, a query string or a status value (or - with lines on standard input)",
        command: ["dodo", "explain-status"])
    }
    if let summary { ExplainSummary.write(summary, to: context) }
    return allDecoded ? .success : .no
  }

  private func makeDecoder() -> ExplainDecoder {
    ExplainDecoder(json: context.json, redact: redact, style: context.stdoutStyle, summary: summary != nil)
  }

  /// Writes out what `decoder` wrote, after the inputs before it, counts its inputs and empties it.
  private mutating func emit(_ decoder: ExplainDecoder) {
    guard decoder.count > 0 else { return }
    if !context.json && count > 0 { context.stdout.write("\n") }
    context.stdout.write(decoder.output.bytes)
    context.stdout.flush()
    count += decoder.count
    allDecoded = allDecoded && decoder.allDecoded
    if let tally = decoder.summary { summary?.add(tally) }
    decoder.reset()
  }
}
