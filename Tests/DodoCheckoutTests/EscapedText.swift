import Testing

/// A text test argument that the test log shows with its control characters (C0, DEL, C1)
/// escaped (`"a\u{1B}[31m"`), so that they never reach the terminal or CI log raw.
struct EscapedText: Sendable, CustomTestStringConvertible {
  var text: String
  init(_ text: String) { self.text = text }

  var testDescription: String {
    let escaped = text.unicodeScalars.map { scalar in
      switch scalar.value {
      case 0..<0x20, 0x7F...0x9F: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      case 0x22, 0x5C: "\\\(scalar)"
      default: String(scalar)
      }
    }
    return "\"" + escaped.joined() + "\""
  }
}
