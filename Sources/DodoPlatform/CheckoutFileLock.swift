import DodoCheckout

/// The one-at-a-time lock: `flock(LOCK_EX | LOCK_NB)` on `checkout.lock` in the state
/// directory, beside the record it guards, and on `checkout.lock` in the runtime directory,
/// beside the return channel's socket. Two checkouts that share either directory exclude
/// each other, whatever the other one's is.
///
/// The kernel drops a `flock` with the last descriptor of its open file, so a `start` that
/// dies (even by `SIGKILL`) never leaves a stale lock. The descriptors are close-on-exec, so
/// a browser that outlives `start` does not keep them. The files themselves are never
/// removed: removing one would let two processes lock two different files of the same name.
package final class CheckoutFileLock: CheckoutLock {
  /// The state directory first, then the runtime directory (one when they are the same).
  private let directories: [PrivateDirectory]
  /// The locks taken, in the order of `directories`.
  private var held: [HeldLock] = []
  static let retryMilliseconds: Int32 = 50
  static let name = "checkout.lock"

  package init(stateDirectory: PrivateDirectory, runtimeDirectory: PrivateDirectory) {
    let same = stateDirectory.identity == runtimeDirectory.identity
    directories = same ? [stateDirectory] : [stateDirectory, runtimeDirectory]
  }

  /// Takes every lock, or none; when one is busy, looks once more after `retryMilliseconds`,
  /// because `isHeld` (for `abandoned` commands) holds a shared lock for an instant to probe,
  /// and that instant must not turn a `start` away as `ALREADY_IN_PROGRESS`.
  package func tryAcquire() throws(CheckoutError) -> Bool {
    guard held.isEmpty else { return true }
    do throws(PlatformError) {
      for directory in directories {
        let path = directory.path(of: Self.name)
        guard let file = try directory.openRegular(Self.name, .readWrite, [.create]) else {
          throw PlatformError("cannot create \(path)")
        }
        let lock = HeldLock(file.descriptor)
        held.append(lock)
        guard try Self.lockRetryingOnce(lock.descriptor, path: path) else {
          release()
          return false
        }
      }
      return true
    } catch {
      release()
      throw .platformError("cannot take the checkout lock: \(error)")
    }
  }

  private static func lockRetryingOnce(_ fd: borrowing FileDescriptor, path: String) throws(PlatformError) -> Bool {
    do throws(SystemError) {
      if try Syscalls.tryLock(fd, exclusive: true, subject: path) { return true }
      _ = try Syscalls.poll([], timeoutMilliseconds: retryMilliseconds)
      return try Syscalls.tryLock(fd, exclusive: true, subject: path)
    } catch {
      throw PlatformError("\(error)")
    }
  }

  /// Gives up every lock taken (`flock(LOCK_UN)`, then the descriptor is closed).
  package func release() { held = [] }

  /// One lock file open: unlocked explicitly, since a child forked but not yet exec'd (a
  /// browser being started) has the same open file, then closed, both when it goes.
  private final class HeldLock {
    let descriptor: FileDescriptor
    init(_ descriptor: consuming FileDescriptor) { self.descriptor = descriptor }
    deinit { Syscalls.unlock(descriptor) }
  }

  /// Whether a checkout that uses `stateDirectory` runs now. The probe takes a shared lock
  /// without waiting and gives it back at once: it fails only against a checkout's exclusive
  /// lock, never against another probe, so `abandoned` commands run at the same time do not
  /// see each other as a checkout. A missing lock file means no checkout has run.
  package static func isHeld(stateDirectory: PrivateDirectory) throws(PlatformError) -> Bool {
    let path = stateDirectory.path(of: name)
    do throws(PlatformError) {
      guard let file = try stateDirectory.openRegular(name, .readOnly) else { return false }
      do throws(SystemError) {
        guard try Syscalls.tryLock(file.descriptor, exclusive: false, subject: path) else { return true }
        Syscalls.unlock(file.descriptor)
        return false
      } catch {
        throw PlatformError("\(error)")
      }
    } catch {
      throw PlatformError("cannot check the checkout lock: \(error)")
    }
  }
}
