import DodoBytes
import DodoCheckout
import DodoPlatform

/// `explain-status`'s work on a run of inputs: each decoded in place (`ReturnInput`) and
/// written, as text or JSON, into this decoder's own buffer, with its counts.
///
/// One for the arguments and one per chunk of standard input (`ParallelLineReader`); the
/// command writes them out in input order, with the blank line between two decoders' text.
final class ExplainDecoder: LineChunkDecoder {
  private let json: Bool
  private let redact: Bool
  private let style: TextStyle
  /// The output, JSON lines or text blocks.
  let output = ByteBuffer()
  private let blocks: ExplanationBlocks
  /// The inputs seen (blank ones are not inputs).
  private(set) var count = 0
  private(set) var allDecoded = true
  /// Counted when `--summary` is given. Unchecked: a decoder is touched by one thread at a
  /// time and never through two accesses at once, and the check that Swift would make
  /// at run time (the property is changed inside a closure) cost more than the count.
  @exclusivity(unchecked) private(set) var summary: StatusTally?

  init(json: Bool, redact: Bool, style: TextStyle, summary: Bool) {
    self.json = json
    self.redact = redact
    self.style = style
    blocks = ExplanationBlocks(json ? { ExplainJSON.block($0, $1) } : { ExplainText.block($0, $1) })
    if summary { self.summary = StatusTally() }
  }

  /// Empties the decoder for its next run of inputs.
  func reset() {
    output.removeAll()
    count = 0
    allDecoded = true
    if summary != nil { summary = StatusTally() }
  }

  /// Explains one input, its blanks trimmed.
  func line(_ line: ByteView) {
    let input = Self.trimmed(line)
    if input.isEmpty { return }
    count += 1
    if redact, let redacted = InputRedaction.redacted(input) {
      return redacted.withBytes { explain(utf8OrNot: $0) }
    }
    explain(utf8OrNot: input)
  }

  /// A line too long to be any return URL: an input that cannot be decoded, shown by its start.
  func tooLong(_ start: ByteView) {
    count += 1
    allDecoded = false
    summary?.addUndecodable()
    let trimmed = Self.trimmed(start)
    let shown = trimmed.view(0..<min(64, trimmed.count))
    var input =
      String(decoding: redact ? InputRedaction.redacted(shown) ?? Array(shown) : Array(shown), as: UTF8.self) + "…"
    let error = CheckoutError.invalidReturnUrl(
      "the input is \(start.count) bytes or longer; a return URL is far shorter")
    input.withBytes { input in
      output.writing { cursor in
        _ = echo(input, utf8: true, &cursor)
        write(error, &cursor)
      }
    }
  }

  /// Echoes the input, then reads and explains it. One that is not ASCII is first made valid
  /// UTF-8 (U+FFFD for what is not), as every later step expects.
  private func explain(utf8OrNot input: ByteView) {
    output.writing { cursor in
      switch echo(input, utf8: false, &cursor) {
      case .plain: explain(input, plain: true, &cursor)
      case .escaped: explain(input, plain: false, &cursor)
      case .notASCII:
        var text = String(decoding: input, as: UTF8.self)
        text.withBytes { input in
          _ = echo(input, utf8: true, &cursor)
          explain(input, plain: false, &cursor)
        }
      }
    }
  }

  private func echo(_ input: ByteView, utf8: Bool, _ cursor: inout ByteCursor) -> EchoedInput {
    guard json else { return ExplainText.writeInput(input, first: count == 1, utf8: utf8, style, &cursor) }
    return ExplainJSON.writeInput(input, utf8: utf8, &cursor)
  }

  /// `plain`: what echoing the input found (`EchoedInput.plain`).
  private func explain(_ input: ByteView, plain: Bool, _ cursor: inout ByteCursor) {
    do throws(CheckoutError) {
      try ReturnInput.read(input) { query, warnings in
        summary?.add(query.status, warnings)
        let explanation = StatusExplanation.of(query).given(
          subscription: query.subscriptionId != nil, unconfirmed: warnings.contains(.unconfirmed))
        let block = blocks.block(explanation, warnings)
        if json {
          ExplainJSON.writeResult(query, block, plain: plain, &cursor)
        } else {
          ExplainText.writeResult(query, block, plain: plain, style, &cursor)
        }
      }
    } catch {
      allDecoded = false
      summary?.addUndecodable()
      write(error, &cursor)
    }
  }

  /// An input that cannot be decoded: its error, in the output's form; the rest go on.
  private func write(_ error: CheckoutError, _ cursor: inout ByteCursor) {
    if json { ExplainJSON.writeError(error, &cursor) } else { ExplainText.writeError(error, style, &cursor) }
  }

  /// `text` without leading and trailing spaces and tabs.
  private static func trimmed(_ text: ByteView) -> ByteView {
    var start = 0
    var end = text.count
    while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
    while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
    return text.view(start..<end)
  }
}
