#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A descriptor `dodo` reads or writes but does not own, so never closes: the process's
/// standard input, output and error, which it was handed and leaves open for whoever comes
/// after, or (in a test) a descriptor its owner keeps open for as long as this is used.
/// Copyable, unlike `FileDescriptor`, because it carries no duty: nothing can close it twice.
package struct UnownedDescriptor: Sendable, Hashable {
  /// The descriptor's number, for the syscall layer's wrappers only.
  let rawValue: Int32

  private init(rawValue: Int32) { self.rawValue = rawValue }

  /// Descriptor 0.
  package static let standardInput = UnownedDescriptor(rawValue: 0)
  /// Descriptor 1.
  package static let standardOutput = UnownedDescriptor(rawValue: 1)
  /// Descriptor 2.
  package static let standardError = UnownedDescriptor(rawValue: 2)

  /// `fd`, used without its duty: its owner must keep it open as long as this is used (a
  /// test's pipe given to a command as its standard input).
  package init(borrowing fd: borrowing FileDescriptor) { rawValue = fd.rawValue }

  /// The descriptor `rawValue`, which something outside `dodo`'s code owns and keeps open (a
  /// Foundation `FileHandle` in a test). `dodo`'s own sources never make one from a number.
  package init(ownedElsewhere rawValue: Int32) { self.rawValue = rawValue }

  /// `fd`, left open for the life of the process (`/dev/null` on a closed standard descriptor).
  init(relinquishing fd: consuming FileDescriptor) { rawValue = fd.relinquishOwnership() }
}

extension Syscalls {
  /// `read(2)`: up to `buffer.count` bytes; 0 at end of file.
  package static func read(_ fd: UnownedDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
    -> Int
  { try read(fd.rawValue, into: buffer) }

  /// `read(2)` into `buffer[offset...]`; 0 at end of file.
  package static func read(_ fd: UnownedDescriptor, into buffer: inout [UInt8], at offset: Int) throws(SystemError)
    -> Int
  { try read(fd.rawValue, into: &buffer, at: offset) }

  /// `write(2)`, repeated until every byte is written.
  package static func writeAll(_ fd: UnownedDescriptor, _ buffer: UnsafeRawBufferPointer) throws(SystemError) {
    try writeAll(fd.rawValue, buffer)
  }

  /// `write(2)` of all of `bytes`.
  package static func writeAll(_ fd: UnownedDescriptor, _ bytes: [UInt8]) throws(SystemError) {
    try writeAll(fd.rawValue, bytes)
  }

  /// Up to `limit` bytes from `fd`, to its end.
  package static func readAll(_ fd: UnownedDescriptor, limit: Int, sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
    try readAll(fd.rawValue, limit: limit, sizeHint: sizeHint)
  }

  /// `isatty(3)`: whether `fd` is a terminal.
  package static func isTerminal(_ fd: UnownedDescriptor) -> Bool { isatty(fd.rawValue) == 1 }

  /// `tcgetpgrp(3)` and `getpgrp(2)`: whether this process is in the foreground process
  /// group of the terminal `fd`, so that reading it does not stop it with `SIGTTIN`. `true`
  /// for a descriptor that is not a terminal (`ENOTTY`): no job control applies to it.
  package static func isForeground(_ fd: UnownedDescriptor) -> Bool {
    let group = tcgetpgrp(fd.rawValue)
    return group < 0 || group == getpgrp()
  }
}
