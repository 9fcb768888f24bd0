/// A failed system call: which call, on what, and the `errno` it set.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The system call that failed, e.g. `open`.
  package var call: String
  package var errno: Errno
  /// What the call was made on (a path, an address), when that helps the reader.
  package var subject: String?

  package init(_ call: String, errno: Errno, subject: String? = nil) {
    self.call = call
    self.errno = errno
    self.subject = subject
  }

  /// `strerror(errno)`, e.g. "No such file or directory".
  package var reason: String { errno.description }

  /// `open /run/user/1000/dodo/lock: Permission denied`, or `read: …` without a subject.
  package var description: String { "\(call)\(subject.map { " \($0)" } ?? ""): \(reason)" }
}
