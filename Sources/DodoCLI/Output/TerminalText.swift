/// Text from outside — a return URL, a record on disk, a plugin's file name, a path in an
/// error — made safe to show on a terminal.
///
/// A customer's return URL can carry `%1b]0;…`: decoded and printed as it is, it would
/// retitle the window, move the cursor or hide text. Every character that a terminal acts on
/// instead of showing is written as an escape a person can read: `\n`, `\r`, `\t`, `\x1b` for
/// C0 controls and DEL, `\u202e` for C1 controls, bidirectional overrides and line
/// separators; a byte that was not UTF-8 in a path or an argument (`SystemText`) as `\xff`.
/// `--json` output needs none of this: JSON escapes its own strings.
enum TerminalText {
  /// `text` with every control, bidi and line-separator character escaped; printable text
  /// (any script) is unchanged.
  static func escaped(_ text: String) -> String {
    // Most text is plain ASCII: one pass to find out, no copy.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x00..<0x20, 0x7F: out += "\\x" + hex(scalar.value, digits: 2)
      case 0xEF80...0xEFFF: out += "\\x" + hex(scalar.value - 0xEF00, digits: 2)
      case 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
        out += "\\u" + hex(scalar.value, digits: 4)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
