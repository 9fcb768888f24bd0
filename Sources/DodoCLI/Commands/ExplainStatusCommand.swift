@_spi(Scanning) import DodoCheckout
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
      var command = ExplainStatusCommand(context: context, redact: invocation.isSet(ExplainStatusCommand.redact))
      if invocation.isSet(ExplainSummary.option) { command.summary = StatusTally() }
      return try command.run(invocation.arguments)
    }
  )
}

/// `dodo explain-status INPUT... | -`.
///
/// Inputs are read as bytes and decoded in place (`ReturnQuery`): with `--json -` a million
/// URLs make no string per parameter.
struct ExplainStatusCommand {
  static let redact = OptionSpec(
    "redact", help: "Hide the customer's email (a***@example.com) and license keys ([redacted]) in the output.")

  let context: Context
  let redact: Bool
  private let writer: JSONWriter
  private let text: ExplainText
  private var allDecoded = true
  private var count = 0
  /// Counted when `--summary` is given.
  var summary: StatusTally?

  init(context: Context, redact: Bool = false) {
    self.context = context
    self.redact = redact
    writer = JSONWriter()
    text = ExplainText(writer: writer, style: context.stdoutStyle)
  }

  mutating func run(_ inputs: [String]) throws(CLIError) -> ExitStatus {
    for input in inputs {
      if input == "-" {
        let reader = LineReader(fd: context.stdinFD)
        do throws(SystemError) {
          try reader.forEachLine(beforeWaiting: { flush() }, tooLong: { explainTooLong($0) }, { line in explain(line) })
        } catch {
          throw CLIError.checkout(.platformError("cannot read standard input: \(error)"))
        }
      } else {
        var input = input
        input.withUTF8 { explain($0) }
      }
    }
    flush()
    guard count > 0 else {
      throw CLIError.usage(
        "no input: give a return URL, a query string or a status value (or - with lines on standard input)",
        command: ["dodo", "explain-status"])
    }
    if let summary { ExplainSummary.write(summary, to: context) }
    return allDecoded ? .success : .no
  }

  /// Explains one input, its blanks trimmed; one that is not ASCII is first made valid UTF-8
  /// (U+FFFD for what is not), as every later step expects.
  private mutating func explain(_ line: UnsafeBufferPointer<UInt8>) {
    let input = Self.trimmed(line)
    if input.isEmpty { return }
    count += 1
    if redact, let redacted = InputRedaction.redacted(input) {
      return redacted.withUnsafeBufferPointer { explain(utf8OrNot: $0) }
    }
    explain(utf8OrNot: input)
  }

  private mutating func explain(utf8OrNot input: UnsafeBufferPointer<UInt8>) {
    if JSONWriter.isPlain(input) {
      explain(utf8: input, plain: true)
    } else if JSONWriter.isASCII(input) {
      explain(utf8: input)
    } else {
      var text = String(decoding: input, as: UTF8.self)
      text.withUTF8 { explain(utf8: $0) }
    }
  }

  /// A line too long to be any return URL: an input that cannot be decoded, shown by its start.
  private mutating func explainTooLong(_ start: UnsafeBufferPointer<UInt8>) {
    count += 1
    allDecoded = false
    summary?.addUndecodable()
    let shown = UnsafeBufferPointer(rebasing: Self.trimmed(start).prefix(64))
    var input =
      String(decoding: redact ? InputRedaction.redacted(shown) ?? Array(shown) : Array(shown), as: UTF8.self) + "…"
    let error = CheckoutError.invalidReturnUrl(
      "the input is \(start.count) bytes or longer; a return URL is far shorter")
    input.withUTF8 { undecodable($0, error) }
  }

  /// `plain`: the input is printable ASCII without `"` or `\` (`JSONWriter.isPlain`).
  private mutating func explain(utf8 input: UnsafeBufferPointer<UInt8>, plain: Bool = false) {
    do throws(CheckoutError) {
      try ReturnInput.read(input) { query, warnings in
        summary?.add(query.status, warnings)
        if context.json {
          writeJSON(input, query, warnings, plain: plain)
        } else {
          text.write(input, query, warnings, first: count == 1)
          if writer.count >= Self.chunk { flush() }
        }
      }
    } catch {
      allDecoded = false
      summary?.addUndecodable()
      undecodable(input, error)
    }
  }

  private func writeJSON(
    _ input: UnsafeBufferPointer<UInt8>, _ query: ReturnQuery, _ warnings: InputWarnings, plain: Bool
  ) {
    let explanation = StatusExplanation.of(query.rawStatus).given(
      subscription: query.subscriptionId != nil, unconfirmed: warnings.contains(.unconfirmed))
    beginJSON(input, plain: plain)
    writer.key("result")
    writer.result(query, plainURL: plain)
    writer.key("rawStatus")
    writer.string(query.rawStatus, plainURL: plain)
    writer.key("meaning")
    explanation.meaningText.withUTF8Buffer { writer.plainString($0) }
    writer.key("nextStep")
    explanation.nextStepText.withUTF8Buffer { writer.plainString($0) }
    if !warnings.isEmpty {
      writer.key("warnings")
      writer.beginArray()
      for (index, entry) in InputWarnings.entries.enumerated() where warnings.contains(entry.warning) {
        Self.warningsJSON[index].withUnsafeBufferPointer { writer.encoded($0) }
      }
      writer.endArray()
    }
    endJSON()
  }

  /// Each warning's text as a JSON string, encoded once, in `InputWarnings.entries`' order.
  private static let warningsJSON: [[UInt8]] = InputWarnings.entries.map { JSONWriter.encoded($0.text.description) }

  /// An input that cannot be decoded: its error, in the output's form; the rest go on.
  private func undecodable(_ input: UnsafeBufferPointer<UInt8>, _ error: CheckoutError) {
    if context.json { return writeJSON(input, error) }
    text.write(input, error, first: count == 1)
    if writer.count >= Self.chunk { flush() }
  }

  private func writeJSON(_ input: UnsafeBufferPointer<UInt8>, _ error: CheckoutError) {
    beginJSON(input)
    writer.key("error")
    writer.error(code: error.code.rawValue, message: error.message)
    endJSON()
  }

  private func beginJSON(_ input: UnsafeBufferPointer<UInt8>, plain: Bool = false) {
    writer.beginObject()
    writer.key("input")
    if plain { writer.plainString(input) } else { writer.utf8String(input) }
  }

  /// Ends a line of JSON. Lines collect in the writer and go out in large chunks (see
  /// `flush()`), each written once.
  private func endJSON() {
    writer.endObject()
    writer.newline()
    if writer.bytes.count >= Self.chunk { flush() }
  }

  private static let chunk = 64 * 1024

  /// Sends what is written so far: before waiting for more input, and at the end.
  private func flush() {
    context.stdout.write(writer.bytes)
    context.stdout.flush()
    writer.reset()
  }

  /// `text` without leading and trailing spaces and tabs.
  private static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = text.count
    while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
    while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
    return UnsafeBufferPointer(rebasing: text[start..<end])
  }
}
