#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// Runs `body(0)` … `body(count - 1)` each on a thread of its own and returns when all have
  /// returned. For blocking work that must overlap (requests sent through a helper process);
  /// a thread that cannot be created runs its body on the calling thread instead.
  package static func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    guard count > 1 else {
      if count == 1 { body(0) }
      return
    }
    var threads: [SystemThread] = []
    for index in 0..<count {
      if let thread = SystemThread.start({ body(index) }) { threads.append(thread) } else { body(index) }
    }
    while let thread = threads.popLast() { thread.join() }
  }

  /// `count` random bytes from the kernel's CSPRNG (`/dev/urandom`; `arc4random_buf` on
  /// Apple platforms), for secrets such as a return URL's `state`.
  package static func randomBytes(_ count: Int) throws(SystemError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    #if canImport(Darwin)
      bytes.withUnsafeMutableBytes { arc4random_buf($0.baseAddress, $0.count) }
    #else
      // getrandom(2) is not in Glibc's module map: the same source, as a device.
      let fd = try open("/dev/urandom", .readOnly, [.closeOnExec])
      var filled = 0
      while filled < count {
        let n = bytes.withUnsafeMutableBytes {
          systemRead(fd.rawValue, $0.baseAddress.map { $0 + filled }, count - filled)
        }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else {
          throw SystemError("read", errno: Errno(rawValue: n < 0 ? errno : EIO), subject: "/dev/urandom")
        }
        filled += n
      }
    #endif
    return bytes
  }
}

/// A thread's work, handed through `pthread_create`'s one pointer.
private final class ThreadBody {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}

/// A mutual-exclusion lock (`pthread_mutex_t`) for state that threads share
/// (`Syscalls.runConcurrently`'s, `ParallelLineReader`'s).
package final class SystemLock: @unchecked Sendable {
  fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() {
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A condition variable (`pthread_cond_t`) used with a `SystemLock`: a thread that holds the
/// lock waits until another signals that the state it guards has changed.
package final class SystemCondition: @unchecked Sendable {
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  /// Releases `lock`, which the caller holds (inside `withLock`), until signalled, and takes
  /// it again; may also return without a signal, so the caller checks its state in a loop.
  package func wait(releasing lock: SystemLock) { pthread_cond_wait(condition, lock.mutex) }

  /// `wait(releasing:)` for at most `seconds` (on the wall clock, which `pthread_cond_timedwait`
  /// measures: the caller checks its own deadline in its loop).
  package func wait(releasing lock: SystemLock, atMost seconds: Double) {
    var deadline = timespec()
    _ = clock_gettime(CLOCK_REALTIME, &deadline)
    let nanoseconds = Int(max(0, min(seconds, 86_400)) * 1e9) + Int(deadline.tv_nsec)
    deadline.tv_sec += nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    _ = pthread_cond_timedwait(condition, lock.mutex, &deadline)
  }

  /// Wakes one waiting thread.
  package func signal() { pthread_cond_signal(condition) }

  /// Wakes every waiting thread.
  package func broadcast() { pthread_cond_broadcast(condition) }
}

/// A thread started with `SystemThread.start`, to be joined once.
package struct SystemThread {
  private let thread: pthread_t

  /// Runs `body` on a new thread; `nil` when none can be created (the caller does the work
  /// itself).
  package static func start(_ body: @escaping @Sendable () -> Void) -> SystemThread? {
    let box = Unmanaged.passRetained(ThreadBody(body))
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(
      &thread, nil,
      { raw in
        #if canImport(Darwin)
          let box = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
        #else
          guard let raw else { return nil }
          let box = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
        #endif
        box.run()
        return nil
      }, box.toOpaque())
    #if canImport(Darwin)
      guard started == 0, let thread else {
        box.release()
        return nil
      }
    #else
      guard started == 0 else {
        box.release()
        return nil
      }
    #endif
    return SystemThread(thread: thread)
  }

  /// Waits for the thread's body to return.
  package func join() { pthread_join(thread, nil) }
}

extension Syscalls {
  /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
  package static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
