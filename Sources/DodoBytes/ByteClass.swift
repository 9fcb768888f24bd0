/// Byte classes the writers test text against: each word function marks the bytes of a
/// word in the class (`ByteWord`), each byte function tells one byte.
public enum ByteClass {
  /// Bytes a JSON string cannot hold as they are: control characters, `"` and `\`.
  @inlinable @inline(__always) public static func needingJSONEscape(_ word: UInt64) -> UInt64 {
    ByteWord.below(word, 0x20) | ByteWord.equal(word, UInt8(ascii: "\"")) | ByteWord.equal(word, UInt8(ascii: "\\"))
  }

  /// Marks the bytes `needingJSONEscape` marks, those that are not ASCII, and also space and
  /// `!`: below 0x23 in one comparison, for a scan that only looks for the rare byte. Only the
  /// first mark is exact.
  @inlinable @inline(__always) public static func needingJSONCheck(_ word: UInt64) -> UInt64 {
    ((word &- ByteWord.ones &* 0x23) | word | ByteWord.equal(word, UInt8(ascii: "\\"))) & ByteWord.highs
  }

  @inlinable @inline(__always) public static func needsJSONEscape(_ c: UInt8) -> Bool {
    c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\")
  }

  /// Bytes a terminal does not show as they are: controls, DEL and all that is not ASCII.
  @inlinable @inline(__always) public static func unprintable(_ word: UInt64) -> UInt64 {
    ByteWord.below(word, 0x20) | ByteWord.equal(word, 0x7F) | ByteWord.nonASCII(word)
  }

  @inlinable @inline(__always) public static func isPrintable(_ c: UInt8) -> Bool { c >= 0x20 && c < 0x7F }

  /// A letter or a digit.
  @inlinable @inline(__always) public static func isAlphanumeric(_ c: UInt8) -> Bool {
    ((c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z"))
      || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
  }

  /// `c` with an ASCII capital letter made small.
  @inlinable @inline(__always) public static func lower(_ c: UInt8) -> UInt8 {
    c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c
  }
}

extension ByteView {
  /// Whether the bytes equal `other`'s, ASCII letters compared ignoring case.
  @inlinable public func equalsIgnoringCase(_ other: ByteView) -> Bool {
    guard count == other.count else { return false }
    for i in 0..<count where ByteClass.lower(buffer[i]) != ByteClass.lower(other.buffer[i]) { return false }
    return true
  }

  @inlinable public func equalsIgnoringCase(_ literal: StaticString) -> Bool {
    literal.withBytes { equalsIgnoringCase($0) }
  }

  /// Whether the bytes start with the lower-case ASCII `prefix`, compared ignoring case.
  @inlinable public func hasPrefixIgnoringCase(_ prefix: StaticString) -> Bool {
    prefix.withBytes { prefix in
      count >= prefix.count && zip(self, prefix).allSatisfy { ByteClass.lower($0) == $1 }
    }
  }
}

extension ByteView {
  /// The bytes as text with their ASCII capital letters made small, written straight into the
  /// string's storage (a lazily mapped view would make the runtime look up generic
  /// conformances on first use).
  public var asciiLowercased: String {
    String(unsafeUninitializedCapacity: count) { target in
      for offset in 0..<count { target[offset] = ByteClass.lower(buffer[offset]) }
      return count
    }
  }
}
