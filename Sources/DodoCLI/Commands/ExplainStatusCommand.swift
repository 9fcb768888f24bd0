import DodoCheckout
import DodoPlatform

extension CommandSpec {
  static let explainStatus: CommandSpec = CommandSpec(
    "explain-status",
    abstract: "Decode a customer's return URL: the result, what it means, and what to do next.",
    discussion: """
      Each INPUT is a return URL, a bare query string (status=…&…, with or without a leading ?), \
      or a bare status value (requires_customer_action). With - the inputs are read from \
      standard input, one per line (blank lines skipped), and decoded as they arrive, so a file \
      of any size streams through in flat memory. Leading and trailing blanks of an input are ignored.

      The result is read exactly as the Dodo Payments iOS SDK reads it. It is a hint, not proof \
      of payment: confirm payments on the backend with the payment.succeeded or \
      subscription.active webhook, and never tell a customer whose outcome is pending or unknown \
      that the payment failed.

      With --json, each input gives one line of JSON: {"input":…,"result":{…},"rawStatus":…,"meaning":…,"nextStep":…}, \
      or {"input":…,"error":{"code":…,"message":…}} for an input that cannot be decoded.
      """,
    arguments: [ArgumentSpec("input", help: "A return URL, a query string or a status value; - reads them from standard input.", repeating: true)],
    examples: [
      .init("dodo explain-status 'myapp://checkout/return?status=succeeded&payment_id=pay_1'", "Explain one return URL."),
      .init("dodo explain-status requires_customer_action", "Explain a bare status value."),
      .init("dodo explain-status --json - < urls.txt", "Decode a file of return URLs, one JSON line each."),
    ],
    exitStatuses: [
      .init(.success, "Every input was decoded."),
      .init(.no, "One or more inputs could not be decoded (the others were)."),
      .init(.usage, "No input at all: no argument, or only blank ones, or - with no non-blank line."),
    ],
    handler: { invocation, context in
      var command = ExplainStatusCommand(context: context)
      return try command.run(invocation.arguments)
    }
  )
}

/// `dodo explain-status INPUT... | -`.
struct ExplainStatusCommand {
  let context: Context
  private let writer = JSONWriter()
  private var allDecoded = true
  private var count = 0

  init(context: Context) { self.context = context }

  mutating func run(_ inputs: [String]) throws -> ExitStatus {
    for input in inputs {
      if input == "-" {
        let reader = LineReader(fd: context.stdinFD)
        do {
          try reader.forEachLine { line in explain(String(decoding: line, as: UTF8.self)) }
        } catch let error as SystemError {
          throw CLIError.checkout(.platformError("cannot read standard input: \(error)"))
        } catch {
          throw CLIError.checkout(.platformError("cannot read standard input: \(error)"))
        }
      } else {
        explain(input)
      }
    }
    guard count > 0 else {
      throw CLIError.usage("no input: give a return URL, a query string or a status value (or - with lines on standard input)", command: ["dodo", "explain-status"])
    }
    return allDecoded ? .success : .no
  }

  private mutating func explain(_ line: String) {
    let input = Self.trimmed(line)
    if input.isEmpty { return }
    count += 1
    let decoded: Result<CheckoutResult, CheckoutError> = Result { () throws(CheckoutError) in try ExplainInput.decode(input) }
    if case .failure = decoded { allDecoded = false }
    if context.json {
      writeJSON(input, decoded)
    } else {
      writeText(input, decoded)
    }
  }

  private mutating func writeJSON(_ input: String, _ decoded: Result<CheckoutResult, CheckoutError>) {
    writer.reset()
    writer.beginObject()
    writer.key("input")
    writer.string(input)
    switch decoded {
    case .success(let result):
      let explanation = StatusExplanation.of(result)
      writer.key("result")
      writer.result(result)
      writer.key("rawStatus")
      writer.string(result.rawStatus)
      writer.key("meaning")
      writer.encoded(explanation.meaningJSON)
      writer.key("nextStep")
      writer.encoded(explanation.nextStepJSON)
    case .failure(let error):
      writer.key("error")
      writer.error(code: error.code.rawValue, message: error.message)
    }
    writer.endObject()
    writer.newline()
    context.stdout.write(writer.bytes)
  }

