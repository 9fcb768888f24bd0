import DodoAccount
import Foundation
import Testing

@testable import DodoCurl

/// A local HTTP/1.1 server (plain http on loopback, which the transport allows) that answers
/// each request with the client's address and port: the connection it came on.
final class ConnectionEchoServer: @unchecked Sendable {
  static let script = """
    import http.server, socket, sys
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args): pass
        def do_GET(self):
            body = ("%s:%d" % self.client_address[:2]).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
        def finish_request(self, request, address):
            request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().finish_request(request, address)
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    import threading
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()
    """

  let process = Process()
  private let input = Pipe()
  let port: Int

  init() throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.terminate()
      throw TransportError(.unavailable, "the echo server did not start")
    }
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  func get(_ transport: CurlTransport) throws -> String {
    let response = try transport.send(HTTPRequest(method: .get, url: "http://127.0.0.1:\(port)/"))
    return String(decoding: response.body, as: UTF8.self)
  }
}

/// The library's in-process transport keeps its connection between requests, from any thread.
@Suite struct CurlConnectionReuseTests {
  @Test func oneTransportSendsItsRequestsOnOneConnection() throws {
    let server = try ConnectionEchoServer()
    let transport = CurlTransport(extraCAFile: nil)
    let clients = try (0..<5).map { _ in try server.get(transport) }
    #expect(Set(clients).count == 1, "\(clients)")
  }

  @Test func threadsShareTheTransportSafely() throws {
    let server = try ConnectionEchoServer()
    let transport = CurlTransport(extraCAFile: nil)
    let lock = NSLock()
    nonisolated(unsafe) var clients: [String?] = []
    DispatchQueue.concurrentPerform(iterations: 40) { _ in
      let client = try? server.get(transport)
      lock.lock()
      clients.append(client)
      lock.unlock()
    }
    #expect(clients.count == 40)
    #expect(!clients.contains(nil))
    // At most one connection per thread that sent at the same time, kept for the next request.
    #expect(Set(clients).count <= CurlHandles.keptIdle, "\(Set(clients))")
  }
}
