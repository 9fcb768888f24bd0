import Foundation

/// What a program run as a subprocess printed and how it ended.
package struct ProcessOutput: Sendable {
  package var stdout: String
  package var stderr: String
  package var status: Int32

  package init(stdout: String, stderr: String, status: Int32) {
    self.stdout = stdout
    self.stderr = stderr
    self.status = status
  }
}

/// Runs programs as real subprocesses, for what only a process shows (signals, sockets, exit
/// codes, installed files).
package enum Subprocess {
  /// Runs `program ARGUMENTS` with `stdin` as its standard input and waits for it, collecting
  /// its output.
  package static func run(
    _ program: String, _ arguments: [String], stdin: String? = nil, environment: [String: String]
  ) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = environment
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    // Read both pipes while the process runs, so that a large output cannot block it.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    group.enter()
    DispatchQueue.global().async {
      out = outPipe.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      err = errPipe.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    feed(inPipe.fileHandleForWriting, stdin.map { Data($0.utf8) } ?? Data(), into: group)
    group.wait()
    // Closed here, while the descriptors are still ours: a handle that closes its descriptor
    // only when it is deallocated may close a number another thread has reused by then
    // (swiftlang/swift#57827, "Bad file descriptor" from Process.run under concurrency).
    try? outPipe.fileHandleForReading.close()
    try? errPipe.fileHandleForReading.close()
    process.waitUntilExit()
    return ProcessOutput(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
  }

  /// Writes `data` to a child's standard input and closes it, on a thread of its own that
  /// blocks SIGPIPE: a child that exits without reading all of it (a usage error, say) makes
  /// the write fail with EPIPE, where SIGPIPE would silently end the whole test run. The
  /// signal is thread-directed and dies with the thread.
  private static func feed(_ handle: FileHandle, _ data: Data, into group: DispatchGroup) {
    group.enter()
    let writer = Thread {
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      try? handle.write(contentsOf: data)
      try? handle.close()
      group.leave()
    }
    writer.start()
  }
}
