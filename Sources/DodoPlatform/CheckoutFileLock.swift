#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DodoCheckout

/// The one-at-a-time lock: `flock(LOCK_EX | LOCK_NB)` on `checkout.lock` in the runtime directory.
///
/// The kernel drops a `flock` with the last descriptor of its open file, so a `start` that
/// dies (even by `SIGKILL`) never leaves a stale lock. The descriptor is close-on-exec, so a
/// browser that outlives `start` does not keep it. The file itself is never removed: removing
/// it would let two processes lock two different files of the same name.
public final class CheckoutFileLock: CheckoutLock {
  public let path: String
  private var fd: Int32 = -1
  static let retryMilliseconds: Int32 = 50

  public init(runtimeDirectory: String) {
    path = DodoDirectories.join(runtimeDirectory, "checkout.lock")
  }

  deinit { release() }

  /// Takes the lock; when it is busy, looks once more after `retryMilliseconds`, because
  /// `isHeld` (for `abandoned show`) holds the lock for an instant to probe it, and that
  /// instant must not turn a `start` away as `ALREADY_IN_PROGRESS`.
  public func tryAcquire() throws(CheckoutError) -> Bool {
    do throws(SystemError) {
      if fd < 0 { fd = try Syscalls.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode: 0o600) }
      if try Syscalls.tryLock(fd, exclusive: true, subject: path) { return true }
      _ = try Syscalls.poll([], timeoutMilliseconds: Self.retryMilliseconds)
      if try Syscalls.tryLock(fd, exclusive: true, subject: path) { return true }
      Syscalls.close(fd)
      fd = -1
      return false
    } catch {
      throw .platformError("cannot take the checkout lock: \(error)")
    }
  }

  public func release() {
    guard fd >= 0 else { return }
    Syscalls.unlock(fd)
    Syscalls.close(fd)
    fd = -1
  }

  /// Whether a checkout holds the lock now: takes it without waiting and gives it back at once.
  /// A missing lock file means no checkout has run.
  public static func isHeld(runtimeDirectory: String) throws(PlatformError) -> Bool {
    let path = DodoDirectories.join(runtimeDirectory, "checkout.lock")
    do throws(SystemError) {
      let fd = try Syscalls.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      defer { Syscalls.close(fd) }
      return !(try Syscalls.tryLock(fd, exclusive: true, subject: path))
    } catch Errno.noSuchFileOrDirectory {
      return false
    } catch {
      throw PlatformError("cannot check the checkout lock: \(error)")
    }
  }
}
