/// A growable byte buffer with cheap appends, written at a `ByteCursor`.
public final class ByteBuffer {
  // Unchecked: `writing` is the only access, and it is not reentrant; a dynamic check per
  // piece of output would cost more than writing it.
  @exclusivity(unchecked) @usableFromInline var pointer: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) @usableFromInline var used = 0
  @exclusivity(unchecked) @usableFromInline var capacity: Int

  public init(capacity: Int = 4096) {
    self.capacity = max(1, capacity)
    pointer = .allocate(capacity: self.capacity)
  }

  deinit { pointer.deallocate() }

  /// The bytes written; valid until the next write.
  @inlinable public var bytes: ByteView { ByteView(UnsafeBufferPointer(start: pointer, count: used)) }

  @inlinable public var count: Int { used }

  public func removeAll() { used = 0 }

  @inlinable @inline(__always) public func append(_ byte: UInt8) {
    writing { cursor in
      cursor.reserve(1)
      cursor.put(byte)
    }
  }

  @inlinable @inline(__always) public func append(_ bytes: ByteView) {
    writing { cursor in
      cursor.reserve(bytes.count)
      cursor.put(bytes)
    }
  }

  /// Calls `body` with a cursor at the end of what is written, and keeps what it writes.
  /// The storage moves into the cursor for the call (it grows there), so `body` must not
  /// touch the buffer itself.
  @inlinable @inline(__always) public func writing<R>(_ body: (inout ByteCursor) -> R) -> R {
    var cursor = ByteCursor(start: pointer, count: used, capacity: capacity)
    defer {
      pointer = cursor.start
      used = cursor.count
      capacity = cursor.capacity
    }
    return body(&cursor)
  }
}
