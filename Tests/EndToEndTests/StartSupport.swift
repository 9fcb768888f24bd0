import DodoTestSupport
import Foundation
import Testing

/// A private home, state directory and runtime directory for one checkout test.
final class CheckoutSandbox: Sendable {
  let home = TemporaryDirectory()
  var state: String { home.url.appendingPathComponent("state").path }
  var runtime: String { home.url.appendingPathComponent("run").path }
  var record: String { state + "/abandoned.json" }

  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    Dodo.environment(home: home.url, ["DODO_STATE_DIR": state, "DODO_RUNTIME_DIR": runtime].merging(extra) { $1 })
  }

  func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> ProcessOutput {
    try Dodo.run(arguments, environment: environment(extra))
  }

  /// Starts `dodo start ARGUMENTS` in the background.
  func start(_ arguments: [String], _ extra: [String: String] = [:]) throws -> RunningStart {
    try RunningStart(arguments: ["start"] + arguments, environment: environment(extra), runtime: runtime, state: state)
  }

  /// `dodo handle-url URL`: whether it was claimed (exit 0) or not (exit 1).
  func handle(_ url: String) throws -> Bool {
    let output = try run(["handle-url", url])
    #expect(output.status == 0 || output.status == 1, "handle-url \(url): \(output.stderr)")
    return output.status == 0
  }

  var recordExists: Bool { FileManager.default.fileExists(atPath: record) }

  /// Writes an executable script and returns its path.
  func script(_ name: String, _ body: String) throws -> String {
    try home.writeProgram(name, "#!/bin/sh\n" + body, mode: 0o700)
  }
}

/// A `dodo start` running as a subprocess.
final class RunningStart: @unchecked Sendable {
  let process = Process()
  private let out = Pipe()
  private let err = Pipe()
  private var collected: ProcessOutput?
  private let runtime: String
  private let state: String

  init(arguments: [String], environment: [String: String], runtime: String, state: String) throws {
    self.runtime = runtime
    self.state = state
    process.executableURL = URL(fileURLWithPath: Dodo.binary)
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  var pid: Int32 { process.processIdentifier }

  /// Waits until the checkout listens on its return channel (a socket file left by a killed
  /// start does not count: it refuses connections) and has recorded its session.
  @discardableResult
  func waitUntilListening(timeout: TimeInterval = 10) -> Bool {
    let socket = runtime + "/return.sock"
    let record = state + "/abandoned.json"
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if Self.accepts(socket), FileManager.default.fileExists(atPath: record) { return true }
      if !process.isRunning { return false }
      usleep(5_000)
    }
    return false
  }

  /// Whether a process accepts connections on the Unix socket at `path`.
  static func accepts(_ path: String) -> Bool {
    #if canImport(Glibc)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
  }

  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// Waits for the end and returns what it printed.
  func finish(timeout: TimeInterval = 20) -> ProcessOutput {
    if let collected { return collected }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(5_000) }
    if process.isRunning {
      Issue.record("dodo start did not end within \(timeout) seconds")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    let output = ProcessOutput(
      stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      status: process.terminationStatus)
    collected = output
    return output
  }
}

enum Checkout {
  static let url = "https://test.checkout.dodopayments.com/session/cks_e2e"
  static let returnURL = "myapp://checkout/return"
}

extension String {
  /// Standard error without the warning that a custom-scheme return URL carries no per-run
  /// parameter (tested in `ForgedReturnEndToEndTests`), for the tests about something else.
  var withoutSchemeWarning: String {
    split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("carries no per-run parameter") }
      .joined(separator: "\n")
  }
}
