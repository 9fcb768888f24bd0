@_spi(Scanning) import DodoCheckout

/// `explain-status`'s text output: one block per input, written straight into the output
/// buffer.
///
///     myapp://checkout/return?status=succeeded&payment_id=pay_1
///       Result:        succeeded (status=succeeded)
///       Meaning:       The customer completed a one-time payment.
///       …
///
/// Each field is its label, padded to one column, and its value, word-wrapped at the help
/// width with continuation lines under the value (`field(_:_:)`). A value is written in
/// place; only one that needs wrapping (a space in it, and too long or oddly spaced for one
/// line) or is not ASCII is laid out again through strings, so the usual return URL makes no
/// string. Every text from the input is escaped (`TerminalText`).
struct ExplainText {
  let writer: JSONWriter
  let style: TextStyle

  /// The fields laid out so far, each at most once per run.
  private let laidOut = LaidOutFields()

  /// The parameters with a field of their own; the others are shown under `Other:`.
  private static let named: [StaticString] = ["status", "payment_id", "subscription_id", "email", "license_key"]

  /// The block of one reading; `first`: no blank line before it; `plain`: the input is
  /// printable ASCII (`JSONWriter.isPlain`), and so is every undecoded text of the query.
  ///
  /// The fields' closures take the query's parts, not the query: capturing it would copy it
  /// (and retain its arrays) for each field.
  func write(
    _ input: UnsafeBufferPointer<UInt8>, _ query: ReturnQuery, _ warnings: InputWarnings, first: Bool,
    plain: Bool = false
  ) {
    writeInput(input, first: first, plain: plain)
    let status = query.status
    let rawStatus = query.rawStatus
    let explanation = StatusExplanation.of(rawStatus).given(
      subscription: query.subscriptionId != nil, unconfirmed: warnings.contains(.unconfirmed))
    field("Result") {
      styled(style.code(for: status)) {
        add(CheckoutStatus.literalName(status))
        if let rawStatus {
          add(" (status=")
          shown(rawStatus, plain: plain)
          add(")")
        } else {
          add(" (no status)")
        }
      }
    }
    if !warnings.isEmpty {
      for (index, entry) in InputWarnings.entries.enumerated() where warnings.contains(entry.warning) {
        laidOut.warning(index).withUnsafeBufferPointer { writer.raw($0) }
      }
    }
    laidOut.explanation(explanation).withUnsafeBufferPointer { writer.raw($0) }
    if let id = query.paymentId { field("Payment") { shown(id, plain: plain) } }
    if let id = query.subscriptionId { field("Subscription") { shown(id, plain: plain) } }
    if let email = query.customerEmail { field("Email") { shown(email, plain: plain) } }
    let keys = query.licenseKeys
    if !keys.isEmpty {
      field("License keys") {
        for (index, key) in keys.enumerated() {
          if index > 0 { add(", ") }
          shown(key, plain: plain)
        }
      }
    }
    let parameters = query.parameters
    if parameters.contains(where: { !Self.isNamed($0.name) }) {
      field("Other") {
        var first = true
        for parameter in parameters where !Self.isNamed(parameter.name) {
          if !first { add(" ") }
          first = false
          shown(parameter.name, plain: plain)
          add("=")
          shown(parameter.value, plain: plain)
        }
      }
    }
  }

  /// The block of an input that cannot be decoded.
  func write(_ input: UnsafeBufferPointer<UInt8>, _ error: CheckoutError, first: Bool) {
    writeInput(input, first: first)
    field("Error") {
      styled(style.enabled ? "31" : nil) {
        var text = "\(error.code.rawValue): \(TerminalText.escaped(error.message))"
        text.withUTF8 { writer.raw($0) }
      }
    }
    field("Next step") { add(StatusExplanation.undecodableNextStep) }
  }

  private func writeInput(_ input: UnsafeBufferPointer<UInt8>, first: Bool, plain: Bool = false) {
    if !first { add("\n") }
    styled(style.enabled ? "1" : nil) { if plain { writer.raw(input) } else { escaped(input) } }
    add("\n")
  }

