/// Builds a man(7) page line by line, escaping text so that no word of prose or example can be
/// read as a request or an escape.
struct Roff {
  private(set) var text = ""
  private var afterHeading = false

  /// `.TH NAME SECTION DATE SOURCE MANUAL`.
  init(title: String, section: Int, date: String, source: String, manual: String) {
    request("TH", title.uppercased(), String(section), date, source, manual)
    // Ragged right: a justified line holding a long word (a URL, a JSON shape) makes troff
    // warn "cannot adjust line".
    request("ad", "l")
  }

  /// A request (`.SH NAME`); arguments with spaces are quoted. A paragraph break right after
  /// a heading is left out: the heading already starts a paragraph.
  mutating func request(_ name: String, _ arguments: String...) {
    if name == "PP", afterHeading { return }
    afterHeading = name == "SH" || name == "SS"
    let escaped = arguments.map {
      Self.ascii($0.replacing("\\", with: "\\e").replacing("\"", with: "\\(dq"))
    }
    let quoted = escaped.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }
    text += "." + ([name] + quoted).joined(separator: " ") + "\n"
  }

  /// A line that is already roff (made with `bold`, `italic`, `escape`).
  mutating func line(_ roff: String) {
    afterHeading = false
    text += (roff.hasPrefix(".") || roff.hasPrefix("'") ? "\\&" : "") + roff + "\n"
  }

  /// Plain text: escaped, one line per source line, blank lines dropped.
  mutating func prose(_ plain: String) {
    for line in plain.split(whereSeparator: \.isNewline) {
      let trimmed = line.drop { $0 == " " }
      if !trimmed.isEmpty { self.line(Self.escape(String(trimmed))) }
    }
  }

  /// Paragraphs: each source line of `plain` is its own paragraph.
  mutating func paragraphs(_ plain: String) {
    for line in plain.split(whereSeparator: \.isNewline) where !line.allSatisfy({ $0 == " " }) {
      request("PP")
      prose(String(line))
    }
  }

  mutating func section(_ title: String) { request("SH", title) }
  mutating func subsection(_ title: String) { request("SS", title) }

  /// A tagged paragraph: `tag` (roff) on its own line, `body` (plain text) indented under it.
  mutating func item(_ tag: String, _ body: String) {
    request("TP")
    line(tag)
    prose(body)
  }

  /// An example: what it does, then the command line, set as code.
  mutating func example(_ command: String, _ explanation: String) {
    request("PP")
    prose(explanation)
    request("PP")
    request("RS", "4")
    request("EX")
    line(Self.escape(command))
    request("EE")
    request("RE")
  }

  /// Escapes backslashes, and dashes so that options render as minus signs (`\-`) and can be
  /// searched and copied; a character beyond ASCII as its code point.
  static func escape(_ plain: String) -> String {
    ascii(plain.replacing("\\", with: "\\e").replacing("-", with: "\\-"))
  }

  /// The text in ASCII: troff reads a page in the locale's encoding, and with LANG unset (the
  /// C locale, the ascii device) a raw `…` warns and prints as garbage. The characters the
  /// pages use become troff's own, which every device renders; any other as `\[uXXXX]`.
  static func ascii(_ text: String) -> String {
    guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        out.unicodeScalars.append(scalar)
      } else if let named = named[scalar] {
        out += named
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return out
  }

  private static let named: [Unicode.Scalar: String] = [
    "…": "...", "•": "\\(bu", "×": "\\(mu", "—": "\\(em", "–": "\\(en",
    "’": "\\(cq", "‘": "\\(oq", "“": "\\(lq", "”": "\\(rq", "→": "\\(->",
  ]

  static func bold(_ plain: String) -> String { "\\fB\(escape(plain))\\fR" }
  static func italic(_ plain: String) -> String { "\\fI\(escape(plain))\\fR" }
}
