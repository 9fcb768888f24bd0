#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a helper program to completion and collects its standard output (`xdg-mime`, a
/// secret's command).
package enum ProgramRunner {
  /// What a program printed and how it ended.
  package struct Output: Sendable, Hashable {
    package var status: Syscalls.Termination
    package var standardOutput: String
    /// It ran past its time limit and was killed (`status` then says by which signal).
    package var timedOut = false
  }

  /// Runs `arguments` (looked up on `environment`'s `PATH`) and waits for it, for at most `timeLimit`: then
  /// it is killed. Its standard error is ours. At most `limit` bytes of output are kept; the
  /// rest is read and dropped, so that a long output never blocks it.
  ///
  /// Its exit, not the end of its output, ends the wait: a background child of its may hold
  /// the pipe open for as long as it likes, and what the program wrote before exiting is
  /// read then.
  package static func run(
    _ arguments: [String], environment: [String: String], limit: Int = 64 * 1024, timeLimit: Duration = .seconds(30)
  ) throws(SystemError) -> Output {
    let pipe = try Syscalls.pipe(blockingWriteEnd: true)
    let readEnd = pipe.read
    let writeEnd = pipe.write
    var arguments = arguments
    if let name = arguments.first { arguments[0] = located(name, path: environment["PATH"]) }
    let pid = try Syscalls.spawn(arguments, environment: environment, outputInto: writeEnd)
    // The child has its copy: ours closes now, so that the child's exit ends the reading.
    _ = consume writeEnd
    let clock = ContinuousClock()
    let deadline = clock.now + timeLimit
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var open = true
    /// Reads what is there now, at most 64 KiB (a program that never stops writing must
    /// not keep the exit and the time limit from being looked at); false at the end.
    func readAvailable() throws(SystemError) -> Bool {
      for _ in 0..<16 {
        let read = Result { () throws(SystemError) in try Syscalls.readAvailable(readEnd, into: &chunk) }
        guard let count = try read.get() else { return true }
        if count == 0 { return false }
        if output.count < limit { output += chunk[..<min(count, limit - output.count)] }
      }
      return true
    }
    func finished(_ status: Syscalls.Termination, timedOut: Bool = false) -> Output {
      Output(status: status, standardOutput: String(decoding: output, as: UTF8.self), timedOut: timedOut)
    }
    while true {
      if let status = try Syscalls.exitStatus(of: pid) {
        if open { _ = try readAvailable() }
        return finished(status)
      }
      let left = clock.now.duration(to: deadline)
      guard left > .zero else {
        Syscalls.kill(pid, SIGKILL)
        return finished(try Syscalls.waitForExit(of: pid), timedOut: true)
      }
      // The exit is looked for again after each slice: nothing else wakes the wait for it.
      let slice = min(left, .milliseconds(10))
      if open {
        _ = try Syscalls.poll([Syscalls.PollRequest(readEnd)], timeoutMilliseconds: Self.milliseconds(slice))
        open = try readAvailable()
      } else {
        Syscalls.sleep(Double(slice.components.attoseconds) / 1e18 + Double(slice.components.seconds))
      }
    }
  }

  /// `120`, or `0.25`: a time limit in seconds for a message, without a fraction when whole.
  package static func seconds(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    guard fraction != 0 else { return "\(whole)" }
    return "\(Double(whole) + Double(fraction) / 1e18)"
  }

  /// `name` where the child's `PATH` has it, as `execvp` would look (`posix_spawnp` looks on
  /// ours); unchanged when it holds a `/` or is not found there.
  static func located(_ name: String, path: String?) -> String {
    guard !name.contains("/"), let path else { return name }
    for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = DodoDirectories.join(directory.isEmpty ? "." : String(directory), name)
      if Syscalls.isExecutableFile(candidate) { return candidate }
    }
    return name
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    Int32(max(1, duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
  }
}
