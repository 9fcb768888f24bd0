import DodoBytes
import Testing

/// `ByteCursor.wrapWritten` against a model that splits the text into words and lines.
@Suite("Wrapping words in place")
struct WordWrapTests {
  /// `text` word-wrapped as `ByteCursor.wrapWritten` does, through arrays of words.
  static func referenceWrap(_ text: [UInt8], indent: Int, width: Int) -> [UInt8] {
    var lines: [[UInt8]] = []
    for word in text.split(separator: UInt8(ascii: " ")) {
      if let last = lines.last, indent + last.count + 1 + word.count <= width {
        lines[lines.count - 1] += [UInt8(ascii: " ")] + word
      } else {
        lines.append(Array(word))
      }
    }
    return Array(lines.joined(separator: [UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: indent)))
  }

  /// `text` written after `lead` and wrapped in place.
  static func wrapped(_ text: [UInt8], lead: Int, indent: Int, width: Int) -> (Bool, [UInt8]) {
    let buffer = ByteBuffer(capacity: lead % 7)
    return buffer.writing { c in
      c.reserve(lead + text.count)
      for _ in 0..<lead { c.put(UInt8(ascii: "L")) }
      text.withBytes { c.put($0) }
      let done = c.wrapWritten(from: lead, indent: indent, width: width)
      return (done, Array(c.written(from: lead)))
    }
  }

  @Test("ASCII is wrapped as the model wraps it, at every width and indent")
  func matchesModel() {
    let words: [[UInt8]] = ["a", "bb", "ccc", " ", "  ", "\u{1B}[31m", "x=1", String(repeating: "w", count: 30)].map {
      Array($0.utf8)
    }
    var seed: UInt64 = 7
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<2000 {
      var text: [UInt8] = []
      for _ in 0..<next(40) { text += words[next(words.count)] }
      let (indent, width, lead) = (next(30), 20 + next(70), next(20))
      let (done, result) = Self.wrapped(text, lead: lead, indent: indent, width: width)
      #expect(done)
      #expect(result == Self.referenceWrap(text, indent: indent, width: width), "\(text) \(indent) \(width)")
    }
  }

  @Test("text that is not ASCII, or holds a line break, is left as it is")
  func notASCII() {
    for text in ["caf\u{E9} au lait", "a\nb", "a\r\nb", "\u{FF5E} wide"] {
      let (done, result) = Self.wrapped(Array(text.utf8), lead: 3, indent: 4, width: 6)
      #expect(!done && result == Array(text.utf8))
    }
  }
}
