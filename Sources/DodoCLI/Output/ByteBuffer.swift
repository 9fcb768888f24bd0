/// A growable byte buffer with cheap appends: `JSONWriter` appends dozens of small pieces
/// per line when `explain-status` streams, and `Array.append(contentsOf:)` costs more per
/// call than the copy itself.
final class ByteBuffer {
  private(set) var pointer: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 4096) {
    self.capacity = capacity
    pointer = .allocate(capacity: capacity)
  }

  deinit { pointer.deallocate() }

  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: pointer, count: count) }

  func removeAll() { count = 0 }

  /// Drops what was written after the first `count` bytes.
  func truncate(to newCount: Int) { count = min(count, max(0, newCount)) }

  @inline(__always) func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    pointer[count] = byte
    count += 1
  }

  @inline(__always) func append(_ bytes: UnsafeRawBufferPointer) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    if count + bytes.count > capacity { grow(to: count + bytes.count) }
    UnsafeMutableRawPointer(pointer + count).copyMemory(from: source, byteCount: bytes.count)
    count += bytes.count
  }

  @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(UnsafeRawBufferPointer(bytes)) }

  /// Makes room for `additional` more bytes and calls `body` with where they go; `body`
  /// returns how many it wrote. Hot loops write through the pointer instead of appending.
  @inline(__always) func write(upTo additional: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if count + additional > capacity { grow(to: count + additional) }
    count += body(pointer + count)
  }

  private func grow(to minimum: Int) {
    var newCapacity = capacity * 2
    while newCapacity < minimum { newCapacity *= 2 }
    let newPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newPointer.update(from: pointer, count: count)
    pointer.deallocate()
    pointer = newPointer
    capacity = newCapacity
  }
}
