#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C `errno` value with a Swift name, so that code outside the syscall layer matches
/// failures (`catch Errno.addressInUse`, `error.errno == .noSuchFileOrDirectory`) without
/// importing the C library for its `E…` constants.
package struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
  package let rawValue: Int32

  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno`, read right after a call failed.
  static var current: Errno { Errno(rawValue: errno) }

  /// `strerror(3)`, e.g. "No such file or directory".
  package var description: String { String(cString: strerror(rawValue)) }

  /// `EINTR`: a signal arrived during the call; the layer retries it.
  package static let interrupted = Errno(rawValue: EINTR)
  /// `ENOENT`.
  package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EEXIST`.
  package static let fileExists = Errno(rawValue: EEXIST)
  /// `ENOTDIR`.
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EISDIR`.
  package static let isDirectory = Errno(rawValue: EISDIR)
  /// `ELOOP`: a symbolic link where `O_NOFOLLOW` asked for none.
  package static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  /// `EACCES`.
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// `ENOSPC`: the disk is full.
  package static let noSpace = Errno(rawValue: ENOSPC)
  /// `EAGAIN` (and `EWOULDBLOCK`, the same value on Linux and macOS): a non-blocking call would block.
  package static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EINVAL`.
  package static let invalidArgument = Errno(rawValue: EINVAL)
  /// `ERANGE`.
  package static let outOfRange = Errno(rawValue: ERANGE)
  /// `ENAMETOOLONG`, e.g. a Unix socket path longer than `sun_path`.
  package static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
  /// `EBADF`: not an open descriptor (standard output closed at launch).
  package static let badFileDescriptor = Errno(rawValue: EBADF)
  /// `EIO`: a background process group read its terminal, or the terminal hung up.
  package static let inputOutput = Errno(rawValue: EIO)
  /// `EPIPE`: the reader has gone.
  package static let brokenPipe = Errno(rawValue: EPIPE)
  /// `EADDRINUSE`.
  package static let addressInUse = Errno(rawValue: EADDRINUSE)
  /// `EADDRNOTAVAIL`.
  package static let addressNotAvailable = Errno(rawValue: EADDRNOTAVAIL)
  /// `EAFNOSUPPORT`.
  package static let addressFamilyNotSupported = Errno(rawValue: EAFNOSUPPORT)
  /// `EPROTONOSUPPORT`.
  package static let protocolNotSupported = Errno(rawValue: EPROTONOSUPPORT)
  /// `ECONNREFUSED`: nothing listens there.
  package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  /// `ECONNRESET`.
  package static let connectionReset = Errno(rawValue: ECONNRESET)
  /// `ECONNABORTED`: a connection closed before `accept` took it.
  package static let connectionAborted = Errno(rawValue: ECONNABORTED)
  /// `ENOTSOCK`.
  package static let notSocket = Errno(rawValue: ENOTSOCK)

  /// `catch Errno.addressInUse`: matches a `SystemError` that failed with this code.
  package static func ~= (pattern: Errno, error: SystemError) -> Bool { error.errno == pattern }
}
