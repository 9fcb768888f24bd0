internal import CByteClass

/// Up to 64 bytes of a query, classified sixteen at a time (`CByteClass`): a bit per byte
/// for each byte the splitting looks for (`&`, `=`, `%`), so that `QuerySplitter` finds a
/// piece's end, its first `=` and its escapes with a few bit operations, and no branch on
/// each byte it stops at (a branch that the order of a query's parameters makes hard to foretell).
@frozen @usableFromInline struct QueryBlock {
  /// The index of its first byte in the bytes split, and how many it holds.
  @usableFromInline let start: Int
  @usableFromInline let count: Int
  /// Bit `i` stands for the byte at `start + i`.
  @usableFromInline let ampersands: UInt64
  @usableFromInline let equalSigns: UInt64
  @usableFromInline let percentSigns: UInt64
  /// Whether every byte is plain URL text (printable ASCII, not a space) and none is a `#`:
  /// only then do the three masks tell all the splitting needs.
  @usableFromInline let isPlain: Bool

  @inlinable var end: Int { start &+ count }

  /// No block: every index is past its end, so the first piece classifies one.
  @inlinable static var none: QueryBlock {
    QueryBlock(start: 0, count: 0, ampersands: 0, equalSigns: 0, percentSigns: 0, isPlain: true)
  }

  @inlinable init(
    start: Int, count: Int, ampersands: UInt64, equalSigns: UInt64, percentSigns: UInt64, isPlain: Bool
  ) {
    (self.start, self.count, self.isPlain) = (start, count, isPlain)
    (self.ampersands, self.equalSigns, self.percentSigns) = (ampersands, equalSigns, percentSigns)
  }

  /// The block of `bytes` that starts at `start` (before their end): 64 bytes, or those left.
  @inlinable @inline(__always) static func classify(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> QueryBlock
  {
    let masks = masks(bytes, from: start)
    return QueryBlock(
      start: start, count: min(64, bytes.count &- start), ampersands: masks.ampersands,
      equalSigns: masks.equalSigns, percentSigns: masks.percentSigns, isPlain: masks.others == 0)
  }

  /// The masks of the block that starts at `start`: four words, returned in registers (the
  /// whole block, returned through memory, cost a stall where its copy was read back).
  @usableFromInline static func masks(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Masks {
    precondition(start >= 0 && start < bytes.count, "block out of range")
    let count = min(64, bytes.count &- start)
    var masks = Masks()
    guard let base = bytes.baseAddress else { return masks }
    var offset = 0
    while offset &+ 16 <= count {
      masks.add(Masks.of(base + (start &+ offset)), at: offset)
      offset &+= 16
    }
    if offset < count {
      // The last bytes, fewer than sixteen: the sixteen that end with them where the bytes
      // hold that many (the masks shifted down to them), else a copy padded with plain bytes.
      let rest = count &- offset
      if start &+ count >= 16 {
        masks.add(Masks.of(base + (start &+ count &- 16)).shifted(down: 16 &- rest), at: offset)
      } else {
        var padded: (UInt64, UInt64) = (ByteWord.ones &* 0x61, ByteWord.ones &* 0x61)  // "aaaa…"
        withUnsafeMutableBytes(of: &padded) { padded in
          padded.copyMemory(from: UnsafeRawBufferPointer(start: base + (start &+ offset), count: rest))
          guard let chunk = padded.baseAddress else { return }
          masks.add(Masks.of(chunk.assumingMemoryBound(to: UInt8.self)), at: offset)
        }
      }
    }
    return masks
  }

  /// The four classes' bits of a block.
  @frozen @usableFromInline struct Masks {
    @usableFromInline var ampersands: UInt64 = 0, equalSigns: UInt64 = 0, percentSigns: UInt64 = 0
    /// Bytes that are not plain URL text, and `#`.
    @usableFromInline var others: UInt64 = 0

    /// The sixteen bytes at `p`.
    static func of(_ p: UnsafePointer<UInt8>) -> Masks {
      Masks(
        ampersands: UInt64(dodo_equal16(p, UInt8(ascii: "&"))), equalSigns: UInt64(dodo_equal16(p, UInt8(ascii: "="))),
        percentSigns: UInt64(dodo_equal16(p, UInt8(ascii: "%"))),
        others: UInt64(dodo_outside16(p, 0x21, 0x7E) | dodo_equal16(p, UInt8(ascii: "#"))))
    }

    func shifted(down n: Int) -> Masks {
      let n = UInt64(n)
      return Masks(
        ampersands: ampersands &>> n, equalSigns: equalSigns &>> n, percentSigns: percentSigns &>> n,
        others: others &>> n)
    }

    mutating func add(_ chunk: Masks, at offset: Int) {
      let offset = UInt64(offset)
      ampersands |= chunk.ampersands &<< offset
      equalSigns |= chunk.equalSigns &<< offset
      percentSigns |= chunk.percentSigns &<< offset
      others |= chunk.others &<< offset
    }
  }
}
