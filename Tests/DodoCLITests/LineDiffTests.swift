import DodoTestSupport
import Testing

/// The line diff that `expectSnapshot` and `expectSameText` show on a mismatch.
@Suite struct LineDiffTests {
  @Test("a changed line shows as removed then added, with two lines of context; the rest is left out")
  func changedLine() {
    let old = (1...9).map { "line \($0)\n" }.joined()
    let new = old.replacing("line 5\n", with: "line five\n")
    #expect(lineDiff(from: old, to: new) == "…\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n…\n")
  }

  @Test("added and removed lines, and a missing final newline")
  func addedRemovedAndFinalNewline() {
    #expect(lineDiff(from: "a\nb\n", to: "a\nx\nb\n") == " a\n+x\n b\n \n")
    #expect(lineDiff(from: "a\nb\nc", to: "a\nc") == " a\n-b\n c\n")
    #expect(lineDiff(from: "a\n", to: "a") == " a\n-\n")
    #expect(lineDiff(from: "same\n", to: "same\n") == "…\n")
  }
}
