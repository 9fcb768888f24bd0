/// Percent-decoding straight into the output, for the common text (an email's `%40`, a path's
/// `%2F`): no decoded copy, and the check of what the output must escape made on the way. The
/// JSON writer keeps what a JSON string holds as it is; the text writer what a terminal shows as
/// it is, printable ASCII without a space.
extension ByteCursor {
  /// Writes the percent-decoding of `text` (`PercentDecoding`) and returns `true` when the
  /// text and its decoding are ASCII that a JSON string holds as it is; else writes nothing
  /// and returns `false`, for the caller's general path (escapes, what is not UTF-8).
  ///
  /// Room for `text.count + 8` bytes is made by the caller: decoding never lengthens a text,
  /// and each step stores a whole word, up to seven bytes of it past the decoded ones.
  @inlinable @inline(__always) public mutating func putPercentDecodedIfPlain(_ text: ByteView) -> Bool {
    putPercentDecoded(text, keeping: JSONPlainBytes.self)
  }

  /// As `putPercentDecodedIfPlain`, for text that is printable ASCII without a space (0x21 to
  /// 0x7E) before and after decoding.
  @inlinable @inline(__always) public mutating func putPercentDecodedIfPrintable(_ text: ByteView) -> Bool {
    putPercentDecoded(text, keeping: PrintableBytes.self)
  }

  /// The fast path of both, for the bytes `Kept` keeps.
  @inlinable @inline(__always) mutating func putPercentDecoded<Kept: PlainBytes>(
    _ text: ByteView, keeping: Kept.Type
  ) -> Bool {
    assert(end - out >= text.count + 8, "no room reserved")
    guard let base = text.buffer.baseAddress else { return true }
    let count = text.count
    let target = UnsafeMutableRawPointer(out)
    var i = 0
    var n = 0
    // A word a step: stored whole, kept up to its first `%` or byte that ends the fast path.
    while i < count {
      let rest = count &- i
      var word: UInt64
      var mask: UInt64
      if rest >= 8 {
        word = ByteWord.load(base + i)
        mask = Kept.stops(word)
      } else {
        word = ByteWord.partial(text.buffer, at: i, count: rest)
        mask = Kept.stops(word) & ByteWord.lanes(rest)
      }
      target.storeBytes(of: UInt64(littleEndian: word), toByteOffset: n, as: UInt64.self)
      guard mask != 0 else {
        let step = min(8, rest)
        i &+= step
        n &+= step
        continue
      }
      let kept = ByteWord.first(mask)
      i &+= kept
      n &+= kept
      let stop = base[i]
      guard stop == UInt8(ascii: "%") else {
        guard Kept.keepsStop(stop) else { return false }
        i &+= 1
        n &+= 1
        continue
      }
      if i &+ 2 < count, let high = PercentDecoding.hexValue(base[i &+ 1]),
        let low = PercentDecoding.hexValue(base[i &+ 2])
      {
        let byte = high &<< 4 | low
        guard Kept.keepsDecoded(byte) else { return false }
        target.storeBytes(of: byte, toByteOffset: n, as: UInt8.self)
        i &+= 3
      } else {
        // Not an escape: the `%` is kept as it stands (already stored; both classes hold it).
        i &+= 1
      }
      n &+= 1
    }
    out += n
    return true
  }
}

/// The bytes a writer keeps as they are, for `ByteCursor.putPercentDecoded(_:keeping:)`.
public protocol PlainBytes {
  /// Marks the bytes of `word` where the copy of whole words stops: `%` and every byte not
  /// kept, maybe some kept ones too (each is then asked of `keepsStop`). Only the first mark
  /// need be exact.
  static func stops(_ word: UInt64) -> UInt64
  /// Whether a byte the copy stopped at, not `%`, is kept as it is.
  static func keepsStop(_ byte: UInt8) -> Bool
  /// Whether a byte that an escape decodes to is kept.
  static func keepsDecoded(_ byte: UInt8) -> Bool
}

/// What a JSON string holds as it is, in ASCII: no control, `"` or `\`.
public enum JSONPlainBytes: PlainBytes {
  /// Those below 0x28 (the controls, and `"` and `%` with the rest of 0x20 to 0x27, in one
  /// comparison), `\` and those that are not ASCII.
  @inlinable @inline(__always) public static func stops(_ word: UInt64) -> UInt64 {
    ((word &- ByteWord.ones &* 0x28) | word | ByteWord.equal(word, UInt8(ascii: "\\"))) & ByteWord.highs
  }

  /// The cheaper class's extra stops, 0x20 to 0x27 but `"`.
  @inlinable @inline(__always) public static func keepsStop(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x28 && byte != UInt8(ascii: "\"")
  }

  @inlinable @inline(__always) public static func keepsDecoded(_ byte: UInt8) -> Bool {
    byte < 0x80 && !ByteClass.needsJSONEscape(byte)
  }
}

/// What a terminal shows as it is and as one word: printable ASCII without a space.
public enum PrintableBytes: PlainBytes {
  /// A space and below, DEL and above, and `%`.
  @inlinable @inline(__always) public static func stops(_ word: UInt64) -> UInt64 {
    ((word &- ByteWord.ones &* 0x21) | ((word & ~ByteWord.highs) &+ ByteWord.ones) | word
      | ByteWord.equal(word, UInt8(ascii: "%"))) & ByteWord.highs
  }

  /// Every stop but `%` is a byte not kept.
  @inlinable @inline(__always) public static func keepsStop(_ byte: UInt8) -> Bool { false }

  @inlinable @inline(__always) public static func keepsDecoded(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
