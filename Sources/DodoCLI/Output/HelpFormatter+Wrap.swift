extension HelpFormatter {
  /// Word-wraps `text` to the help width, each line indented by `indent` spaces; blank lines
  /// between paragraphs are kept.
  static func wrap(_ text: String, indent: Int) -> String {
    var out: [UInt8] = []
    wrap(text, indent: indent, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `wrap(_:indent:)` into `out`. One pass, counting as it goes, and ASCII read by byte:
  /// arrays of paragraphs, words and lines, and `Character`s, are costly at start-up
  /// (docs/benchmarks.md). Words are cut out at spaces that stand alone in the text, so their
  /// lengths add up: no character of a word joins the space before it.
  static func wrap(_ text: String, indent: Int, into out: inout [UInt8]) {
    // ASCII without CR (nearly all help text): each byte is a character, so words are cut
    // out by byte. Else by character: "\r\n" is one, and so is a space with a combining mark.
    let bytes = Array(text.utf8)
    if bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) {
      wrapByCharacter(text, indent: indent, into: &out)
    } else {
      wrapASCII(bytes, indent: indent, into: &out)
    }
  }

  /// The words of ASCII `bytes` without CR, cut out by byte.
  static func wrapASCII(_ bytes: [UInt8], indent: Int, into out: inout [UInt8]) {
    var lines = WrappedLines(indent: indent)
    var wordStart = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") {
      lines.place(bytes[wordStart..<index], length: index - wordStart, into: &out)
      if bytes[index] == UInt8(ascii: "\n") { lines.endParagraph(into: &out) }
      wordStart = index + 1
    }
    lines.place(bytes[wordStart...], length: bytes.count - wordStart, into: &out)
  }

  /// The words of any text, cut out by character.
  static func wrapByCharacter(_ text: String, indent: Int, into out: inout [UInt8]) {
    var lines = WrappedLines(indent: indent)
    var word = ""
    var length = 0
    func placeWord() {
      lines.place(ArraySlice(word.utf8), length: length, into: &out)
      word = ""
      length = 0
    }
    for character in text {
      guard character == " " || character == "\n" else {
        word.append(character)
        length += 1
        continue
      }
      placeWord()
      if character == "\n" { lines.endParagraph(into: &out) }
    }
    placeWord()
  }
}

/// The lines `HelpFormatter.wrap` lays out, a word at a time, each written as it is placed.
private struct WrappedLines {
  let indent: Int
  /// The characters on the current line after its indent; 0 before its first word.
  private var lineLength = 0

  init(indent: Int) { self.indent = indent }

  /// Puts `word` (`length` characters; none when empty) on the line, or on a new one when it
  /// would pass the width.
  mutating func place(_ word: ArraySlice<UInt8>, length: Int, into out: inout [UInt8]) {
    guard length > 0 else { return }
    if lineLength > 0, indent + lineLength + 1 + length > HelpFormatter.width {
      out.append(UInt8(ascii: "\n"))
      lineLength = 0
    }
    if lineLength > 0 {
      out.append(UInt8(ascii: " "))
      lineLength += 1
    } else {
      out.append(spaces: indent)
    }
    out.append(contentsOf: word)
    lineLength += length
  }

  /// Ends the paragraph: a line break (a paragraph without words leaves a blank line).
  mutating func endParagraph(into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\n"))
    lineLength = 0
  }
}
