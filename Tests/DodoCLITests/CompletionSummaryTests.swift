import Testing

@testable import DodoCLI

/// `CompletionModel.summary` and `quoted`, which the completion scripts describe and quote
/// every word with: their byte paths for ASCII give what the general paths give.
@Suite struct CompletionSummaryTests {
  @Test("the byte path of summary gives what the character path gives, for every help text and the edge cases")
  func bytePathMatchesCharacterPath() {
    let edges = [
      "", ".", "..", "a.. b", "ends.", "ends..", "x. y. z", "no period", "a.b c. d", "a. ", " . x", "v1.2 is. out",
      "tab\there. x", "two\nlines. x", "\nlead", "cr\r\nlf. x", "line\u{2028}sep. x", "caf\u{E9}. x",
    ]
    for text in HelpWrapTests.helpTexts() + edges {
      #expect(CompletionModel.summary(text) == CompletionModel.summaryByCharacter(text), "\(text)")
    }
    #expect(CompletionModel.summary("First. Second.") == "First")
    #expect(CompletionModel.summary("a.. b") == "a")
    #expect(CompletionModel.summary("Only one..") == "Only one.")
  }

  @Test("a word without a quote is quoted as it is; one with quotes has each closed, escaped and reopened")
  func quoting() {
    #expect(CompletionModel.quoted("--return-url") == "'--return-url'")
    #expect(CompletionModel.quoted("") == "''")
    #expect(CompletionModel.quoted("a'b'") == "'a'\\''b'\\'''")
  }

  @Test("holds finds a byte at every offset of a word, as utf8.contains does")
  func holdsAtEveryOffset() {
    for length in 0...20 {
      for at in 0..<max(length, 1) {
        var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
        if at < length { bytes[at] = UInt8(ascii: "'") }
        let text = String(decoding: bytes + Array("\u{E9}".utf8), as: UTF8.self)
        #expect(text.holds(UInt8(ascii: "'")) == text.utf8.contains(UInt8(ascii: "'")), "\(text)")
        #expect(text.holds(UInt8(ascii: "'")) == (at < length))
      }
    }
  }
}
