/// A program kept running to answer many messages (`dodo-https` for one command): its
/// standard input and output are one socket, ours at the other end. Its arguments are only its
/// path, so a message (and the API key in it) travels only through the socket.
///
/// It ends when its input ends (`closeInput`), when it is killed, or when we exit (the kernel
/// closes our end, so it reads the end of its input): no helper outlives `dodo` for long.
package final class ProgramConnection: @unchecked Sendable {
  package let pid: Int32
  /// Non-blocking (writing never raises `SIGPIPE`), close-on-exec (no other child inherits it).
  private let socket: FileDescriptor
  /// Used by the one thread that reads.
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  /// Starts the program at `path` with `environment`; its standard error is ours.
  package init(_ path: String, environment: [String: String]) throws(SystemError) {
    let pair = try Syscalls.socketPair()
    let ours = pair.ours
    let theirs = pair.theirs
    pid = try Self.running.spawn { () throws(SystemError) in
      try Syscalls.spawn([path], environment: environment, input: theirs, outputInto: theirs)
    }
    // The child has its copy: ours closes now, so that its exit ends our reading.
    _ = consume theirs
    socket = ours
  }

  /// Writes all of `bytes`, waiting while the program reads; `false` when it stopped reading
  /// or `deadline` came first.
  package func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Bool {
    var written = 0
    while written < bytes.count {
      do throws(SystemError) {
        let count = try Syscalls.send(socket, bytes, from: written)
        written += count
        guard count == 0 else { continue }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return false }
        _ = try Syscalls.poll(
          [Syscalls.PollRequest(socket, readable: false, writable: true)],
          timeoutMilliseconds: Self.milliseconds(left))
      } catch {
        return false
      }
    }
    return true
  }

  /// The next bytes it wrote, waiting for them; empty at the end of its output (it exited or
  /// closed it) or when the socket fails.
  package func read() -> [UInt8] {
    while true {
      do throws(SystemError) {
        if let count = try Syscalls.readAvailable(socket, into: &chunk) { return Array(chunk[..<count]) }
        _ = try Syscalls.poll([Syscalls.PollRequest(socket)], timeoutMilliseconds: -1)
      } catch {
        return []
      }
    }
  }

  /// Ends its input: it finishes and exits.
  package func closeInput() { Syscalls.shutdownWrite(socket) }

  /// `SIGKILL`, unless it has been reaped.
  package func kill() { Self.running.kill(pid) }

  /// After the end of its output: reaps it once it exits (a program may close its output just
  /// before it exits), killing it if it lives on without one past a second.
  package func reap() -> Syscalls.Termination? {
    let deadline = ContinuousClock.now + .seconds(1)
    while ContinuousClock.now < deadline {
      if let ended = Self.running.reapIfExited(pid) { return ended }
      Syscalls.sleep(0.001)
    }
    Self.running.kill(pid)
    Self.running.remove(pid)
    return try? Syscalls.waitForExit(of: pid)
  }

  /// Kills every program a connection is running (`SIGKILL`): for a process that ends at
  /// once on a signal while another thread waits for its helper (`webhook listen`).
  package static func stopAll() { running.killAll() }

  private static let running = RunningPrograms()

  private static func milliseconds(_ duration: Duration) -> Int32 {
    Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000 + 1)
  }
}

/// The programs connections are running, by process ID, from their spawn until just before
/// they are reaped: a number is never killed after it may have been reused.
private final class RunningPrograms: @unchecked Sendable {
  private let lock = SystemLock()
  private var pids: Set<Int32> = []

  func spawn(_ start: () throws(SystemError) -> Int32) throws(SystemError) -> Int32 {
    let result: Result<Int32, SystemError> = lock.withLock {
      let started = Result { () throws(SystemError) in try start() }
      if case .success(let pid) = started { pids.insert(pid) }
      return started
    }
    return try result.get()
  }

  func remove(_ pid: Int32) { lock.withLock { _ = pids.remove(pid) } }

  /// How `pid` ended, reaped, once it has; under the lock, so that no `kill` can reach its
  /// number after it was reaped.
  func reapIfExited(_ pid: Int32) -> Syscalls.Termination? {
    lock.withLock {
      guard let ended = try? Syscalls.exitStatus(of: pid) else { return nil }
      pids.remove(pid)
      return ended
    }
  }

  /// Kills `pid` (`SIGKILL`) if it is still one of them.
  func kill(_ pid: Int32) { lock.withLock { if pids.contains(pid) { Syscalls.kill(pid, 9) } } }

  func killAll() { lock.withLock { for pid in pids { Syscalls.kill(pid, 9) } } }
}
