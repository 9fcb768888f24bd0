/// Masks of a bit per byte, as `QueryBlock` and `URLHeadMarks` hold them (bit `i`: the byte at
/// offset `i`), where `ByteWord`'s masks hold a lane's high bit.
public enum ByteBits {
  /// The bits below bit `n` (0 to 64): the bytes before offset `n`.
  @inlinable @inline(__always) public static func below(_ n: Int) -> UInt64 {
    n >= 64 ? ~0 : (1 &<< UInt64(n)) &- 1
  }
}
