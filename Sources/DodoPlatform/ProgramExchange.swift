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
    // Its standard input is a socket, so that writing to a program that stopped reading is
    // an error (`EPIPE`), not a `SIGPIPE` that would kill `dodo`.
    let stdin = try Syscalls.socketPair()
    let stdout: (read: Int32, write: Int32)
    do throws(SystemError) { stdout = try Syscalls.pipe() } catch {
      Syscalls.close(stdin.ours)
      Syscalls.close(stdin.theirs)
      throw error
    }
    let pid: Int32
    do throws(SystemError) {
      try Syscalls.setBlocking(stdout.write)
      pid = try Syscalls.spawn(arguments, environment: environment, input: stdin.theirs, output: .into(stdout.write))
    } catch {
      for fd in [stdin.ours, stdin.theirs, stdout.read, stdout.write] { Syscalls.close(fd) }
      throw error
    }
    Syscalls.close(stdin.theirs)
    Syscalls.close(stdout.write)
    var writeFD: Int32? = stdin.ours
    defer {
      if let writeFD { Syscalls.close(writeFD) }
      Syscalls.close(stdout.read)
    }
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
        _ = try Syscalls.waitForExit(of: pid)
        return Output(status: nil, standardOutput: output, truncated: truncated)
      }
      let milliseconds = Int32(
        clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      var requests = [Syscalls.PollRequest(fd: stdout.read)]
      if let fd = writeFD { requests.append(Syscalls.PollRequest(fd: fd, readable: false, writable: true)) }
      let ready = try Syscalls.poll(requests, timeoutMilliseconds: milliseconds)
      if ready.count > 1, ready[1], let fd = writeFD {
        switch Result(catching: { () throws(SystemError) in try Syscalls.send(fd, input, from: written) }) {
        case .success(let count): written += count
        case .failure: written = input.count  // it stopped reading (EPIPE): its answer says why
        }
        if written >= input.count {
          Syscalls.close(fd)
          writeFD = nil
        }
      }
      guard ready[0] else { continue }
      let read: Result<Int?, SystemError> = chunk.withUnsafeMutableBytes { raw in
        Result { () throws(SystemError) in try Syscalls.readAvailable(stdout.read, into: raw) }
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
    let status = try Syscalls.waitForExit(of: pid)
    return Output(status: truncated ? nil : status, standardOutput: output, truncated: truncated)
  }
}
