/// A read-only view of bytes lent by their owner for the length of a closure
/// (`String.withBytes(_:)`, `Array.withBytes(_:)`): the one way the readers and writers of
/// the other modules see raw bytes. Indices start at 0; reads are bounds-checked.
///
/// A view must not outlive the closure that lent it, as the texts read from it must not.
@frozen public struct ByteView: RandomAccessCollection {
  @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

  @inlinable init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

  /// The bytes of `slice` as a view of their own, indexed from 0.
  @inlinable public init(rebasing slice: Slice<ByteView>) {
    buffer = UnsafeBufferPointer(rebasing: slice.base.buffer[slice.startIndex..<slice.endIndex])
  }

  /// No bytes.
  @inlinable public static var empty: ByteView { ByteView(UnsafeBufferPointer(start: nil, count: 0)) }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { buffer.count }
  @inlinable public var count: Int { buffer.count }

  @inlinable public subscript(position: Int) -> UInt8 {
    precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "index out of range")
    return buffer[position]
  }

  @inlinable public func makeIterator() -> UnsafeBufferPointer<UInt8>.Iterator { buffer.makeIterator() }

  /// The bytes from `offset`, `count` of them, as a view of their own.
  @inlinable public func view(_ range: Range<Int>) -> ByteView {
    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "range out of bounds")
    return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// Whether both views show the same bytes of the same owner (not merely equal bytes).
  @inlinable public func isSame(as other: ByteView) -> Bool {
    buffer.baseAddress == other.buffer.baseAddress && buffer.count == other.buffer.count
  }

  /// The bytes as text; bytes that are not UTF-8 become U+FFFD.
  @inlinable public var string: String { String(decoding: buffer, as: UTF8.self) }

  /// Calls `body` with the raw bytes: for the syscall layer, which hands them to `write(2)`.
  @inlinable public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(buffer))
  }
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes (made contiguous first if they are not).
  @inlinable public mutating func withBytes<R, E: Error>(_ body: (ByteView) throws(E) -> R) throws(E) -> R {
    let result = withUTF8 { bytes in Result { () throws(E) -> R in try body(ByteView(bytes)) } }
    return try result.get()
  }
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes when they are contiguous already (a native
  /// string), without a copy; `nil` when they are not.
  @inlinable public func withBytesIfContiguous<R>(_ body: (ByteView) -> R) -> R? {
    utf8.withContiguousStorageIfAvailable { body(ByteView($0)) }
  }

  /// Whether the string's UTF-8 holds `byte`: a word at a time (`ByteView.lacks`), where
  /// `utf8.contains` steps through the view byte by byte (a visible part of a completion
  /// script's generation, which asks it of every word it quotes).
  @inlinable public func holds(_ byte: UInt8) -> Bool {
    withBytesIfContiguous { !$0.lacks(byte) } ?? utf8.contains(byte)
  }
}

extension Array where Element == UInt8 {
  /// Calls `body` with the array's bytes.
  @inlinable public func withBytes<R, E: Error>(_ body: (ByteView) throws(E) -> R) throws(E) -> R {
    try withUnsafeBufferPointer { (bytes) throws(E) -> R in try body(ByteView(bytes)) }
  }

  /// An array of `view`'s bytes.
  @inlinable public init(_ view: ByteView) { self.init(view.buffer) }
}

extension StaticString {
  /// Calls `body` with the literal's UTF-8 bytes.
  @inlinable public func withBytes<R>(_ body: (ByteView) -> R) -> R {
    withUTF8Buffer { body(ByteView($0)) }
  }
}

extension Array where Element == UInt8 {
  /// Copies the bytes at `range` to `offset`; the two may overlap.
  public mutating func moveBytes(_ range: Range<Int>, to offset: Int) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    precondition(offset >= 0 && offset + range.count <= count, "target out of bounds")
    withUnsafeMutableBytes { bytes in
      UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<offset + range.count])
        .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[range]))
    }
  }

  /// Copies the bytes of `other` at `range` to `offset`.
  public mutating func copyBytes(of other: [UInt8], _ range: Range<Int>, to offset: Int) {
    precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "range out of bounds")
    precondition(offset >= 0 && offset + range.count <= count, "target out of bounds")
    withUnsafeMutableBytes { bytes in
      other.withUnsafeBytes { from in
        UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<offset + range.count])
          .copyMemory(from: UnsafeRawBufferPointer(rebasing: from[range]))
      }
    }
  }
}
