import Foundation
import Testing

/// What a run of the built `dodo` printed and how it ended.
struct ProcessOutput: Sendable {
  var stdout: String
  var stderr: String
  var status: Int32
}

/// Runs the built `dodo` (and other programs) as real subprocesses, as a user would.
enum Dodo {
  /// The `dodo` that `swift test` built beside the test bundle; `DODO_BINARY` overrides it.
  static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["DODO_BINARY"], !path.isEmpty { return path }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On macOS the tests run inside a .xctest bundle: Contents/MacOS/…
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
      || directory.lastPathComponent == "Contents"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("dodo").path
  }()

  /// A clean environment for a test: no colour, no user config, private state and runtime
  /// directories under `home`.
  static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
    var env: [String: String] = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_CONFIG_DIRS": home.appendingPathComponent("etc-xdg").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
      "LANG": "C.UTF-8",
    ]
    for (key, value) in extra { env[key] = value }
    return env
  }

  /// Runs `dodo ARGUMENTS` with `stdin` as its standard input and waits for it.
  static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil, home: URL? = nil
  ) throws -> ProcessOutput {
    try runProgram(
      binary, arguments, stdin: stdin,
      environment: environment ?? Self.environment(home: home ?? TemporaryDirectory.shared.url))
  }

  /// Runs any program and waits for it, collecting its output.
  static func runProgram(
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
    process.waitUntilExit()
    return ProcessOutput(
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Writes `data` to a child's standard input and closes it, on a thread of its own that
/// blocks SIGPIPE: a child that exits without reading all of it (a usage error, say) makes
/// the write fail with EPIPE, where SIGPIPE would silently end the whole test run. The
/// signal is thread-directed and dies with the thread.
private func feed(_ handle: FileHandle, _ data: Data, into group: DispatchGroup) {
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

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("dodo-test-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// For tests that need a home but nothing in it.
  static let shared = TemporaryDirectory()

  /// Writes `contents` to `name` inside the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
    return file.path
  }
}
