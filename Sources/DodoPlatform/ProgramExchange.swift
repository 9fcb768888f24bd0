/// Runs a program that reads one message on its standard input and answers on its standard
/// output (`dodo-https`): the message goes in through a pipe, never in its arguments.
package enum ProgramExchange {
  package struct Output: Sendable, Hashable {
    /// How it ended; `nil` when it was killed for running past the deadline.
    package var status: Syscalls.Termination?
    package var standardOutput: [UInt8]
    /// It printed more than the limit: the rest was not read and it was killed.
    package var truncated: Bool
  }

  /// Runs the program at `path` with `arguments` (name first) and `environment`, writes
  /// `input` to its standard input (then closes it), and collects at most `limit` bytes of its
  /// standard output; its standard error is ours. A program still running after
  /// `timeoutSeconds` is killed (`SIGKILL`).
  package static func run(
    _ path: String, arguments: [String], environment: [String: String], input: [UInt8], limit: Int,
    timeoutSeconds: Double
  ) throws(SystemError) -> Output {
    var arguments = arguments
    if arguments.isEmpty { arguments = [path] }
    arguments[0] = path
    // Its standard input and output are sockets: writing to a program that stopped reading
    // is an error (`EPIPE`), not a `SIGPIPE` that would kill `dodo`, and both are created
    // close-on-exec at once, so that requests run concurrently (`dodo confirm`) cannot leak
    // one another's ends into their helpers.
    let stdin = try Syscalls.socketPair()
    let stdout = try Syscalls.socketPair()
    // Ours until all of `input` is written, then closed: the program reads to its end.
    var writing: FileDescriptor? = stdin.ours
    let reading = stdout.ours
    let childInput = stdin.theirs
    let childOutput = stdout.theirs
    let pid = try running.spawn {
      () throws(SystemError) in
      try Syscalls.spawn(arguments, environment: environment, input: childInput, outputInto: childOutput)
    }
    // The child has its copies: ours close now, so that its exit ends the reading.
    _ = consume childInput
    _ = consume childOutput
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(max(0, timeoutSeconds) * 1000))
    var written = 0
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    var truncated = false
    reading: while true {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else {
        Syscalls.kill(pid, 9)
        running.remove(pid)
        _ = try Syscalls.waitForExit(of: pid)
        return Output(status: nil, standardOutput: output, truncated: truncated)
      }
      let milliseconds = Int32(
        clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      var requests = [Syscalls.PollRequest(reading)]
      switch writing {
      case .some(let fd): requests.append(Syscalls.PollRequest(fd, readable: false, writable: true))
      case .none: break
      }
      let ready = try Syscalls.poll(requests, timeoutMilliseconds: milliseconds)
      if ready.count > 1, ready[1] {
        switch writing {
        case .some(let fd):
          do throws(SystemError) { written += try Syscalls.send(fd, input, from: written) } catch {
            written = input.count  // it stopped reading (EPIPE): its answer says why
          }
        case .none: break
        }
        if written >= input.count { writing = nil }
      }
      guard ready[0] else { continue }
      let read: Result<Int?, SystemError> = chunk.withUnsafeMutableBytes { raw in
        Result { () throws(SystemError) in try Syscalls.readAvailable(reading, into: raw) }
      }
      guard let count = try read.get() else { continue }
      if count == 0 { break reading }
      output += chunk[..<min(count, limit - output.count)]
      if output.count >= limit {
        truncated = true
        Syscalls.kill(pid, 9)
        break reading
      }
    }
    // Not yet reaped, so the number is still the child's while `stopAll` may use it.
    running.remove(pid)
    let status = try Syscalls.waitForExit(of: pid)
    return Output(status: truncated ? nil : status, standardOutput: output, truncated: truncated)
  }

  /// Kills every program an exchange is running (`SIGKILL`): for a process that ends at
  /// once on a signal while another thread waits for its helper (`webhook listen`).
  package static func stopAll() { running.killAll() }

  /// Exchanges' programs and `ProgramConnection`s' alike.
  static let running = RunningPrograms()
}

/// The programs exchanges and connections are running, by process ID, from their spawn
/// until just before they are reaped: a number is never killed after it may have been reused.
final class RunningPrograms: @unchecked Sendable {
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

  /// Kills `pid` (`SIGKILL`) if it is still one of them.
  func kill(_ pid: Int32) { lock.withLock { if pids.contains(pid) { Syscalls.kill(pid, 9) } } }

  func killAll() { lock.withLock { for pid in pids { Syscalls.kill(pid, 9) } } }
}
