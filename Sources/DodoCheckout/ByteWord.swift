/// Eight bytes of URL text read as one word, so that the scans of the hot path look at eight
/// bytes per step: the "has a zero byte" test of Hacker's Delight (section 6-1) and its kin.
///
/// A mask marks a byte that matches with its high bit. A borrow may also mark bytes after a
/// true match, never when there is none, so a mask answers "is there any" exactly, which is
/// all it is used for here.
struct ByteWord {
  let value: UInt64

  /// The eight bytes of `bytes` from `offset`, which the caller keeps at most `count - 8`
  /// (checked in debug builds).
  @inline(__always) init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    value = UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Marks bytes equal to `byte`.
  @inline(__always) func equal(to byte: UInt8) -> UInt64 {
    let x = value ^ (Self.ones &* UInt64(byte))
    return (x &- Self.ones) & ~x
  }

  /// Marks bytes below `limit`, which is at most 0x80.
  @inline(__always) func below(_ limit: UInt8) -> UInt64 {
    (value &- Self.ones &* UInt64(limit)) & ~value
  }

  /// Marks bytes that are not ASCII.
  @inline(__always) var nonASCII: UInt64 { value }

  /// Whether `mask` marks any byte.
  @inline(__always) static func any(_ mask: UInt64) -> Bool { mask & highs != 0 }
}
