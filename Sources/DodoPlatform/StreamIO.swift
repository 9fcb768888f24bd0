import DodoBytes

/// Where an `OutputFile`'s bytes go: a file descriptor in the process, memory in a test, so
/// that a command's exact output (and a failure to write it) is checked without a subprocess.
package protocol OutputSink {
  /// Writes all of `bytes`, or throws the error that stopped it.
  func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError)
  /// Whether a person reads it as it comes: colour and progress are for a terminal only.
  var isTerminal: Bool { get }
  /// Writes all of `bytes` unless `interrupter` ends the wait for a full pipe or terminal.
  func write(_ bytes: UnsafeRawBufferPointer, interruptedBy interrupter: any WriteInterrupter) throws(SystemError)
  /// Whether the stream was closed when the process started (`>&-`): every write fails.
  var isClosed: Bool { get }
}

extension OutputSink {
  /// Memory never makes a write wait.
  package func write(_ bytes: UnsafeRawBufferPointer, interruptedBy interrupter: any WriteInterrupter)
    throws(SystemError)
  {
    try write(bytes)
  }

  package var isClosed: Bool { false }
}

/// A file descriptor as an `OutputSink`: the process's standard output and error.
package struct FileDescriptorSink: OutputSink {
  /// Borrowed: the standard output or error, never closed by `dodo`.
  package let fd: UnownedDescriptor
  /// The descriptor was closed at launch (`>&-`; `/dev/null` now holds its number, so that
  /// no file opened later takes it): writing fails with `EBADF`, as it would have.
  package let isClosed: Bool

  package init(fd: UnownedDescriptor, closedAtLaunch: Bool = false) {
    self.fd = fd
    isClosed = closedAtLaunch
  }

  package func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    guard !isClosed else { throw SystemError("write", errno: .badFileDescriptor) }
    try Syscalls.writeAll(fd, bytes)
  }

  package func write(_ bytes: UnsafeRawBufferPointer, interruptedBy interrupter: any WriteInterrupter)
    throws(SystemError)
  {
    guard !isClosed else { throw SystemError("write", errno: .badFileDescriptor) }
    try Syscalls.writeAll(fd, bytes, interruptedBy: interrupter)
  }

  package var isTerminal: Bool { !isClosed && Syscalls.isTerminal(fd) }
}

/// Buffered output to a sink: the CLI writes millions of small pieces when it streams, and
/// one `write(2)` per piece would dominate the time.
package final class OutputFile {
  private let sink: any OutputSink
  private var buffer: [UInt8] = []
  private let capacity: Int

  package init(_ sink: any OutputSink, capacity: Int = 64 * 1024) {
    self.sink = sink
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  package func write(_ string: String) {
    var string = string
    string.withBytes { write($0) }
  }

  /// Buffers `bytes`; a piece at least as large as the buffer is written straight through,
  /// so that a caller that collects its own large chunks pays for no second copy.
  package func write(_ bytes: ByteView) {
    guard bytes.count < capacity else {
      flush()
      bytes.withUnsafeBytes { send($0) }
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { flush() }
  }

  /// Writes what is buffered.
  package func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { send($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// The first write that failed (`ENOSPC`, `EIO`, …), for the command to report: output
  /// after it is dropped, since what follows a hole in the output is worth nothing.
  package private(set) var error: SystemError?
  /// Set by a command that reported `error` itself and chose its exit status knowing it.
  package var errorReported = false

  private func send(_ bytes: UnsafeRawBufferPointer) {
    guard error == nil else { return }
    do {
      if let interrupter { try sink.write(bytes, interruptedBy: interrupter) } else { try sink.write(bytes) }
    } catch { self.error = error }
  }

  /// What ends a write that waits (`WriteInterrupter`); `nil`: a write waits as long as it takes.
  package weak var interrupter: (any WriteInterrupter)?

  package var isTerminal: Bool { sink.isTerminal }
  /// Whether the stream was closed at launch (`>&-`), so that nothing written can arrive.
  package var isClosed: Bool { sink.isClosed }
}

/// Lines read from a file descriptor through one reused buffer, so that memory stays flat
/// whatever the input's size.
package final class LineReader {
  /// Borrowed: the standard input, never closed by `dodo`.
  package let fd: UnownedDescriptor
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var atEnd = false
  /// Whether the rest of an overlong line is being passed over, up to its newline.
  private var skipping = false
  /// A line this long or longer is reported (`tooLong`) and passed over, not buffered without bound.
  package let maximumLineLength: Int

  package init(fd: UnownedDescriptor, maximumLineLength: Int = 1 << 20) {
    self.fd = fd
    self.maximumLineLength = maximumLineLength
    buffer = [UInt8](repeating: 0, count: min(256 * 1024, maximumLineLength))
  }

  /// Calls `body` with each line, without its `\n` (and a `\r` before it).
  ///
  /// `beforeWaiting` runs before each read that may block, so that a caller can flush its
  /// output first: lines piped in one at a time are answered one at a time. A line of
  /// `maximumLineLength` bytes or more goes to `tooLong` with its first `maximumLineLength`
  /// bytes, and the reading goes on after it. Once `stopped` is true (it is asked before each
  /// line and each read), the reading ends without waiting for the end of the input.
  package func forEachLine(
    beforeWaiting: () -> Void = {}, tooLong: (ByteView) -> Void = { _ in },
    stopped: () -> Bool = { false }, _ body: (ByteView) -> Void
  ) throws(SystemError) {
    while true {
      // Every whole line in the buffer, in one access to it.
      buffer.withBytes { bytes in
        while !stopped(), let newline = Self.newline(in: bytes, start..<end) {
          defer { start = newline + 1 }
          if skipping {
            skipping = false
            continue
          }
          var lineEnd = newline
          if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
          body(bytes.view(start..<lineEnd))
        }
        if skipping {
          (start, end) = (0, 0)
        } else if start == 0, end == bytes.count, bytes.count >= maximumLineLength {
          tooLong(bytes.view(0..<end))
          (start, end, skipping) = (0, 0, true)
        }
      }
      if stopped() { return }
      if atEnd {
        if start < end, !skipping {
          buffer.withBytes { body($0.view(start..<end)) }
        }
        return
      }
      beforeWaiting()
      if stopped() { return }
      try fill()
    }
  }

  /// The index of the first `\n` in `range`, a word at a time.
  static func newline(in buffer: ByteView, _ range: Range<Int>) -> Int? {
    buffer.firstIndex(of: UInt8(ascii: "\n"), in: range)
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
      Result { () throws(SystemError) in
        try Syscalls.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[end...]))
      }
    }
    let count = try read.get()
    if count == 0 { atEnd = true } else { end += count }
  }
}
