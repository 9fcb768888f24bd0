/// A failed system call: which call, on what, and the `errno` it set.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The system call that failed, e.g. `open`.
  public var call: String
  public var errno: Errno
  /// What the call was made on (a path, an address), when that helps the reader.
  public var subject: String?

  public init(_ call: String, errno: Errno, subject: String? = nil) {
    self.call = call
    self.errno = errno
    self.subject = subject
  }

  /// `strerror(errno)`, e.g. "No such file or directory".
  public var reason: String { errno.description }

  /// `open /run/user/1000/dodo/lock: Permission denied`, or `read: …` without a subject.
  public var description: String { "\(call)\(subject.map { " \($0)" } ?? ""): \(reason)" }
}
