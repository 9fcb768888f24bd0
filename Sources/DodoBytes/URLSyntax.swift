/// The byte loops of reading a URL's generic syntax (RFC 3986): where its text stops being
/// URL text, whether a scheme's bytes are a scheme's, where an authority ends, a port's
/// digits; each reads the bytes without a bounds check per byte. What the parts mean, and
/// which faults a caller accepts where, is the reader's business.
public enum URLSyntax {
  /// The first byte of `bytes[range]` that is not URL text (`QueryFault`'s kinds: a space,
  /// a control character, a `%` not followed by two hex digits within the range), or, with
  /// `stoppingAtQuery`, the first `?` or `#` if it comes first; `fault` is `nil` when the
  /// scan stopped at one of those or at the range's end (`index` then).
  @inlinable @inline(__always)
  public static func scanText(
    _ bytes: ByteView, in range: Range<Int>, stoppingAtQuery: Bool
  ) -> (index: Int, fault: QueryFault?) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
    let buffer = bytes.buffer
    let end = range.upperBound
    var i = range.lowerBound
    while true {
      i =
        stoppingAtQuery
        ? ByteWord.scan(buffer, from: i, to: end, notPlainOrQuery) { _, _ in }
        : ByteWord.scan(buffer, from: i, to: end, notPlain) { _, _ in }
      guard i < end else { return (end, nil) }
      switch buffer[i] {
      case UInt8(ascii: "?"), UInt8(ascii: "#"): return (i, nil)  // marked only when stopping at them
      case 0x20: return (i, .space(at: i))
      case 0..<0x20, 0x7F: return (i, .controlCharacter(at: i))
      case UInt8(ascii: "%"):
        guard i &+ 2 < end, PercentDecoding.isHexDigit(buffer[i &+ 1]), PercentDecoding.isHexDigit(buffer[i &+ 2])
        else { return (i, .malformedEscape(at: i)) }
        i &+= 3
      case 0xC2 where i &+ 1 < end && (0x80...0x9F).contains(buffer[i &+ 1]):
        return (i, .controlCharacter(at: i))  // U+0080...U+009F, the C1 controls
      default:
        i &+= 1
      }
    }
  }

  /// Whether `bytes[range]` is a scheme: a letter, then letters, digits, `+`, `-` and `.`.
  @inlinable @inline(__always)
  public static func isScheme(_ bytes: ByteView, _ range: Range<Int>) -> Bool {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
    guard !range.isEmpty else { return false }
    let buffer = bytes.buffer
    guard isAlpha(buffer[range.lowerBound]) else { return false }
    var i = range.lowerBound &+ 1
    while i < range.upperBound {
      let c = buffer[i]
      guard isAlpha(c) || isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
      else { return false }
      i &+= 1
    }
    return true
  }

  /// Where an authority that starts at `start` ends: the first `/` before `end`, or `end`;
  /// with the last `@` before that (the end of a userinfo), or `nil`.
  @inlinable @inline(__always)
  public static func authorityEnd(_ bytes: ByteView, from start: Int, to end: Int) -> (end: Int, lastAt: Int?) {
    precondition(start >= 0 && start <= end && end <= bytes.count, "range out of bounds")
    let buffer = bytes.buffer
    var i = start
    var lastAt: Int?
    while true {
      i = ByteWord.scan(buffer, from: i, to: end, slashOrAt) { _, _ in }
      guard i < end, buffer[i] == UInt8(ascii: "@") else { return (i, lastAt) }
      lastAt = i
      i &+= 1
    }
  }

  /// The number `bytes[range]` writes in decimal digits; `nil` when a byte is not a digit or
  /// there are more than eighteen (which could overflow).
  @inlinable @inline(__always)
  public static func decimalValue(_ bytes: ByteView, _ range: Range<Int>) -> Int? {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
    guard range.count <= 18 else { return nil }
    let buffer = bytes.buffer
    var value = 0
    var i = range.lowerBound
    while i < range.upperBound {
      let c = buffer[i]
      guard isDigit(c) else { return nil }
      value = value &* 10 &+ Int(c &- UInt8(ascii: "0"))
      i &+= 1
    }
    return value
  }

  @inlinable @inline(__always) static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 }
  @inlinable @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

  /// Marks the bytes of `word` that are not in 0x21...0x7E, and `%`.
  @inlinable @inline(__always) static func notPlain(_ word: UInt64) -> UInt64 {
    (~ByteWord.atLeast(word, 0x21) | ByteWord.atLeast(word, 0x7F)) & ByteWord.highs
      | ByteWord.exactlyEqual(word, UInt8(ascii: "%"))
  }

  /// `notPlain`'s marks, and `?` and `#`.
  @inlinable @inline(__always) static func notPlainOrQuery(_ word: UInt64) -> UInt64 {
    notPlain(word) | ByteWord.exactlyEqual(word, UInt8(ascii: "?")) | ByteWord.exactlyEqual(word, UInt8(ascii: "#"))
  }

  @inlinable @inline(__always) static func slashOrAt(_ word: UInt64) -> UInt64 {
    ByteWord.exactlyEqual(word, UInt8(ascii: "/")) | ByteWord.exactlyEqual(word, UInt8(ascii: "@"))
  }
}

extension ByteView {
  /// Whether the byte at `offset` is `byte`; `false` when `offset` is outside the view (one
  /// comparison where a caller's own bound test and a subscript's would be two).
  @inlinable @inline(__always) public func has(_ byte: UInt8, at offset: Int) -> Bool {
    UInt(bitPattern: offset) < UInt(bitPattern: buffer.count) && buffer[offset] == byte
  }
}
