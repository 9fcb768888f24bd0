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
      if invocation.isSet(ExplainSummary.option) { command.summary = ExplainSummary() }
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
  private let writer = JSONWriter()
  private var allDecoded = true
  private var count = 0
  /// Counted when `--summary` is given.
  var summary: ExplainSummary?

  init(context: Context, redact: Bool = false) {
    self.context = context
    self.redact = redact
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
    summary?.write(to: context)
    return allDecoded ? .success : .no
  }

  /// Explains one input, its blanks trimmed; one that is not ASCII is first made valid UTF-8
  /// (U+FFFD for what is not), as every later step expects.
  private mutating func explain(_ line: UnsafeBufferPointer<UInt8>) {
    let input = Self.trimmed(line)
    if input.isEmpty { return }
    count += 1
    if redact, let redacted = ExplainRedaction.redacted(input) {
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
      String(decoding: redact ? ExplainRedaction.redacted(shown) ?? Array(shown) : Array(shown), as: UTF8.self) + "…"
    let error = CheckoutError.invalidReturnUrl(
      "the input is \(start.count) bytes or longer; a return URL is far shorter")
    input.withUTF8 { undecodable($0, error) }
  }

  /// `plain`: the input is printable ASCII without `"` or `\` (`JSONWriter.isPlain`).
  private mutating func explain(utf8 input: UnsafeBufferPointer<UInt8>, plain: Bool = false) {
    do throws(CheckoutError) {
      try ExplainInput.read(input) { query, warnings in
        summary?.add(query.status, warnings)
        if context.json {
          writeJSON(input, query, warnings, plain: plain)
        } else {
          if !writeTextFast(input, query, warnings) { writeText(input, .success(query.result), warnings) }
        }
      }
    } catch {
      allDecoded = false
      summary?.addUndecodable()
      undecodable(input, error)
    }
  }

  private func writeJSON(
    _ input: UnsafeBufferPointer<UInt8>, _ query: ReturnQuery, _ warnings: ExplainWarnings, plain: Bool
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
      warnings.writeJSON(writer)
    }
    endJSON()
  }

  /// An input that cannot be decoded: its error, in the output's form; the rest go on.
  private func undecodable(_ input: UnsafeBufferPointer<UInt8>, _ error: CheckoutError) {
    if context.json { writeJSON(input, error) } else { writeText(input, .failure(error)) }
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

  private func writeText(
    _ input: UnsafeBufferPointer<UInt8>, _ decoded: Result<CheckoutResult, CheckoutError>,
    _ warnings: ExplainWarnings = []
  ) {
    let style = context.stdoutStyle
    var out = count > 1 ? "\n" : ""
    out += style.bold(TerminalText.escaped(String(decoding: input, as: UTF8.self))) + "\n"
    switch decoded {
    case .failure(let error):
      out += Self.field("Error", style.red("\(error.code.rawValue): \(TerminalText.escaped(error.message))"))
      out += Self.field(
        "Next step", "Ask the customer for the full address the checkout returned to, exactly as shown.")
    case .success(let result):
      let explanation = StatusExplanation.of(result.rawStatus).given(
        subscription: result.subscriptionId != nil, unconfirmed: warnings.contains(.unconfirmed))
      let status =
        result.rawStatus.map { "\(result.status.rawValue) (status=\(TerminalText.escaped($0)))" }
        ?? "\(result.status.rawValue) (no status)"
      out += Self.field("Result", style.colored(status, for: result.status))
      for warning in warnings.texts { out += Self.field("Warning", warning) }
      out += Self.field("Meaning", explanation.meaning)
      out += Self.field("Next step", explanation.nextStep)
      if let id = result.paymentId { out += Self.field("Payment", TerminalText.escaped(id)) }
      if let id = result.subscriptionId { out += Self.field("Subscription", TerminalText.escaped(id)) }
      if let email = result.customerEmail { out += Self.field("Email", TerminalText.escaped(email)) }
      if let keys = result.licenseKeys {
        out += Self.field("License keys", keys.map(TerminalText.escaped).joined(separator: ", "))
      }
      let known: Set = ["status", "payment_id", "subscription_id", "email", "license_key"]
      let others = result.parameters.filter { !known.contains($0.name) }
      if !others.isEmpty {
        out += Self.field("Other", others.map { TerminalText.escaped("\($0.name)=\($0.value)") }.joined(separator: " "))
      }
    }
    out.withUTF8 { writer.raw($0) }
    if writer.bytes.count >= Self.chunk { flush() }
  }

  /// Writes the text of one reading straight into the output buffer, byte for byte what
  /// `writeText` makes, when nothing in it needs escaping, colour or wrapping: no colour, and
  /// every shown text printable ASCII without spaces (a value without spaces is never
  /// wrapped). Returns `false`, having written nothing, otherwise. This is the usual return
  /// URL, and `explain-status - > file` over a million of them would spend its time making
  /// strings per line without it.
  private func writeTextFast(_ input: UnsafeBufferPointer<UInt8>, _ query: ReturnQuery, _ warnings: ExplainWarnings)
    -> Bool
  {
    guard !context.stdoutStyle.enabled, input.allSatisfy(Self.isShownAsIs) else { return false }
    let values: [(StaticString, QueryText)] =
      [("Payment", query.paymentId), ("Subscription", query.subscriptionId), ("Email", query.customerEmail)]
      .compactMap { label, text in text.map { (label, $0) } }
    let keys = query.licenseKeys
    let named = values.count + (query.rawStatus == nil ? 0 : 1) + (keys.isEmpty ? 0 : 1)
    guard query.parameters.count == named else { return false }
    guard values.allSatisfy({ $0.1.withDecodedBytes { $0.allSatisfy(Self.isShownAsIs) } }) else { return false }
    var keysLength = 2 * (keys.count - 1)
    for key in keys {
      guard
        key.withDecodedBytes({ bytes in
          keysLength += bytes.count
          return bytes.allSatisfy(Self.isShownAsIs)
        })
      else { return false }
    }
    guard keys.isEmpty || keysLength <= HelpFormatter.width - 17 else { return false }
    let status = query.status
    let statusName = CheckoutStatus.literalName(status)
    let fits =
      query.rawStatus.map { raw in
        raw.withDecodedBytes {
          $0.allSatisfy(Self.isShownAsIs) && statusName.utf8CodeUnitCount + $0.count + 10 <= HelpFormatter.width - 17
        }
      } ?? true
    guard fits else { return false }
    let explanation = StatusExplanation.of(query.rawStatus).given(
      subscription: query.subscriptionId != nil, unconfirmed: warnings.contains(.unconfirmed))
    func add(_ text: StaticString) { text.withUTF8Buffer { writer.raw($0) } }
    if count > 1 { add("\n") }
    writer.raw(input)
    add("\n  Result:        ")
    add(statusName)
    if let raw = query.rawStatus {
      add(" (status=")
      raw.withDecodedBytes { writer.raw($0) }
      add(")\n")
    } else {
      add(" (no status)\n")
    }
    warnings.writeText(writer)
    explanation.textFields.withUnsafeBufferPointer { writer.raw($0) }
    for (label, text) in values {
      add("  ")
      add(label)
      add(":")
      for _ in 0..<(14 - label.utf8CodeUnitCount) { add(" ") }
      text.withDecodedBytes { writer.raw($0) }
      add("\n")
    }
    for (index, key) in keys.enumerated() {
      add(index == 0 ? "  License keys:  " : ", ")
      key.withDecodedBytes { writer.raw($0) }
      if index == keys.count - 1 { add("\n") }
    }
    if writer.bytes.count >= Self.chunk { flush() }
    return true
  }

  /// Printable ASCII other than the space: shown as it is and never wrapped.
  private static func isShownAsIs(_ c: UInt8) -> Bool { c > 0x20 && c < 0x7F }

  static func field(_ label: String, _ value: String) -> String {
    let lead = "  \(label):" + String(repeating: " ", count: max(1, 14 - label.count))
    return lead + HelpFormatter.wrap(value, indent: lead.count).dropFirst(lead.count) + "\n"
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
