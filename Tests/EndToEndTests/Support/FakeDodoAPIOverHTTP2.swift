import DodoTestSupport
import Foundation

/// Dodo's payments over HTTP/2: `fake-dodo-api-h2.py` (next to this file) runs `nghttpd`
/// (Debian's nghttp2-server: TLS with ALPN h2, HTTP/2 only) on 127.0.0.1 with the test CA's
/// certificate, serving `GET /payments/{id}` with the answers `fake-dodo-api.py` builds from
/// Dodo's Python SDK, and logging its frames: which connection and stream each request came on.
///
///     let api = try FakeDodoAPIOverHTTP2(payments: ["pay_1"])
///     let output = try Dodo.run(["confirm", "pay_1"], environment: Dodo.environment(home: h, api.environment))
///     #expect(try api.requests().map(\.path) == ["/payments/pay_1"])
///
/// It checks no API key, and answers nothing but the seeded payments (404 otherwise).
/// The processes end when the object goes.
final class FakeDodoAPIOverHTTP2: @unchecked Sendable {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "fake-dodo-api-h2.py"
  ).path

  let directory = TemporaryDirectory()
  let process = Process()
  private let input = Pipe()
  let port: Int
  var frameLog: String { directory.url.appendingPathComponent("frames.log").path }

  var caFile: String { TestCA.shared.caFile }
  var baseURL: String { "https://127.0.0.1:\(port)" }

  /// What `dodo` needs to reach it: base URL, a key and the CA to trust.
  var environment: [String: String] {
    ["DODO_PAYMENTS_BASE_URL": baseURL, "DODO_PAYMENTS_API_KEY": FakeDodoAPI.apiKey, "SSL_CERT_FILE": caFile]
  }

  /// Serves `payments`, each with `status`.
  init(payments: [String], status: String = "succeeded") throws {
    guard let nghttpd = RequiredTools.nghttpd else {
      throw FakeAPIError(message: "nghttpd (Debian's nghttp2-server) is not installed")
    }
    let ca = try TestCA.shared.get()
    let seeded = Dictionary(uniqueKeysWithValues: payments.map { ($0, ["status": status]) })
    let state = directory.url.appendingPathComponent("state.json").path
    try JSONSerialization.data(withJSONObject: ["payments": seeded]).write(to: URL(fileURLWithPath: state))
    let root = directory.url.appendingPathComponent("root").path
    let log = directory.url.appendingPathComponent("frames.log").path
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.script, "--state", state, "--root", root, "--log", log, "--cert", ca.serverCert, "--key",
      ca.serverKey, "--nghttpd", nghttpd, "--exit-with-stdin",
    ]
    let out = Pipe()
    process.standardOutput = out
    // Its standard input ends when this process does, crash or not: then it ends nghttpd and exits.
    process.standardInput = input
    process.standardError = FileHandle.standardError
    try process.run()
    port = try FakeDodoAPI.port(printedBy: process, on: out, what: "nghttpd")
  }

  deinit {
    try? input.fileHandleForWriting.close()
    // It ends nghttpd at the end of its input; SIGKILL if it does not (nghttpd ends with it on Linux).
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// One request as nghttpd's frames show it.
  struct Request: Sendable, Equatable {
    /// nghttpd's number for the connection (its HTTP/2 session) the request came on.
    var session: Int
    /// The HTTP/2 stream that carried it (odd, rising, in a session a client opened).
    var stream: Int
    var method: String
    var path: String
  }

  /// The HTTP/2 requests received so far, in the order their headers came. nghttpd writes each
  /// frame to its log before it answers, so a request that has its answer is in it. An
  /// HTTP/1.1 client gets no answer and leaves no request here.
  func requests() throws -> [Request] {
    let log = try String(contentsOfFile: frameLog, encoding: .utf8)
    // [id=2] [  0.081] recv (stream_id=1) :path: /payments/pay_2
    let header = #/^\[id=(\d+)\] \[[ 0-9.]+\] recv \(stream_id=(\d+)\) :(method|path): (.*)$/#
    var requests: [Request] = []
    var index: [[Int]: Int] = [:]
    for line in log.split(separator: "\n") {
      guard let match = line.wholeMatch(of: header), let session = Int(match.1), let stream = Int(match.2) else {
        continue
      }
      let at = index[[session, stream]] ?? requests.count
      if at == requests.count {
        index[[session, stream]] = at
        requests.append(Request(session: session, stream: stream, method: "", path: ""))
      }
      if match.3 == "method" { requests[at].method = String(match.4) } else { requests[at].path = String(match.4) }
    }
    return requests
  }
}
