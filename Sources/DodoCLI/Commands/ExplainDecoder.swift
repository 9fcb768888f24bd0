@_spi(Scanning) import DodoCheckout
import DodoPlatform

/// `explain-status`'s work on a run of inputs: each decoded in place (`ReturnInput`) and
/// written, as text or JSON, into this decoder's own buffer, with its counts.
///
/// The command has one for its arguments and `ParallelLineReader` one per chunk of standard
/// input, each decoded on whichever thread takes the chunk; the command writes each result
/// out in input order (`ExplainStatusCommand.emit`). The text writer puts a blank line
/// between two inputs, so a decoder's output starts with its first input's block and the
/// command adds the blank line before it when an earlier decoder wrote one.
final class ExplainDecoder: LineChunkDecoder {
  private let json: Bool
  private let redact: Bool
  /// The output, JSON lines or text blocks.
  let writer = JSONWriter()
  private let text: ExplainText
  /// The inputs seen (blank ones are not inputs).
  private(set) var count = 0
  private(set) var allDecoded = true
  /// Counted when `--summary` is given.
  private(set) var summary: StatusTally?

  init(json: Bool, redact: Bool, style: TextStyle, summary: Bool) {
    self.json = json
    self.redact = redact
    text = ExplainText(writer: writer, style: style)
    if summary { self.summary = StatusTally() }
  }

  /// Empties the decoder for its next run of inputs.
  func reset() {
    writer.reset()
    count = 0
    allDecoded = true
    if summary != nil { summary = StatusTally() }
  }

  /// Explains one input, its blanks trimmed; one that is not ASCII is first made valid UTF-8
  /// (U+FFFD for what is not), as every later step expects.
  func line(_ line: UnsafeBufferPointer<UInt8>) {
    let input = Self.trimmed(line)
    if input.isEmpty { return }
    count += 1
    if redact, let redacted = InputRedaction.redacted(input) {
      return redacted.withUnsafeBufferPointer { explain(utf8OrNot: $0) }
    }
    explain(utf8OrNot: input)
  }

  /// A line too long to be any return URL: an input that cannot be decoded, shown by its start.
  func tooLong(_ start: UnsafeBufferPointer<UInt8>) {
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

  private func explain(utf8OrNot input: UnsafeBufferPointer<UInt8>) {
    if JSONWriter.isPlain(input) {
      explain(utf8: input, plain: true)
    } else if JSONWriter.isASCII(input) {
      explain(utf8: input)
    } else {
      var text = String(decoding: input, as: UTF8.self)
      text.withUTF8 { explain(utf8: $0) }
    }
  }

  /// `plain`: the input is printable ASCII without `"` or `\` (`JSONWriter.isPlain`).
  private func explain(utf8 input: UnsafeBufferPointer<UInt8>, plain: Bool = false) {
    do throws(CheckoutError) {
      try ReturnInput.read(input) { query, warnings in
        summary?.add(query.status, warnings)
        if json {
          writeJSON(input, query, warnings, plain: plain)
        } else {
          text.write(input, query, warnings, first: count == 1, plain: plain)
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
    guard json else { return text.write(input, error, first: count == 1) }
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

  private func endJSON() {
    writer.endObject()
    writer.newline()
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
