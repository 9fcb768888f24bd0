/// Percent-decoding of already validated URL text (see `URLReader.checkCharacters`).
///
/// `+` stays a literal plus: a return URL is a URL, not an HTML form, and the iOS SDK
/// reads `email=a+b%40x.com` as `a+b@x.com`. Decoded bytes that are not UTF-8 become
/// U+FFFD, as `String(decoding:as:)` does, so decoding never fails.
@_spi(Scanning) public enum PercentDecoding {
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    string(bytes, range, escaped: bytes[range].contains(UInt8(ascii: "%")))
  }

  /// `string(_:_:)` for a caller that already knows whether the range holds a `%`.
  @inline(__always)
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    guard escaped else { return String(decoding: slice, as: UTF8.self) }
    // Decodes straight into the string's storage (inline for up to 15 bytes); the
    // initializer repairs bytes that are not UTF-8.
    return String(unsafeUninitializedCapacity: slice.count) { buffer in decode(slice, into: buffer) }
  }

  /// Writes the decoded bytes of `source` into `target` (at least as long) and returns their count.
  public static func decode(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>) -> Int
  {
    guard let from = source.baseAddress, let to = target.baseAddress else { return 0 }
    let count = source.count
    var i = 0
    var n = 0
    while i < count {
      // The run up to the next `%` is copied whole, found eight bytes at a time: an escaped
      // text is mostly plain (`customer%40example.com`), and byte by byte cost about 18
      // instructions a byte.
      var end = i
      while end + 8 <= count, !ByteWord.any(ByteWord(source, at: end).equal(to: UInt8(ascii: "%"))) {
        end += 8
      }
      while end < count, source[end] != UInt8(ascii: "%") { end += 1 }
      (to + n).initialize(from: from + i, count: end - i)
      n += end - i
      i = end
      guard i < count else { break }
      if i + 2 < count, let high = URLReader.hexValue(source[i + 1]), let low = URLReader.hexValue(source[i + 2]) {
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

/// The percent-decoded bytes of a range of validated URL text, one at a time.
///
/// Lets matching compare a path byte for byte without building a string: comparing decoded
/// `String`s would equate canonically equivalent text (`K` and U+212A KELVIN SIGN, NFC and
/// NFD `é`) and every invalid UTF-8 byte (all read as U+FFFD), so two different paths would match.
struct PercentDecodedBytes: IteratorProtocol {
  private let source: UnsafeBufferPointer<UInt8>
  private var position: Int
  private let end: Int

  init(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    self.source = source
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  @inline(__always) mutating func next() -> UInt8? {
    guard position < end else { return nil }
    let c = source[position]
    if c == UInt8(ascii: "%"), position + 2 < end,
      let high = URLReader.hexValue(source[position + 1]), let low = URLReader.hexValue(source[position + 2])
    {
      position += 3
      return high << 4 | low
    }
    position += 1
    return c
  }
}

/// ASCII helpers for case-insensitive comparison of schemes and hosts.
enum ASCII {
  @inline(__always) static func lower(_ c: UInt8) -> UInt8 {
    c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c
  }

  static func equalsIgnoringCase(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for i in 0..<a.count where lower(a[i]) != lower(b[i]) { return false }
    return true
  }

  static func equalsIgnoringCase(_ a: UnsafeBufferPointer<UInt8>, _ b: StaticString) -> Bool {
    b.withUTF8Buffer { equalsIgnoringCase(a, $0) }
  }

  /// Whether `a` and `b`, of one length of at least eight, are equal from `start` on: a word
  /// at a time, the last word ending with the texts (some bytes compared twice).
  static func equals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    guard let x = a.baseAddress, let y = b.baseAddress, a.count == b.count, a.count >= 8 else {
      return a.elementsEqual(b)
    }
    var i = start
    while i + 8 < a.count {
      if ByteWord.load(x + i) != ByteWord.load(y + i) { return false }
      i += 8
    }
    return ByteWord.load(x + a.count - 8) == ByteWord.load(y + a.count - 8)
  }

  /// Byte equality with an ASCII literal; cheaper than `elementsEqual` on a `String.UTF8View`.
  @inline(__always) static func equals(_ a: UnsafeBufferPointer<UInt8>, _ b: StaticString) -> Bool {
    b.withUTF8Buffer { b in
      guard a.count == b.count else { return false }
      for i in 0..<a.count where a[i] != b[i] { return false }
      return true
    }
  }
}
