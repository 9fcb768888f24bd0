/// Where the next byte goes in a `ByteBuffer`'s storage, held in locals while a piece of
/// output is written (`ByteBuffer.writing(_:)`).
///
/// A value, not the buffer itself: each step makes room once (`reserve`) for what it writes
/// next, then stores bytes through the pointer without an exclusivity or capacity check per append.
/// Every `put` must be within room made so (checked in debug builds).
public struct ByteCursor {
  /// The storage; `reserve` replaces it when it grows.
  @usableFromInline private(set) var start: UnsafeMutablePointer<UInt8>
  /// Where the next byte goes.
  @usableFromInline var out: UnsafeMutablePointer<UInt8>
  @usableFromInline var end: UnsafeMutablePointer<UInt8>

  @inlinable init(start: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
    self.start = start
    out = start + count
    end = start + capacity
  }

  /// The bytes written, from the storage's start.
  @inlinable public var count: Int { out - start }
  @inlinable public var capacity: Int { end - start }

  /// The bytes written from `offset` on; valid until the next `reserve`.
  @inlinable public func written(from offset: Int) -> ByteView {
    precondition(offset >= 0 && offset <= count, "offset out of range")
    return ByteView(UnsafeBufferPointer(start: start + offset, count: count - offset))
  }

  /// Makes room for `n` more bytes.
  @inlinable @inline(__always) public mutating func reserve(_ n: Int) {
    if end - out < n { grow(count + n) }
  }

  @inline(never) @usableFromInline mutating func grow(_ minimum: Int) {
    var newCapacity = max(capacity * 2, 64)
    while newCapacity < minimum { newCapacity *= 2 }
    let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    let written = count
    newStart.update(from: start, count: written)
    start.deallocate()
    start = newStart
    out = newStart + written
    end = newStart + newCapacity
  }

  /// Drops what was written after the first `offset` bytes.
  @inlinable public mutating func rewind(to offset: Int) {
    precondition(offset >= 0 && offset <= count, "offset out of range")
    out = start + offset
  }

  @inlinable @inline(__always) public mutating func put(_ byte: UInt8) {
    assert(out < end, "no room reserved")
    out.pointee = byte
    out += 1
  }

  /// Copies bytes written before, at `range`, again (room made for them).
  @inlinable @inline(__always) public mutating func putWritten(_ range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of range")
    put(ByteView(UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)))
  }

  /// Copies a literal: inlined where the literal is known, a constant-length copy of a few moves.
  @inlinable @inline(__always) public mutating func put(_ text: StaticString) {
    assert(end - out >= text.utf8CodeUnitCount, "no room reserved")
    Self.copy(UnsafeRawPointer(text.utf8Start), text.utf8CodeUnitCount, to: out)
    out += text.utf8CodeUnitCount
  }

  @inlinable @inline(__always) public mutating func put(_ bytes: ByteView) {
    assert(end - out >= bytes.count, "no room reserved")
    guard let base = bytes.buffer.baseAddress else { return }
    Self.copy(UnsafeRawPointer(base), bytes.count, to: out)
    out += bytes.count
  }

  /// Copies `text` up to its first byte that `marks` marks (`ByteWord`), and returns how many
  /// bytes it copied: the check and the copy in one pass, a word at a time (a text of 16 bytes
  /// or more two at a time, to its end). Room for all of `text` is made by the caller.
  @inlinable @inline(__always)
  public mutating func put(_ text: ByteView, upTo marks: (UInt64) -> UInt64) -> Int {
    assert(end - out >= text.count, "no room reserved")
    let target = UnsafeMutableRawPointer(out)
    let count = text.count
    if count >= 16, let base = text.buffer.baseAddress {
      // Two words a step, the last step the two that end the text, over bytes looked at
      // already: those are unmarked, so its first mark (the only exact one) is the text's.
      var checked = 0
      while true {
        let at = min(checked, count &- 16)
        let low = ByteWord.load(base + at)
        let high = ByteWord.load(base + (at &+ 8))
        let (lowMask, highMask) = (marks(low), marks(high))
        if lowMask | highMask != 0 {
          let found = at &+ (lowMask != 0 ? ByteWord.first(lowMask) : 8 &+ ByteWord.first(highMask))
          Self.copy(UnsafeRawPointer(base + checked), found &- checked, to: out + checked)
          out += found
          return found
        }
        target.storeBytes(of: UInt64(littleEndian: low), toByteOffset: at, as: UInt64.self)
        target.storeBytes(of: UInt64(littleEndian: high), toByteOffset: at &+ 8, as: UInt64.self)
        checked = at &+ 16
        if checked == count { break }
      }
      out += count
      return count
    }
    let found = ByteWord.scan(text.buffer, from: 0, to: text.count, marks) { offset, word in
      target.storeBytes(of: UInt64(littleEndian: word), toByteOffset: offset, as: UInt64.self)
    }
    // The whole words before the marked one are stored; the bytes after them, fewer than
    // eight: the word that ends the text when all of it is copied (over bytes stored), else
    // one by one.
    let stored = found & ~7
    if let base = text.buffer.baseAddress, found > stored {
      if found == text.count, found >= 8 {
        let last = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: found &- 8, as: UInt64.self)
        target.storeBytes(of: last, toByteOffset: found &- 8, as: UInt64.self)
      } else {
        Self.copy(UnsafeRawPointer(base + stored), found &- stored, to: out + stored)
      }
    }
    out += found
    return found
  }

  /// Copies `count` bytes in as few loads and stores as their length allows, the last ones
  /// overlapping the first: most texts written are 4 to 32 bytes, for which a call to
  /// `memcpy` costs more than the copy itself, and a branch for each length range is cheaper
  /// than a loop's.
  @inlinable @inline(__always) static func copy(
    _ source: UnsafeRawPointer, _ count: Int, to target: UnsafeMutablePointer<UInt8>
  ) {
    let target = UnsafeMutableRawPointer(target)
    if count >= 8 {
      if count > 16 {
        if count > 32 { return target.copyMemory(from: source, byteCount: count) }
        let first = (source.loadUnaligned(as: UInt64.self), source.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let lastOffset = count &- 16
        let last = (
          source.loadUnaligned(fromByteOffset: lastOffset, as: UInt64.self),
          source.loadUnaligned(fromByteOffset: lastOffset &+ 8, as: UInt64.self)
        )
        target.storeBytes(of: first.0, as: UInt64.self)
        target.storeBytes(of: first.1, toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: last.0, toByteOffset: lastOffset, as: UInt64.self)
        target.storeBytes(of: last.1, toByteOffset: lastOffset &+ 8, as: UInt64.self)
      } else {
        let first = source.loadUnaligned(as: UInt64.self)
        let last = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        target.storeBytes(of: first, as: UInt64.self)
        target.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
      }
    } else if count >= 4 {
      let first = source.loadUnaligned(as: UInt32.self)
      let last = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      target.storeBytes(of: first, as: UInt32.self)
      target.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
    } else if count >= 2 {
      let first = source.loadUnaligned(as: UInt16.self)
      let last = source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
      target.storeBytes(of: first, as: UInt16.self)
      target.storeBytes(of: last, toByteOffset: count &- 2, as: UInt16.self)
    } else if count == 1 {
      target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
    }
  }
}
