/// Runs a helper program to completion and collects its standard output (for `xdg-mime`).
package enum ProgramRunner {
  /// What a program printed and how it ended.
  package struct Output: Sendable, Hashable {
    package var status: Syscalls.Termination
    package var standardOutput: String
  }

  /// Runs `arguments` (looked up on `PATH`) and waits for it; its standard error is ours.
  /// At most `limit` bytes of output are kept.
  package static func run(_ arguments: [String], environment: [String: String], limit: Int = 64 * 1024)
    throws(SystemError) -> Output
  {
    let pipe = try Syscalls.pipe()
    let readEnd = pipe.read
    let writeEnd = pipe.write
    let pid = try Syscalls.spawn(arguments, environment: environment, outputInto: writeEnd)
    // The child has its copy: ours closes now, so that the child's exit ends the reading.
    _ = consume writeEnd
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      _ = try Syscalls.poll([Syscalls.PollRequest(readEnd)], timeoutMilliseconds: -1)
      let read: Result<Int?, SystemError> = chunk.withUnsafeMutableBytes { raw in
        Result { () throws(SystemError) in try Syscalls.readAvailable(readEnd, into: raw) }
      }
      guard let count = try read.get() else { continue }
      if count == 0 { break }
      if output.count < limit { output += chunk[..<min(count, limit - output.count)] }
    }
    let status = try Syscalls.waitForExit(of: pid)
    return Output(status: status, standardOutput: String(decoding: output, as: UTF8.self))
  }
}