  private func writeText(_ input: String, _ decoded: Result<CheckoutResult, CheckoutError>) {
    let style = context.stdoutStyle
    var out = count > 1 ? "\n" : ""
    out += style.bold(input) + "\n"
    switch decoded {
    case .failure(let error):
      out += field("Error", style.red("\(error.code.rawValue): \(error.message)"))
      out += field("Next step", "Ask the customer for the full address the checkout returned to, exactly as shown.")
    case .success(let result):
      let explanation = StatusExplanation.of(result)
      let status = result.rawStatus.map { "\(result.status.rawValue) (status=\($0))" } ?? "\(result.status.rawValue) (no status)"
      out += field("Result", Self.colored(result.status, status, style))
      out += field("Meaning", explanation.meaning)
      out += field("Next step", explanation.nextStep)
      if let id = result.paymentId { out += field("Payment", id) }
      if let id = result.subscriptionId { out += field("Subscription", id) }
      if let email = result.customerEmail { out += field("Email", email) }
      if let keys = result.licenseKeys { out += field("License keys", keys.joined(separator: ", ")) }
      let known: Set = ["status", "payment_id", "subscription_id", "email", "license_key"]
      let others = result.parameters.filter { !known.contains($0.name) }
      if !others.isEmpty { out += field("Other", others.map { "\($0.name)=\($0.value)" }.joined(separator: " ")) }
    }
    context.stdout.write(out)
  }

  private func field(_ label: String, _ value: String) -> String {
    let lead = "  \(label):" + String(repeating: " ", count: max(1, 14 - label.count))
    return lead + HelpFormatter.wrap(value, indent: lead.count).dropFirst(lead.count) + "\n"
  }

  private static func colored(_ status: CheckoutStatus, _ text: String, _ style: TextStyle) -> String {
    switch status {
    case .succeeded: style.green(text)
    case .failed, .expired: style.red(text)
    case .pending, .cancelled: style.yellow(text)
    }
  }

  private static func trimmed(_ text: String) -> String {
    let utf8 = text.utf8
    guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
    let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
    if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return text }
    return String(Substring(utf8[first...last]))
  }
}

/// The three kinds of input `explain-status` takes, told apart by their shape.
enum ExplainInput {
  /// Decodes a return URL (text that starts with a scheme and `:`), a query string (starts
  /// with `?`, or holds `=` or `&`), or a bare status value (letters, digits, `_` and `-`).
  static func decode(_ input: String) throws(CheckoutError) -> CheckoutResult {
    let utf8 = input.utf8
    if hasScheme(utf8) { return try CheckoutResult(returnURL: input) }
    if utf8.first == UInt8(ascii: "?") || utf8.contains(UInt8(ascii: "=")) || utf8.contains(UInt8(ascii: "&")) {
      return try CheckoutResult(query: input)
    }
    guard utf8.allSatisfy(isStatusCharacter) else {
      throw .invalidReturnUrl(
        "not a return URL, a query string (status=…&…) or a status value (letters, digits, '_' and '-' only)")
    }
    return CheckoutResult(
      status: CheckoutStatus(statusParameter: input), parameters: [QueryParameter(name: "status", value: input)])
  }

  private static func hasScheme(_ utf8: String.UTF8View) -> Bool {
    guard let first = utf8.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return false }
    for c in utf8.dropFirst() {
      if c == UInt8(ascii: ":") { return true }
      let isSchemeCharacter =
        ((c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
        || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
      if !isSchemeCharacter { return false }
    }
    return false
  }

  private static func isStatusCharacter(_ c: UInt8) -> Bool {
    ((c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
      || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
  }
}
