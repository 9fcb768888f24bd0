@_spi(Scanning) import DodoCheckout

/// Buffered output to a file descriptor: the CLI writes millions of small pieces when it
/// streams, and one `write(2)` per piece would dominate the time.
public final class OutputFile {
  public let fd: Int32
  private var buffer: [UInt8] = []
  private let capacity: Int

  public init(fd: Int32, capacity: Int = 64 * 1024) {
    self.fd = fd
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  public func write(_ string: String) {
    var string = string
    string.withUTF8 { write($0) }
  }

  /// Buffers `bytes`; a piece at least as large as the buffer is written straight through,
  /// so that a caller that collects its own large chunks pays for no second copy.
  public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count < capacity else {
      flush()
      send(UnsafeRawBufferPointer(bytes))
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { flush() }
  }

  /// Writes what is buffered.
  public func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { send($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// The first write that failed (`ENOSPC`, `EIO`, …), for the command to report: output
  /// after it is dropped, since what follows a hole in the output is worth nothing.
  public private(set) var error: SystemError?
  /// Set by a command that reported `error` itself and chose its exit status knowing it.
  public var errorReported = false

  private func send(_ bytes: UnsafeRawBufferPointer) {
    guard error == nil else { return }
    do { try Syscalls.writeAll(fd, bytes) } catch { self.error = error }
  }

  public var isTerminal: Bool { Syscalls.isTerminal(fd) }
}

/// Lines read from a file descriptor through one reused buffer, so that memory stays flat
/// whatever the input's size.
public final class LineReader {
  public let fd: Int32
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// Whether the rest of an overlong line is being passed over, up to its newline.
  private var skipping = false
  /// A line this long or longer is reported (`tooLong`) and passed over, not buffered without bound.
  public let maximumLineLength: Int

  public init(fd: Int32, maximumLineLength: Int = 1 << 20) {
    self.fd = fd
    self.maximumLineLength = maximumLineLength
    buffer = [UInt8](repeating: 0, count: min(256 * 1024, maximumLineLength))
  }

  /// Calls `body` with each line, without its `\n` (and a `\r` before it).
  ///
  /// `beforeWaiting` runs before each read that may block, so that a caller can flush its
  /// output first: lines piped in one at a time are answered one at a time. A line of
  /// `maximumLineLength` bytes or more goes to `tooLong` with its first `maximumLineLength`
  /// bytes, and the reading goes on after it.
  public func forEachLine(
    beforeWaiting: () -> Void = {}, tooLong: (UnsafeBufferPointer<UInt8>) -> Void = { _ in },
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(SystemError) {
    while true {
      // Every whole line in the buffer, in one access to it.
      buffer.withUnsafeBufferPointer { bytes in
        while let newline = Self.newline(in: bytes, start..<end) {
          defer { start = newline + 1 }
          if skipping {
            skipping = false
            continue
          }
          var lineEnd = newline
          if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
          body(UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]))
        }
        if skipping {
          (start, end) = (0, 0)
        } else if start == 0, end == bytes.count, bytes.count >= maximumLineLength {
          tooLong(UnsafeBufferPointer(rebasing: bytes[0..<end]))
          (start, end, skipping) = (0, 0, true)
        }
      }
      if atEnd {
        if start < end, !skipping {
          buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
        return
      }
      beforeWaiting()
      try fill()
    }
  }

  /// The index of the first `\n` in `range`, eight bytes at a time (`ByteWord`): a plain
  /// byte loop costs more than the rest of a short line.
  static func newline(in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var i = range.lowerBound
    while i + 8 <= range.upperBound, !ByteWord.any(ByteWord(buffer, at: i).equal(to: UInt8(ascii: "\n"))) {
      i += 8
    }
    while i < range.upperBound {
      if buffer[i] == UInt8(ascii: "\n") { return i }
      i += 1
    }
    return nil
  }

  private func fill() throws(SystemError) {
    if start > 0 {
      buffer.withUnsafeMutableBytes { b in b.copyMemory(from: UnsafeRawBufferPointer(rebasing: b[start..<end])) }
      end -= start
      start = 0
    }
    if end == buffer.count {
      buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maximumLineLength - buffer.count)))
    }
    let read = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(SystemError) in try Syscalls.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[end...])) }
    }
    let count = try read.get()
    if count == 0 { atEnd = true } else { end += count }
  }
}
