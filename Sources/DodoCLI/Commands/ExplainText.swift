import DodoBytes
import DodoCheckout

/// `explain-status`'s text output: one block per input, written at a cursor.
///
///     myapp://checkout/return?status=succeeded&payment_id=pay_1
///       Result:        succeeded (status=succeeded)
///       …
///
/// A value is written and wrapped in place; only one that needs wrapping and is not ASCII is
/// laid out again through strings (`field(_:_:)`). Every text from the input is escaped (`TerminalText`).
enum ExplainText {
  /// The room each step makes beyond its text, for the literals after it up to the next text
  /// (at most a colour's codes and `  Subscription:  `), copied without a check of their own.
  private static var literalRoom: Int { 32 }

  /// The input's line; `first`: no blank line before it; `utf8`: the input is known to be
  /// UTF-8 (else it is only echoed when ASCII).
  static func writeInput(
    _ input: ByteView, first: Bool, utf8: Bool, _ style: TextStyle, _ c: inout ByteCursor
  ) -> EchoedInput {
    c.reserve(5 + input.count + literalRoom)
    let start = c.count
    if !first { c.put("\n") }
    if style.enabled { c.put("\u{1B}[1m") }
    let inputStart = c.count
    var echoed = EchoedInput.plain
    if putPrintable(input, &c) != input.count {
      if !utf8 && !input.view((c.count - inputStart)..<input.count).isASCII {
        c.rewind(to: start)
        return .notASCII
      }
      c.rewind(to: inputStart)
      escaped(input, &c)
      echoed = .escaped
    }
    if style.enabled { c.put("\u{1B}[0m") }
    c.put("\n")
    return echoed
  }

  /// The fields of a reading, after its input; `plain`: the input is printable ASCII without
  /// a space, and so is every undecoded text of the query.
  static func writeResult(
    _ query: ReturnQuery, _ block: ByteView, plain: Bool, _ style: TextStyle,
    _ c: inout ByteCursor
  ) {
    let code = style.code(for: query.status)
    c.reserve(64)
    var field = c.count
    c.put("  Result:        ")
    var value = c.count
    if let code {
      c.put("\u{1B}[")
      c.put(code)
      c.put("m")
    }
    c.put(CheckoutStatus.literalName(query.status))
    var simple = true
    if let rawStatus = query.rawStatus {
      c.put(" (status=")
      simple = shown(rawStatus, plain: plain, &c)
      c.put(")")
    } else {
      c.put(" (no status)")
    }
    if code != nil { c.put("\u{1B}[0m") }
    endField(field, value, simple: simple, spaced: true, &c)
    c.reserve(block.count + literalRoom)
    c.put(block)
    if let id = query.paymentId { textField("  Payment:       ", id, plain: plain, &c) }
    if let id = query.subscriptionId { textField("  Subscription:  ", id, plain: plain, &c) }
    if let email = query.customerEmail { textField("  Email:         ", email, plain: plain, &c) }
    let keys = query.licenseKeys
    if !keys.isEmpty {
      field = c.count
      c.put("  License keys:  ")
      value = c.count
      for index in keys.indices {
        if index > 0 { c.put(", ") }
        simple = shown(keys[index], plain: plain, &c) && simple
      }
      endField(field, value, simple: simple, spaced: keys.count > 1, &c)
    }
    field = c.count
    c.put("  Other:         ")
    value = c.count
    simple = true
    for parameter in query.parameters where !isNamed(parameter.name) {
      if c.count > value { c.put(" ") }
      simple = shown(parameter.name, plain: plain, &c) && simple
      c.put("=")
      simple = shown(parameter.value, plain: plain, &c) && simple
    }
    if c.count == value { return c.rewind(to: field) }
    endField(field, value, simple: simple, spaced: true, &c)
  }

  /// The fields of an input that cannot be decoded, laid out through strings: errors are rare.
  static func writeError(_ error: CheckoutError, _ style: TextStyle, _ c: inout ByteCursor) {
    let text = "\(error.code.rawValue): \(TerminalText.escaped(error.message))"
    var fields =
      field("Error", style.enabled ? "\u{1B}[31m" + text + "\u{1B}[0m" : text)
      + field("Next step", StatusExplanation.undecodableNextStep.description)
    fields.withBytes { fields in
      c.reserve(fields.count + literalRoom)
      c.put(fields)
    }
  }

