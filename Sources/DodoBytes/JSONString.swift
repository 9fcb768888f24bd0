/// JSON strings written at a `ByteCursor`: the escaping of every JSON writer.
extension ByteCursor {
  /// The room `putJSONString` needs for a text of `count` bytes: each byte becomes at most
  /// six (`\u00XX`), and the quotes.
  @inlinable @inline(__always) public static func jsonStringRoom(_ count: Int) -> Int { count &* 6 &+ 2 }

  /// `text`, UTF-8, quoted and escaped; room for `jsonStringRoom(text.count)` is made by the caller.
  @inlinable @inline(__always) public mutating func putJSONString(_ text: ByteView) {
    put(UInt8(ascii: "\""))
    putJSONEscaped(text)
    put(UInt8(ascii: "\""))
  }

  /// `text` escaped as in a JSON string, without the quotes: runs that need no escape are
  /// copied a word at a time.
  public mutating func putJSONEscaped(_ text: ByteView) {
    var rest = text
    while !rest.isEmpty {
      let copied = put(rest, upTo: ByteClass.needingJSONEscape)
      guard copied < rest.count else { return }
      putEscape(rest[copied])
      rest = rest.view((copied + 1)..<rest.count)
    }
  }

  @usableFromInline static let hex: StaticString = "0123456789abcdef"

  /// The escape of one byte that needs it (`ByteClass.needsJSONEscape`).
  mutating func putEscape(_ c: UInt8) {
    out[0] = UInt8(ascii: "\\")
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = c
    case UInt8(ascii: "\n"): out[1] = UInt8(ascii: "n")
    case UInt8(ascii: "\r"): out[1] = UInt8(ascii: "r")
    case UInt8(ascii: "\t"): out[1] = UInt8(ascii: "t")
    default:
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "0")
      out[3] = UInt8(ascii: "0")
      out[4] = Self.hex.utf8Start[Int(c >> 4)]
      out[5] = Self.hex.utf8Start[Int(c & 0xF)]
      out += 4
    }
    out += 2
  }
}
