import DodoTestSupport
import Testing

/// The line diff that `expectSnapshot`, `expectSameText` and `expectOutcome` show on a
/// mismatch, and what those assertions record.
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

  @Test("expectSameText names the first differing line, escaped, then the diff")
  func firstDifferingLine() {
    withKnownIssue {
      expectSameText("one\ntwo \u{1B}[0m\n", "one\ntwo\n", "the comment")
    } matching: { issue in
      Self.text(of: issue)
        == "the comment\nfirst difference at line 2:\n  expected: \"two\"\n  actual:   \"two \\u{1B}[0m\"\n"
        + "--- expected\n+++ actual\n one\n-two\n+two \u{1B}[0m\n \n"
    }
    withKnownIssue {
      expectSameText(nil, "text\n")
    } matching: {
      Self.text(of: $0) == "no text, where this was expected:\ntext\n"
    }
  }

  @Test("expectOutcome records one issue with the status and each stream that differs; a match records none")
  func outcome() {
    let outcome = ProcessOutput(stdout: "a\nb\n", stderr: "warning\n", status: 1)
    expectOutcome(outcome, status: 1, stdout: "a\nb\n", stderr: "warning\n")
    withKnownIssue {
      expectOutcome(outcome, status: 0, stdout: "a\nc\n", stderr: "warning\n")
    } matching: { issue in
      Self.text(of: issue)
        == "exit status 1, expected 0\nstdout differs: first difference at line 2:\n  expected: \"c\"\n"
        + "  actual:   \"b\"\n--- expected\n+++ actual\n a\n-c\n+b\n \n"
    }
    withKnownIssue {
      expectOutcome(outcome, status: 1, stdout: "a\nb\n")
    } matching: {
      Self.text(of: $0).hasPrefix("stderr differs: first difference at line 1:\n")
    }
  }

  static func text(of issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }
}