  /// The `Warning:` lines of `warnings`, and the `Meaning:` and `Next step:` lines of
  /// `explanation`, for `ExplanationBlocks`.
  static func block(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> [UInt8] {
    let lines = InputWarnings.entries.filter { warnings.contains($0.warning) }.map {
      field("Warning", $0.text.description)
    }
    return Array(
      (lines.joined() + field("Meaning", explanation.meaning) + field("Next step", explanation.nextStep)).utf8)
  }

  /// `lead` (the label, padded) and `text`.
  private static func textField(_ lead: StaticString, _ text: QueryText, plain: Bool, _ c: inout ByteCursor) {
    let field = c.count
    c.put(lead)
    let value = c.count
    let simple = shown(text, plain: plain, &c)
    endField(field, value, simple: simple, spaced: false, &c)
  }

  /// Ends the field written from `field`, its value from `value`: with a newline when the
  /// value stands on one line as `field(_:_:)` would lay it out, else wrapped: in place when
  /// it is ASCII (`ByteCursor.wrapWritten`), else laid out again through strings.
  ///
  /// `simple`: the value's texts (written by `shown`) are printable ASCII without a space, so
  /// its only spaces are the single ones between them (`spaced`), and whether it stands on one
  /// line is a matter of its length alone.
  private static func endField(_ field: Int, _ value: Int, simple: Bool, spaced: Bool, _ c: inout ByteCursor) {
    let bytes = c.written(from: value)
    let indent = value - field
    let stands =
      simple ? !spaced || indent + bytes.count <= HelpFormatter.width : standsOnOneLine(bytes, indent: indent)
    // A value of ASCII is wrapped in place, as `field(_:_:)` would lay it out.
    if stands || c.wrapWritten(from: value, indent: indent, width: HelpFormatter.width) {
      c.reserve(1 + literalRoom)
      return c.put("\n")
    }
    let label = String(decoding: c.written(from: field).prefix(indent), as: UTF8.self).dropFirst(2).prefix { $0 != ":" }
    var laidOut = Self.field(String(label), String(decoding: bytes, as: UTF8.self))
    c.rewind(to: field)
    laidOut.withBytes { laidOut in
      c.reserve(laidOut.count + literalRoom)
      c.put(laidOut)
    }
  }

  /// Whether `wrap` leaves `value` as it is on one line: no space to break at, or short
  /// enough and single-spaced; counted in bytes, so only for text of single-byte characters.
  private static func standsOnOneLine(_ value: ByteView, indent: Int) -> Bool {
    // The usual value (an ID, an email, a URL), eight bytes at a time.
    if value.isPrintableASCII(spaces: false) { return true }
    var spaced = false
    var previous = UInt8(ascii: " ")
    for c in value {
      guard ByteClass.isPrintable(c) || c == 0x1B else { return false }
      if c == UInt8(ascii: " ") {
        if previous == UInt8(ascii: " ") { return false }
        spaced = true
      }
      previous = c
    }
    return !spaced || (previous != UInt8(ascii: " ") && indent + value.count <= HelpFormatter.width)
  }

  /// A query's text, decoded, as the terminal shows it safely; whether that is printable
  /// ASCII without a space. Undecoded text of a plain input is so as it stands.
  private static func shown(_ text: QueryText, plain: Bool, _ c: inout ByteCursor) -> Bool {
    c.reserve(text.encoded.count + literalRoom)
    if !text.isEscaped {
      if plain {
        c.put(text.encoded)
        return true
      }
      return shownOrEscaped(text.encoded, &c)
    }
    // Most decoded texts (an email's `%40`) are printable ASCII without a space: decoded
    // straight into the output, else from a copy.
    if c.putPercentDecodedIfPrintable(text.encoded) { return true }
    return PercentDecoding.withDecoded(text.encoded, escaped: text.isEscaped) { shownOrEscaped($0, &c) }
  }

  /// `text` (room made for it) as `escaped` shows it; whether it is printable ASCII without a space.
  private static func shownOrEscaped(_ text: ByteView, _ c: inout ByteCursor) -> Bool {
    let start = c.count
    let copied = putPrintable(text, &c)
    if copied == text.count { return true }
    let rest = ByteView(rebasing: text[copied...])
    if rest.isPrintableASCII() {
      c.put(rest)
    } else {
      c.rewind(to: start)
      escaped(text, &c)
    }
    return false
  }

  /// Copies `text` (room made for it) while it is printable ASCII without a space, and returns
  /// how much it copied.
  @inline(__always) private static func putPrintable(_ text: ByteView, _ c: inout ByteCursor) -> Int {
    c.putPrintableASCII(text)
  }

  /// `text` as the terminal shows it safely (`TerminalText.escaped`).
  private static func escaped(_ text: ByteView, _ c: inout ByteCursor) {
    var shown = TerminalText.escaped(String(decoding: text, as: UTF8.self))
    shown.withBytes { shown in
      c.reserve(shown.count + literalRoom)
      c.put(shown)
    }
  }

  /// Whether a parameter has a field of its own (and is not shown under `Other:`): names
  /// compare as the reader's do, plain ASCII by its bytes, anything else decoded.
  private static func isNamed(_ name: QueryText) -> Bool {
    if !name.isEscaped && isFieldName(name.encoded) { return true }
    // Bytes that are not a name's may still decode to one: escaped, or not ASCII.
    guard name.isEscaped || !name.encoded.isASCII else { return false }
    return ["status", "payment_id", "subscription_id", "email", "license_key"].contains(name.decoded)
  }

  /// Whether `bytes` are a field's name, byte for byte.
  private static func isFieldName(_ bytes: ByteView) -> Bool {
    switch bytes.count {
    case 5: bytes.hasBytes("email", at: 0)
    case 6: bytes.hasBytes("status", at: 0)
    case 10: bytes.hasBytes("payment_id", at: 0)
    case 11: bytes.hasBytes("license_key", at: 0)
    case 15: bytes.hasBytes("subscription_id", at: 0)
    default: false
    }
  }

  /// `  Label:` padded to the value's column, and `value` word-wrapped under it.
  static func field(_ label: String, _ value: String) -> String {
    let lead = "  \(label):" + .spaces(max(1, 14 - label.count))
    return lead + HelpFormatter.wrap(value, indent: lead.count).dropFirst(lead.count) + "\n"
  }
}

extension TextStyle {
  /// The SGR code `colored(_:for:)` gives `status`; `nil` without colour.
  fileprivate func code(for status: CheckoutStatus) -> StaticString? {
    guard enabled else { return nil }
    switch status {
    case .succeeded: return "32"
    case .failed, .expired: return "31"
    case .pending, .cancelled: return "33"
    }
  }
}
