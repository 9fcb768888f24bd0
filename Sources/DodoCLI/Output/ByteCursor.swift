/// Where the next byte goes in a `ByteBuffer`'s storage, held in locals while a piece of
/// output is written (`ByteBuffer.writing(_:)`).
///
/// `explain-status` writes each result as a few dozen runs of bytes; through a class each run
/// paid an exclusivity check and a capacity check per append, which were a quarter of the
/// writer's instructions. A cursor is a value: each step makes room once (`reserve`) for
/// what it writes next and then stores bytes through the pointer.
struct ByteCursor {
  /// The storage; `reserve` replaces it when it grows.
  private(set) var start: UnsafeMutablePointer<UInt8>
  /// Where the next byte goes.
  var out: UnsafeMutablePointer<UInt8>
  private var end: UnsafeMutablePointer<UInt8>

  init(start: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
    self.start = start
    out = start + count
    end = start + capacity
  }

  /// The bytes written, from the storage's start.
  var count: Int { out - start }
  var capacity: Int { end - start }

  /// The bytes written from `offset` on.
  func written(from offset: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: start + offset, count: count - offset)
  }

  /// Makes room for `n` more bytes at `out`; every `put` is within room made so.
  @inline(__always) mutating func reserve(_ n: Int) {
    if end - out < n { grow(count + n) }
  }

  @inline(never) private mutating func grow(_ minimum: Int) {
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
  mutating func rewind(to offset: Int) { out = start + offset }

  @inline(__always) mutating func put(_ byte: UInt8) {
    assert(out < end, "no room reserved")
    out.pointee = byte
    out += 1
  }

  /// Copies bytes written before, at `range`, again (room made for them).
  @inline(never) mutating func putWritten(_ range: Range<Int>) {
    put(UnsafeBufferPointer(start: start + range.lowerBound, count: range.count))
  }

  /// Copies a literal: inlined where the literal is known, a constant-length copy of a few moves.
  @inline(__always) mutating func put(_ text: StaticString) {
    assert(end - out >= text.utf8CodeUnitCount, "no room reserved")
    Self.copy(UnsafeRawPointer(text.utf8Start), text.utf8CodeUnitCount, to: out)
    out += text.utf8CodeUnitCount
  }

  @inline(__always) mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
    assert(end - out >= bytes.count, "no room reserved")
    guard let base = bytes.baseAddress else { return }
    Self.copy(UnsafeRawPointer(base), bytes.count, to: out)
    out += bytes.count
  }

  /// Copies `count` bytes in as few loads and stores as their length allows, the last ones
  /// overlapping: most texts of a return URL are 4 to 32 bytes, which a call to `memcpy`
  /// costs more to copy than the copy itself.
  @inline(__always) private static func copy(
    _ source: UnsafeRawPointer, _ count: Int, to target: UnsafeMutablePointer<UInt8>
  ) {
    let target = UnsafeMutableRawPointer(target)
    if count > 32 { return target.copyMemory(from: source, byteCount: count) }
    if count >= 8 {
      var i = 0
      while i &+ 8 < count {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
        i &+= 8
      }
      let last = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      target.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 {
      let first = source.loadUnaligned(as: UInt32.self)
      let last = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
      target.storeBytes(of: first, as: UInt32.self)
      target.storeBytes(of: last, toByteOffset: count &- 4, as: UInt32.self)
    } else {
      for i in 0..<count {
        target.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
      }
    }
  }
}
