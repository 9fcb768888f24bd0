import DodoTestSupport
import Testing

@testable import DodoCLI

/// `HelpFormatter.wrap`, which help, `doctor` and `explain-status` lay their text out with:
/// the edge cases the snapshots do not all reach.
@Suite struct HelpWrapTests {
  @Test("words fill each line up to the width, every line indented; runs of spaces are one break")
  func fillsLines() {
    let words = Array(repeating: "word", count: 20).joined(separator: "  ")
    let expected = [
      "    " + Array(repeating: "word", count: 15).joined(separator: " "),
      "    " + Array(repeating: "word", count: 5).joined(separator: " "),
    ].joined(separator: "\n")
    #expect(HelpFormatter.wrap(words, indent: 4) == expected)
  }

  @Test("a paragraph break stays, a blank line stays blank (no indent), a word longer than a line stands alone")
  func paragraphs() {
    let long = String(repeating: "x", count: 90)
    let text = "first paragraph\n\nsecond \(long) end\n"
    expectSameText(HelpFormatter.wrap(text, indent: 2), "  first paragraph\n\n  second\n  \(long)\n  end\n")
  }

  @Test("lengths are counted in characters, and CR LF is one character, not a paragraph break")
  func characters() {
    let accented = String(repeating: "e\u{301}", count: 70)
    #expect(HelpFormatter.wrap("\(accented) a", indent: 0) == "\(accented) a")
    #expect(HelpFormatter.wrap("a\r\nb", indent: 1) == " a\r\nb")
  }
}
