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
    var threads: [pthread_t] = []
    for index in 0..<count {
      let box = Unmanaged.passRetained(ThreadBody { body(index) })
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
        if started == 0, let thread {
          threads.append(thread)
        } else {
          box.takeRetainedValue().run()
        }
      #else
        if started == 0 { threads.append(thread) } else { box.takeRetainedValue().run() }
      #endif
    }
    for thread in threads { pthread_join(thread, nil) }
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

/// A mutual-exclusion lock (`pthread_mutex_t`) for state that the threads of
/// `Syscalls.runConcurrently` share.
package final class SystemLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

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
