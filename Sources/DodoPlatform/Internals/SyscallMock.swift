#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if DEBUG
  /// Test builds only: a script of failures for the next calls of named system calls, so that
  /// tests can show what `EINTR`, `EAGAIN`, `ENOSPC`, `EADDRINUSE` or a short write do to a
  /// wrapper — failures the real kernel gives only under load or a full disk.
  ///
  /// It is a task-local: it acts only inside `withValue`, on the task that installed it, so
  /// tests running in parallel (and the real calls they make) do not see each other's script.
  package final class SyscallMock: @unchecked Sendable {
    /// What a scripted call does instead of its usual work.
    package enum Outcome: Sendable {
      /// Fails at once with this `errno`.
      case fail(Errno)
      /// Runs, but transfers at most this many bytes (a short read or write).
      case transferAtMost(Int)
    }

    @TaskLocal package static var current: SyscallMock?

    private var script: [String: [Outcome]]
    /// Every intercepted call, in order, by name.
    package private(set) var calls: [String] = []

    /// `script`: for each call name (`write`, `bind`, …), the outcomes of its next calls, in
    /// order; once a name's list is used up its calls run normally.
    package init(_ script: [String: [Outcome]]) { self.script = script }

    fileprivate func next(_ call: String) -> Outcome? {
      calls.append(call)
      guard var outcomes = script[call], !outcomes.isEmpty else { return nil }
      let outcome = outcomes.removeFirst()
      script[call] = outcomes
      return outcome
    }
  }
#endif

/// Runs the C call `body` with `count` (the bytes it may transfer), unless a test's
/// `SyscallMock` scripted this call: then it fails with the scripted `errno` (`-1`) or runs
/// with a smaller count. Release builds compile to `body(count)`.
@inline(__always)
func intercept<T: FixedWidthInteger>(_ call: String, count: Int = 0, _ body: (_ count: Int) -> T) -> T {
  #if DEBUG
    if let mock = SyscallMock.current, let outcome = mock.next(call) {
      switch outcome {
      case .fail(let code):
        errno = code.rawValue
        return -1
      case .transferAtMost(let limit):
        return body(min(count, limit))
      }
    }
  #endif
  return body(count)
}
