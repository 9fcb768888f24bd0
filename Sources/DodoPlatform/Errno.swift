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
public struct Errno: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno`, read right after a call failed.
  static var current: Errno { Errno(rawValue: errno) }

  /// `strerror(3)`, e.g. "No such file or directory".
  public var description: String { String(cString: strerror(rawValue)) }

  /// `EINTR`: a signal arrived during the call; the layer retries it.
  public static let interrupted = Errno(rawValue: EINTR)
  /// `ENOENT`.
  public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EEXIST`.
  public static let fileExists = Errno(rawValue: EEXIST)
  /// `ENOTDIR`.
  public static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EISDIR`.
  public static let isDirectory = Errno(rawValue: EISDIR)
  /// `ELOOP`: a symbolic link where `O_NOFOLLOW` asked for none.
  public static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  /// `EACCES`.
  public static let permissionDenied = Errno(rawValue: EACCES)
  /// `ENOSPC`: the disk is full.
  public static let noSpace = Errno(rawValue: ENOSPC)
  /// `EAGAIN` (and `EWOULDBLOCK`, the same value on Linux and macOS): a non-blocking call would block.
  public static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EINVAL`.
  public static let invalidArgument = Errno(rawValue: EINVAL)
  /// `ERANGE`.
  public static let outOfRange = Errno(rawValue: ERANGE)
  /// `ENAMETOOLONG`, e.g. a Unix socket path longer than `sun_path`.
  public static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
  /// `EPIPE`: the reader has gone.
  public static let brokenPipe = Errno(rawValue: EPIPE)
  /// `EADDRINUSE`.
  public static let addressInUse = Errno(rawValue: EADDRINUSE)
  /// `EADDRNOTAVAIL`.
  public static let addressNotAvailable = Errno(rawValue: EADDRNOTAVAIL)
  /// `EAFNOSUPPORT`.
  public static let addressFamilyNotSupported = Errno(rawValue: EAFNOSUPPORT)
  /// `EPROTONOSUPPORT`.
  public static let protocolNotSupported = Errno(rawValue: EPROTONOSUPPORT)
  /// `ECONNREFUSED`: nothing listens there.
  public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  /// `ECONNRESET`.
  public static let connectionReset = Errno(rawValue: ECONNRESET)
  /// `ECONNABORTED`: a connection closed before `accept` took it.
  public static let connectionAborted = Errno(rawValue: ECONNABORTED)
  /// `ENOTSOCK`.
  public static let notSocket = Errno(rawValue: ENOTSOCK)

  /// `catch Errno.addressInUse`: matches a `SystemError` that failed with this code.
  public static func ~= (pattern: Errno, error: SystemError) -> Bool { error.errno == pattern }
}
