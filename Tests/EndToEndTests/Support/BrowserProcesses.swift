import DodoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A helper program the browser tests start and own (the stand-in checkout, Xvfb): its first
/// line of standard output is read with a deadline, its standard error goes to a log file that
/// is shown only when a test fails, and `stop()` (or release) ends and reaps it.
final class BackgroundProgram: @unchecked Sendable {
  let name: String
  let log: URL
  private let process = Process()
  private let output = Pipe()
  private let input = Pipe()

  /// Starts `program ARGUMENTS`; its standard input stays open until `stop()`, so a program
  /// that watches it for end of file ends also when the test process dies.
  init(_ name: String, _ program: String, _ arguments: [String], environment: [String: String], logDirectory: URL)
    throws
  {
    self.name = name
    log = logDirectory.appendingPathComponent("\(name).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
  }

  deinit { stop() }

  /// The first line the program prints, or nil when it prints none within `timeout` seconds.
  func firstLine(timeout: TimeInterval) -> String? {
    let line = LineReading()
    let handle = output.fileHandleForReading
    DispatchQueue.global().async {
      var data = Data()
      while !data.contains(UInt8(ascii: "\n")) {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        data.append(chunk)
      }
      line.finish(String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init))
    }
    return line.wait(timeout: timeout)
  }

  /// Ends the program (SIGTERM, then SIGKILL after two seconds) and reaps it.
  func stop() {
    try? input.fileHandleForWriting.close()
    guard process.isRunning else { return }
    process.terminate()
    let deadline = Date().addingTimeInterval(2)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// The log, for a failure message.
  var logText: String { BrowserLogs.tail(of: log, named: name) }
}

/// One line handed from a reading thread to a waiting test, with a deadline.
private final class LineReading: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var line: String?

  func finish(_ line: String?) {
    lock.withLock { self.line = line }
    done.signal()
  }

  func wait(timeout: TimeInterval) -> String? {
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return lock.withLock { line }
  }
}

/// Runs a program to its end, but never longer than `timeout` seconds: past it the test
/// records an issue and kills the program. Output goes through files, so that a browser the
/// program leaves running cannot hold a pipe open.
func runWithDeadline(
  _ program: String, _ arguments: [String], environment: [String: String], timeout: TimeInterval, scratch: URL
) throws -> ProcessOutput {
  let name = UUID().uuidString
  let out = scratch.appendingPathComponent("\(name).out")
  let err = scratch.appendingPathComponent("\(name).err")
  _ = FileManager.default.createFile(atPath: out.path, contents: nil)
  _ = FileManager.default.createFile(atPath: err.path, contents: nil)
  defer {
    try? FileManager.default.removeItem(at: out)
    try? FileManager.default.removeItem(at: err)
  }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  process.environment = environment
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = try FileHandle(forWritingTo: out)
  process.standardError = try FileHandle(forWritingTo: err)
  let ended = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in ended.signal() }
  try process.run()
  if ended.wait(timeout: .now() + timeout) == .timedOut {
    Issue.record("\(program) \(arguments.joined(separator: " ")) did not end within \(timeout) seconds; killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
  return ProcessOutput(
    stdout: String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self),
    stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self),
    status: process.terminationStatus)
}

/// Log excerpts for failure messages: the last lines only, without Chromium's D-Bus noise
/// (no session bus in a test).
enum BrowserLogs {
  static func tail(of file: URL, named name: String, lines: Int = 40) -> String {
    guard let data = try? Data(contentsOf: file) else { return "--- \(name): no log\n" }
    let kept = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
      .filter { !$0.contains("dbus") && !$0.contains("DBus") }
      .suffix(lines)
    return "--- \(name) (\(file.path)):\n" + kept.joined(separator: "\n") + "\n"
  }
}
