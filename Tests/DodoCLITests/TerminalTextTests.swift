import Testing

@testable import DodoCLI

@Suite("Text shown on a terminal")
struct TerminalTextTests {
  @Test(
    "controls, bidi overrides and line separators are shown escaped",
    arguments: [
      ("plain text", "plain text"),
      ("café €", "café €"),
      ("a\u{1B}]0;pwned\u{07}b", "a\\x1b]0;pwned\\x07b"),
      ("line\nbreak\r\ttab", "line\\nbreak\\r\\ttab"),
      ("nul\u{0}del\u{7F}", "nul\\x00del\\x7f"),
      ("c1\u{9B}31m", "c1\\u009b31m"),
      ("evil\u{202E}txt.exe", "evil\\u202etxt.exe"),
      ("iso\u{2066}late\u{2069}", "iso\\u2066late\\u2069"),
      ("sep\u{2028}line", "sep\\u2028line"),
      ("/tmp/\u{EFFF}.yaml", "/tmp/\\xff.yaml"),  // a byte that was not UTF-8 (SystemText)
    ])
  func escaping(_ text: String, _ expected: String) {
    #expect(TerminalText.escaped(text) == expected)
  }
}
