/// Eight bytes of text read as one word, so that the scans of the hot paths (the URL reader,
/// the query reader, the JSON writer, the line reader) look at eight bytes per step: the
/// "has a zero byte" test of Hacker's Delight (section 6-1) and its kin. The one copy of
/// these tricks in the package; they are worth about a quarter of `explain-status -`'s
/// throughput.
///
/// A mask marks a byte that matches with its high bit. A borrow may also mark bytes after a
/// true match, never when there is none, so a mask answers "is there any" exactly, which is
/// all it is used for here.
///
/// SPI rather than API: only this package imports it (`@_spi(Scanning) import DodoCheckout`).
/// It is not `package` because Swift does not inline `package` `@inlinable` code across
/// modules: measured, that made `explain-status --json -` 46% slower.
@_spi(Scanning) public struct ByteWord {
  public let value: UInt64

  /// The eight bytes of `bytes` from `offset`, which the caller keeps at most `count - 8`
  /// (checked in debug builds).
  @inlinable @inline(__always)
  public init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    value = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
  @inlinable public static var highs: UInt64 { 0x8080_8080_8080_8080 }

  /// Marks bytes equal to `byte`.
  @inlinable @inline(__always)
  public func equal(to byte: UInt8) -> UInt64 {
    let x = value ^ (Self.ones &* UInt64(byte))
    return (x &- Self.ones) & ~x
  }

  /// Marks bytes below `limit`, which is at most 0x80.
  @inlinable @inline(__always)
  public func below(_ limit: UInt8) -> UInt64 {
    (value &- Self.ones &* UInt64(limit)) & ~value
  }

  /// Marks bytes that are not ASCII.
  @inlinable @inline(__always)
  public var nonASCII: UInt64 { value }

  /// Whether `mask` marks any byte.
  @inlinable @inline(__always)
  public static func any(_ mask: UInt64) -> Bool { mask & highs != 0 }
}

/// Exact per-byte masks, and words read in little-endian order whatever the machine: the
/// scans that must know *where* the first match is (`ByteWord.first(_:)`), not only whether
/// there is one. Each byte's test uses only its own lane (no borrow crosses into the next),
/// so a mask marks exactly the matching bytes, and a scan jumps straight to the first one
/// instead of stepping a byte at a time through the word that holds it.
extension ByteWord {
  /// The eight bytes at `pointer`, the first in the lowest lane.
  @inlinable @inline(__always)
  public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }

  /// The `count` (0 to 8) bytes of `bytes` from `offset` in the lowest lanes, the lanes
  /// above them zero. Reads no byte outside `bytes`: a whole word where eight fit, else the
  /// word that ends with the last byte, shifted down, else (a text under eight bytes) as two
  /// four-byte halves that may overlap, else byte by byte.
  @inlinable @inline(__always)
  public static func partial(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) -> UInt64 {
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    if offset + 8 <= bytes.count { return load(base + offset) & lanes(count) }
    if offset + count >= 8 { return load(base + offset + count - 8) &>> UInt64(64 - 8 * count) }
    if count >= 4 {
      func half(_ at: Int) -> UInt64 {
        UInt64(UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self)))
      }
      return half(offset) | half(offset + count - 4) &<< UInt64(8 * (count - 4))
    }
    var word: UInt64 = 0
    for k in 0..<count { word |= UInt64(base[offset + k]) &<< UInt64(8 * k) }
    return word
  }

  /// The high bits of the lowest `count` (0 to 8) lanes: a mask's part inside a short word.
  @inlinable @inline(__always)
  public static func lanes(_ count: Int) -> UInt64 {
    count >= 8 ? ~0 : (1 &<< UInt64(8 * count)) &- 1
  }

  /// The lane of the first byte `mask` marks; 8 when it marks none.
  @inlinable @inline(__always)
  public static func first(_ mask: UInt64) -> Int { mask.trailingZeroBitCount &>> 3 }

  /// Marks the bytes of `word` equal to `byte`; exact.
  @inlinable @inline(__always)
  public static func exactlyEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let difference = word ^ (ones &* UInt64(byte))
    // A lane is zero when neither its low seven bits (which cannot carry out of it) nor its high bit is set.
    return ~(((difference & ~highs) &+ ~highs) | difference) & highs
  }

  /// Marks the ASCII bytes of `word` that are at least `limit` (at most 0x80); exact.
  @inlinable @inline(__always)
  public static func atLeast(_ word: UInt64, _ limit: UInt8) -> UInt64 {
    ((word & ~highs) &+ ones &* UInt64(0x80 &- limit)) & ~word & highs
  }

  /// `word` with its ASCII capital letters made small, as `ASCII.lower(_:)` makes one byte.
  @inlinable @inline(__always)
  public static func lowercased(_ word: UInt64) -> UInt64 {
    word | (atLeast(word, UInt8(ascii: "A")) & ~atLeast(word, UInt8(ascii: "Z") + 1)) &>> 2
  }

  /// The index of the first byte of `bytes[start..<end]` that `marks` marks in its word, or
  /// `end`: eight bytes per step, then straight to the marked byte. `marks` must mark
  /// exactly (see above); `end` is at most `bytes.count`, so each word read lies inside.
  @inlinable @inline(__always)
  public static func firstMarked(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, _ marks: (UInt64) -> UInt64
  ) -> Int {
    guard let base = bytes.baseAddress else { return end }
    var i = start
    while i + 8 <= end {
      let mask = marks(load(base + i))
      if mask != 0 { return i + first(mask) }
      i += 8
    }
    guard i < end else { return end }
    let mask = marks(partial(bytes, at: i, count: end - i)) & lanes(end - i)
    return mask != 0 ? i + first(mask) : end
  }
}
