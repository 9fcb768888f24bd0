import DodoAccount
import DodoPlatform
import DodoTestSupport
import Foundation

@testable import DodoCLI

/// A standard stream kept in memory, so that a test reads exactly what a command printed.
final class MemoryStream: OutputSink {
  private(set) var bytes: [UInt8] = []
  let isTerminal: Bool
  /// The error every write fails with (`ENOSPC` for a full disk), as `write(2)` would.
  let failure: Errno?

  init(isTerminal: Bool = false, failing failure: Errno? = nil) {
    self.isTerminal = isTerminal
    self.failure = failure
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    if let failure { throw SystemError("write", errno: failure) }
    self.bytes.append(contentsOf: bytes)
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Runs `dodo` in-process, as `main.swift` does, with its output in memory: in a private
/// scratch directory that is HOME, TMPDIR and PATH (so no plugins, no config, no state of the
/// user's), removed when the runner goes.
final class CommandRunner {
  /// What one command line did.
  struct Output: Equatable, CustomStringConvertible, CommandOutcome {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "[exit \(status)]\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
  }

  struct StandardInputTooLarge: Error { var count: Int }

  /// The scratch directory, removed when the runner goes.
  private let directory = TemporaryDirectory()
  let scratch: String
  var environment: [String: String]
  /// Dodo's API for the commands that use it (an in-memory one in tests).
  var transport: (any HTTPTransport)?
  /// What `dodo start` runs against; `nil`: the machine's.
  var start: StartDependencies?

  init() throws {
    scratch = directory.path
    environment = ["PATH": scratch, "HOME": scratch, "TMPDIR": scratch, "XDG_CONFIG_DIRS": scratch]
  }

  /// Runs `dodo ARGUMENTS` with `stdin` on a pipe (closed after it, so a reader meets its end),
  /// and `transport` (else the runner's) as Dodo's API.
  /// The pipe is filled before `dodo` runs, so `stdin` must fit in its buffer (16 KiB on
  /// macOS); a larger or slower standard input is a subprocess test's.
  func run(
    _ arguments: [String], stdin: String = "", stdout: MemoryStream = MemoryStream(),
    stderr: MemoryStream = MemoryStream(), transport: (any HTTPTransport)? = nil
  ) throws -> Output {
    guard stdin.utf8.count <= 16 * 1024 else { throw StandardInputTooLarge(count: stdin.utf8.count) }
    let pipe = try Syscalls.pipe()
    try Syscalls.writeAll(pipe.write, Array(stdin.utf8))
    try pipe.write.close()
    let status = Dodo.main(
      arguments: arguments, environment: environment, stdinFD: UnownedDescriptor(borrowing: pipe.read),
      stdout: stdout, stderr: stderr, transport: (transport ?? self.transport).map(TransportSource.injected) ?? .helper,
      sleep: { _ in }, start: start ?? .live)
    return Output(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  /// Writes `contents` to `name` in the scratch directory, owner-only (`mode`), and returns
  /// its path. A file with an execute bit is written as `Executable.write` writes programs.
  @discardableResult
  func file(_ name: String, _ contents: String, mode: Int = 0o600) throws -> String {
    let path = scratch + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    if mode & 0o111 != 0 {
      try Executable.write(contents, to: path, mode: mode)
      return path
    }
    guard
      FileManager.default.createFile(atPath: path, contents: Data(contents.utf8), attributes: [.posixPermissions: mode])
    else {
      throw CocoaError(.fileWriteUnknown)
    }
    return path
  }
}
