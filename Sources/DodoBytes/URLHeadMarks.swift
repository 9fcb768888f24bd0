internal import CByteClass

/// The bytes that a URL's head (its scheme, authority and path) is read by, marked in its
/// first 64 bytes, sixteen at a time (`CByteClass`): a return URL's head is read from these
/// bits, not by a scan per part. Only for a head of plain URL text (printable ASCII, no space,
/// no `%`) that ends with a `?` or `#` within the bytes marked, or with the URL; any other is
/// read byte by byte (`URLSyntax`), which also says what is wrong with it.
public struct URLHeadMarks {
  /// Where the head ends: the first `?` or `#`, or the end of the URL.
  public let pathEnd: Int
  /// Bit `i` stands for the byte at `i`; only bits below `pathEnd` are set (the bytes after
  /// the sixteen that hold it are not looked at).
  public let colons: UInt64
  public let slashes: UInt64
  public let atSigns: UInt64

  /// The marks of `bytes`' head; `nil` when it is not plain URL text or not within 64 bytes.
  public init?(_ bytes: ByteView) {
    guard let base = bytes.buffer.baseAddress, bytes.count >= 16 else { return nil }
    let count = min(64, bytes.count)
    var marks = (colons: UInt64(0), slashes: UInt64(0), atSigns: UInt64(0), ends: UInt64(0), others: UInt64(0))
    var offset = 0
    // Up to the sixteen bytes that hold the head's end.
    while offset < count && marks.ends == 0 {
      // The last sixteen bytes end with the bytes marked, overlapping the sixteen before them.
      let start = min(offset, count &- 16)
      let p = base + start
      let shift = UInt64(start)
      marks.colons |= UInt64(dodo_equal16(p, UInt8(ascii: ":"))) &<< shift
      marks.slashes |= UInt64(dodo_equal16(p, UInt8(ascii: "/"))) &<< shift
      marks.atSigns |= UInt64(dodo_equal16(p, UInt8(ascii: "@"))) &<< shift
      marks.ends |= UInt64(dodo_equal16(p, UInt8(ascii: "?")) | dodo_equal16(p, UInt8(ascii: "#"))) &<< shift
      marks.others |= UInt64(dodo_outside16(p, 0x21, 0x7E) | dodo_equal16(p, UInt8(ascii: "%"))) &<< shift
      offset = start &+ 16
    }
    if marks.ends != 0 {
      pathEnd = marks.ends.trailingZeroBitCount
    } else if bytes.count == count {
      pathEnd = count
    } else {
      return nil
    }
    let head = ByteBits.below(pathEnd)
    guard marks.others & head == 0 else { return nil }
    (colons, slashes, atSigns) = (marks.colons & head, marks.slashes & head, marks.atSigns & head)
  }

  /// The first `:` or `/`, or `pathEnd`: where a scheme ends, when it is a `:`.
  @inlinable public var schemeEnd: Int {
    let marks = colons | slashes
    return marks == 0 ? pathEnd : marks.trailingZeroBitCount
  }

  /// `URLSyntax.authorityEnd(_:from:to:)` for an authority that starts at `start` and ends
  /// by `pathEnd`: the first `/` from `start`, or `pathEnd`, and the last `@` before it.
  @inlinable public func authorityEnd(from start: Int) -> (end: Int, lastAt: Int?) {
    let from = ~ByteBits.below(start)
    let slashes = slashes & from
    let end = slashes == 0 ? pathEnd : slashes.trailingZeroBitCount
    let atSigns = atSigns & from & ByteBits.below(end)
    return (end, atSigns == 0 ? nil : 63 &- atSigns.leadingZeroBitCount)
  }
}
