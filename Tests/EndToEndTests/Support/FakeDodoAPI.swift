import DodoTestSupport
import Foundation

/// The fake Dodo API (`fake-dodo-api.py`, next to this file), serving HTTPS on 127.0.0.1 with
/// a certificate from a CA made for the test run, for tests that call the API for real
/// through `dodo` and its helper.
///
///     let api = try FakeDodoAPI(state: #"{"payments":{"pay_1":{"status":"succeeded"}}}"#)
///     let output = try Dodo.run(["confirm", "pay_1"], environment: Dodo.environment(home: h, api.environment))
///     #expect(try api.requests().map(\.path) == ["/payments/pay_1"])
///
/// `state` is the JSON the script documents (seeded checkouts, payments and subscriptions,
/// `next_session` for `POST /checkouts`, and `faults`: 401, 404, 429 with `Retry-After`,
/// 500, a hung answer, per path or for all); `update(state:)` replaces it while it runs.
/// Its answers are the JSON of Dodo's Python SDK models, and a request body outside the SDK's
/// params type is answered 422 with `schemaProblems` logged.
/// The process ends when the object goes.
final class FakeDodoAPI: @unchecked Sendable {
  /// The key the fake requires unless the state names another.
  static let apiKey = "sk_test_fake_4f1c9a7e2b3d5e6f"

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "fake-dodo-api.py"
  ).path

  let directory = TemporaryDirectory()
  let process = Process()
  private let input = Pipe()
  let port: Int
  let apiKey: String
  var stateFile: String { directory.url.appendingPathComponent("state.json").path }
  var logFile: String { directory.url.appendingPathComponent("requests.jsonl").path }

  /// The test CA's certificate: what `SSL_CERT_FILE` names for `dodo` to trust the fake.
  var caFile: String { TestCA.shared.caFile }
  var baseURL: String { "https://127.0.0.1:\(port)" }

  /// What `dodo` needs to reach the fake: base URL, key and the CA to trust.
  var environment: [String: String] {
    ["DODO_PAYMENTS_BASE_URL": baseURL, "DODO_PAYMENTS_API_KEY": apiKey, "SSL_CERT_FILE": caFile]
  }

  init(state: String = "{}", apiKey: String = FakeDodoAPI.apiKey) throws {
    self.apiKey = apiKey
    let ca = try TestCA.shared.get()
    try Data(state.utf8).write(to: URL(fileURLWithPath: directory.url.appendingPathComponent("state.json").path))
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.script, "--state", directory.url.appendingPathComponent("state.json").path, "--log",
      directory.url.appendingPathComponent("requests.jsonl").path, "--cert", ca.serverCert, "--key", ca.serverKey,
      "--api-key", apiKey, "--exit-with-stdin",
    ]
    let out = Pipe()
    process.standardOutput = out
    // Its standard input ends when this process does, crash or not: then the fake exits too.
    process.standardInput = input
    process.standardError = FileHandle.standardError
    try process.run()
    port = try Self.port(printedBy: process, on: out, what: "the fake Dodo API")
  }

  /// The port `process` prints, alone on its first line, once it listens; it is killed when it
  /// prints none within a minute.
  static func port(printedBy process: Process, on output: Pipe, what: String) throws -> Int {
    nonisolated(unsafe) var line = Data()
    let ready = DispatchSemaphore(value: 0)
    let handle = output.fileHandleForReading
    Thread {
      while let byte = try? handle.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line.append(byte) }
      ready.signal()
    }.start()
    guard ready.wait(timeout: .now() + 60) == .success, let port = Int(String(decoding: line, as: UTF8.self)) else {
      kill(process.processIdentifier, SIGKILL)
      throw FakeAPIError(message: "\(what) did not start")
    }
    return port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    if process.isRunning {
      // SIGKILL: a test runner may block SIGTERM, and a blocked mask is inherited.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Replaces the state (the fake reads it again on the next request).
  func update(state: String) throws {
    try Data(state.utf8).write(to: URL(fileURLWithPath: stateFile), options: .atomic)
  }

  /// One request the fake received.
  struct Request: Sendable, Equatable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: String
    /// `nil` for a request it never answered (a hung fault).
    var status: Int?
    /// Why the body, or the answer the state seeded, does not match Dodo's schema (the SDK's
    /// params types and models); empty when all matched.
    var schemaProblems: [String] = []
    /// The client's address and port: the connection it came on.
    var client = ""
  }

  /// The requests so far, in the order they came.
  func requests() throws -> [Request] {
    let text = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
    return try text.split(separator: "\n").map { line in
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw FakeAPIError(message: "a log line is not an object: \(line)")
      }
      return Request(
        method: object["method"] as? String ?? "", path: object["path"] as? String ?? "",
        headers: object["headers"] as? [String: String] ?? [:], body: object["body"] as? String ?? "",
        status: object["status"] as? Int, schemaProblems: object["schema_problems"] as? [String] ?? [],
        client: object["client"] as? String ?? "")
    }
  }
}

struct FakeAPIError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// A CA and a server certificate for 127.0.0.1 and localhost, made once per test run with
/// `openssl` in a temporary directory.
final class TestCA: @unchecked Sendable {
  static let shared = TestCA()

  struct Files {
    var caFile: String
    var serverCert: String
    var serverKey: String
  }

  private let lock = NSLock()
  private var files: Files?
  private let directory = TemporaryDirectory.forWholeRun()

  var caFile: String { directory.url.appendingPathComponent("ca.pem").path }

  func get() throws -> Files {
    try lock.withLock {
      if let files { return files }
      let dir = directory.url.path
      let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
      try run(
        ["req", "-x509"] + ec + [
          "-keyout", "\(dir)/ca.key", "-out", "\(dir)/ca.pem", "-days", "3", "-subj", "/CN=dodo test CA",
          "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
      try run(["req"] + ec + ["-keyout", "\(dir)/server.key", "-out", "\(dir)/server.csr", "-subj", "/CN=127.0.0.1"])
      try directory.write(
        "ext.cnf",
        "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
      )
      try run([
        "x509", "-req", "-in", "\(dir)/server.csr", "-CA", "\(dir)/ca.pem", "-CAkey", "\(dir)/ca.key",
        "-CAcreateserial", "-out", "\(dir)/server.pem", "-days", "3", "-extfile", "\(dir)/ext.cnf",
      ])
      let made = Files(caFile: "\(dir)/ca.pem", serverCert: "\(dir)/server.pem", serverKey: "\(dir)/server.key")
      files = made
      return made
    }
  }

  private func run(_ arguments: [String]) throws {
    let output = try Subprocess.run(
      "/usr/bin/env", ["openssl"] + arguments,
      environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    guard output.status == 0 else { throw FakeAPIError(message: "openssl \(arguments[0]) failed: \(output.stderr)") }
  }
}
