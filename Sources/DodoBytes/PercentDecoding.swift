/// Percent-decoding (RFC 3986 `%XX`). A `%` not followed by two hex digits stays as it is,
/// and `+` stays a plus: a URL is not an HTML form. Decoded bytes need not be UTF-8.
public enum PercentDecoding {
  /// The value of a hex digit, or `nil`.
  @inlinable @inline(__always) public static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c &- UInt8(ascii: "A") &+ 10
    default: nil
    }
  }

  @inlinable @inline(__always) public static func isHexDigit(_ c: UInt8) -> Bool { hexValue(c) != nil }

  /// The decoded text; bytes that are not UTF-8 become U+FFFD. `escaped: false` says the
  /// text holds no `%`, so it is its own decoding.
  @inlinable public static func string(_ text: ByteView, escaped: Bool = true) -> String {
    guard escaped else { return text.string }
    // Decodes straight into the string's storage; the initializer repairs what is not UTF-8.
    return String(unsafeUninitializedCapacity: text.count) { decode(text.buffer, into: $0) }
  }

  /// The decoded bytes.
  @inlinable public static func bytes(_ text: ByteView) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in count = decode(text.buffer, into: buffer) }
  }

  /// Calls `body` with the decoded bytes, decoded on the stack when `escaped` (else `text` itself).
  @inlinable
  public static func withDecoded<R>(_ text: ByteView, escaped: Bool = true, _ body: (ByteView) throws -> R) rethrows
    -> R
  {
    guard escaped else { return try body(text) }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { buffer in
      let count = decode(text.buffer, into: buffer)
      return try body(ByteView(UnsafeBufferPointer(rebasing: buffer[..<count])))
    }
  }

  /// Writes the decoded bytes of `source` into `target` (at least as long); their count.
  @usableFromInline
  static func decode(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>) -> Int {
    guard let from = source.baseAddress, let to = target.baseAddress else { return 0 }
    let count = source.count
    var i = 0
    var n = 0
    while i < count {
      // The plain run up to the next `%` is copied whole, found a word at a time.
      let end = ByteWord.scan(source, from: i, to: count, { ByteWord.equal($0, UInt8(ascii: "%")) }, clean: { _, _ in })
      (to + n).initialize(from: from + i, count: end - i)
      n += end - i
      i = end
      guard i < count else { break }
      if i + 2 < count, let high = hexValue(source[i + 1]), let low = hexValue(source[i + 2]) {
        to[n] = high << 4 | low
        i += 3
      } else {
        to[n] = UInt8(ascii: "%")
        i += 1
      }
      n += 1
    }
    return n
  }
}

/// The percent-decoded bytes of a text, one at a time: a comparison that needs no copy.
public struct PercentDecodedBytes: IteratorProtocol {
  private let source: ByteView
  private var position: Int
  private let end: Int

  public init(_ source: ByteView, _ range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= source.count, "range out of bounds")
    self.source = source
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  @inline(__always) public mutating func next() -> UInt8? {
    guard position < end else { return nil }
    let c = source[position]
    if c == UInt8(ascii: "%"), position + 2 < end,
      let high = PercentDecoding.hexValue(source[position + 1]),
      let low = PercentDecoding.hexValue(source[position + 2])
    {
      position += 3
      return high << 4 | low
    }
    position += 1
    return c
  }
}
