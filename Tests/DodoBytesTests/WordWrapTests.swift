import DodoBytes
import Testing

/// `ByteCursor.wrapWritten` against a model that splits the text into words and lines.
@Suite("Wrapping words in place")
struct WordWrapTests {
  @Test("ASCII is wrapped as the model wraps it, at every width and indent")
  func matchesModel() {
    let words: [[UInt8]] = ["a", "bb", "ccc", " ", "  ", "\u{1B}[31m", "x=1", String(repeating: "w", count: 30)].map {
      Array($0.utf8)
    }
    var numbers = SeededNumbers(seed: 7)
    func next(_ bound: Int) -> Int { numbers.next(bound) }
    for _ in 0..<2000 {
      var text: [UInt8] = []
      for _ in 0..<next(40) { text += words[next(words.count)] }
      let (indent, width, lead) = (next(30), 20 + next(70), next(20))
      let (done, result) = ByteModels.wrapped(text, lead: lead, indent: indent, width: width)
      #expect(done)
      #expect(result == ByteModels.referenceWrap(text, indent: indent, width: width), "\(text) \(indent) \(width)")
    }
  }

  @Test("text that is not ASCII, or holds a line break, is left as it is")
  func notASCII() {
    for text in ["caf\u{E9} au lait", "a\nb", "a\r\nb", "\u{FF5E} wide"] {
      let (done, result) = ByteModels.wrapped(Array(text.utf8), lead: 3, indent: 4, width: 6)
      #expect(!done && result == Array(text.utf8))
    }
  }
}
