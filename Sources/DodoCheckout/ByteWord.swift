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