  /// `"  Label:" + padding + value + "\n"`, with the value `write` writes wrapped as
  /// `field(_:_:)` wraps it.
  private func field(_ label: StaticString, _ write: () -> Void) {
    let start = writer.count
    add("  ")
    add(label)
    add(":")
    let padding = max(1, 14 - label.utf8CodeUnitCount)
    Self.spaces.withUTF8Buffer { writer.raw(UnsafeBufferPointer(rebasing: $0.prefix(padding))) }
    let valueStart = writer.count
    write()
    let value = UnsafeBufferPointer(rebasing: writer.bytes[valueStart...])
    if !Self.standsOnOneLine(value, indent: valueStart - start) {
      let text = String(decoding: value, as: UTF8.self)
      writer.truncate(to: start)
      var laidOut = Self.field(label.description, text)
      laidOut.withUTF8 { writer.raw($0) }
      return
    }
    add("\n")
  }

  /// The padding after a field's label, at most the longest there is.
  private static let spaces: StaticString = "             "

  /// Whether `wrap` leaves `value` as it is on one line: no space to break at, or short
  /// enough and single-spaced; counted in bytes, so only for text of single-byte characters.
  private static func standsOnOneLine(_ value: UnsafeBufferPointer<UInt8>, indent: Int) -> Bool {
    // The usual value (an ID, an email, a URL), eight bytes at a time.
    if JSONWriter.isPrintableASCII(value, spaces: false) { return true }
    var spaced = false
    var previous = UInt8(ascii: " ")
    for c in value {
      guard (c >= 0x20 && c < 0x7F) || c == 0x1B else { return false }
      if c == UInt8(ascii: " ") {
        if previous == UInt8(ascii: " ") { return false }
        spaced = true
      }
      previous = c
    }
    return !spaced || (previous != UInt8(ascii: " ") && indent + value.count <= HelpFormatter.width)
  }

  /// `text` as the terminal shows it safely: as it is when it is printable ASCII, else
  /// through `TerminalText.escaped`.
  private func escaped(_ text: UnsafeBufferPointer<UInt8>) {
    if JSONWriter.isPrintableASCII(text) { return writer.raw(text) }
    var shown = TerminalText.escaped(String(decoding: text, as: UTF8.self))
    shown.withUTF8 { writer.raw($0) }
  }

  /// A query's text, decoded, as `escaped` shows it; undecoded text of a plain input is
  /// printable as it stands.
  private func shown(_ text: QueryText, plain: Bool) {
    if plain && !text.isEscaped { return writer.raw(text.encoded) }
    text.withDecodedBytes { escaped($0) }
  }

  /// What `write` writes, in the SGR `code` (`nil`: plain).
  private func styled(_ code: StaticString?, _ write: () -> Void) {
    guard let code else { return write() }
    add("\u{1B}[")
    add(code)
    add("m")
    write()
    add("\u{1B}[0m")
  }

  private func add(_ text: StaticString) { text.withUTF8Buffer { writer.raw($0) } }

  private static func isNamed(_ name: QueryText) -> Bool {
    if name.isEscaped ? false : name.encoded.allSatisfy({ $0 < 0x80 }) {
      return named.contains { known in
        known.withUTF8Buffer { $0.count == name.encoded.count && $0.elementsEqual(name.encoded) }
      }
    }
    let decoded = name.decoded
    return named.contains { $0.description == decoded }
  }

  /// `  Label:` padded to the value's column, and `value` word-wrapped under it.
  static func field(_ label: String, _ value: String) -> String {
    let lead = "  \(label):" + String(repeating: " ", count: max(1, 14 - label.count))
    return lead + HelpFormatter.wrap(value, indent: lead.count).dropFirst(lead.count) + "\n"
  }
}

/// The `Meaning:` and `Next step:` lines of each explanation and the `Warning:` line of each
/// warning, laid out (word-wrapped, through strings) the first time one is needed and reused
/// after: a million inputs lay each out once, and one input lays out only its own (laying
/// out all of them up front cost a single `explain-status URL` 0.7 ms, half its run).
private final class LaidOutFields {
  private var explanations = [[UInt8]?](repeating: nil, count: StatusExplanation.allCases.count)
  private var warnings = [[UInt8]?](repeating: nil, count: InputWarnings.entries.count)

  func explanation(_ explanation: StatusExplanation) -> [UInt8] {
    if let bytes = explanations[explanation.rawValue] { return bytes }
    let bytes = Array(
      (ExplainText.field("Meaning", explanation.meaning) + ExplainText.field("Next step", explanation.nextStep)).utf8)
    explanations[explanation.rawValue] = bytes
    return bytes
  }

  /// The line of `InputWarnings.entries[index]`.
  func warning(_ index: Int) -> [UInt8] {
    if let bytes = warnings[index] { return bytes }
    let bytes = Array(ExplainText.field("Warning", InputWarnings.entries[index].text.description).utf8)
    warnings[index] = bytes
    return bytes
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
