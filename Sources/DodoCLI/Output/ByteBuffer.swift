/// A growable byte buffer with cheap appends (`Array.append(contentsOf:)` costs more per call
/// than a short copy itself), written at a `ByteCursor`: the output of `JSONWriter` and of
/// `explain-status`'s streaming writers.
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

  @inline(__always) func append(_ byte: UInt8) {
    writing { cursor in
      cursor.reserve(1)
      cursor.put(byte)
    }
  }

  @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    writing { cursor in
      cursor.reserve(bytes.count)
      cursor.put(bytes)
    }
  }

  /// Calls `body` with a cursor at the end of what is written, and keeps what it writes.
  /// The buffer's storage moves into the cursor for the call (it grows there), so `body`
  /// writes through locals alone and must not touch the buffer itself.
  @inline(__always) func writing<R>(_ body: (inout ByteCursor) -> R) -> R {
    var cursor = ByteCursor(start: pointer, count: count, capacity: capacity)
    defer {
      pointer = cursor.start
      count = cursor.count
      capacity = cursor.capacity
    }
    return body(&cursor)
  }
}
