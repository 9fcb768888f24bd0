#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, and the `errno` it set.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The system call that failed, e.g. `open`.
  public var call: String
  public var errno: Int32

  public init(_ call: String, errno: Int32) {
    self.call = call
    self.errno = errno
  }

  /// `strerror(errno)`, e.g. "No such file or directory".
  public var reason: String { String(cString: strerror(errno)) }

  public var description: String { "\(call): \(reason)" }
}

/// The one place where DodoPlatform calls C: each wrapper names its system call, turns
/// `errno` into a `SystemError` and retries on `EINTR`.
public enum Syscalls {
  /// Retries `body` while it fails with `EINTR`; a `-1` result becomes a `SystemError`.
  @inline(__always)
  static func retrying<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(SystemError) -> T {
    while true {
      let result = body()
      if result != -1 { return result }
      let code = errno
      if code != EINTR { throw SystemError(call, errno: code) }
    }
  }

  /// `read(2)`: up to `buffer.count` bytes; 0 at end of file.
  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    try retrying("read") { systemRead(fd, buffer.baseAddress, buffer.count) }
  }

  /// `write(2)`, repeated until every byte is written.
  public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) {
    var offset = 0
    while offset < buffer.count {
      offset += try retrying("write") { systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset) }
    }
  }

  /// `isatty(3)`: whether `fd` is a terminal.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}

// The C functions under names that do not collide with the wrappers above, on every libc.
@inline(__always) private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
@inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}
