import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// `LoopbackHTTPServer`, the server of `dodo webhook listen`, with real sockets on loopback.
@Suite(.serialized) struct LoopbackHTTPServerTests {
  func soon(_ seconds: Int = 10) -> ContinuousClock.Instant { ContinuousClock().now.advanced(by: .seconds(seconds)) }

  func post(_ body: String, headers: String = "") -> String {
    "POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }

  @Test func aPostIsHandedOverWithItsHeadersAndBody() throws {
    let server = LoopbackHTTPServer(handlesSignals: false)
    let port = try server.open(port: 0)
    defer { server.close() }
    #expect(port != 0)
    let response = inBackground { httpRequest(post("{\"a\":1}\n", headers: "Webhook-Id: msg_1\r\n"), port: port) }
    guard case .request(let request) = try server.next(until: soon()) else {
      return #expect(Bool(false), "no request")
    }
    #expect(request.method == "POST" && request.target == "/hook")
    #expect(request.field("webhook-id") == "msg_1")
    #expect(request.fields.map(\.name) == ["Host", "Webhook-Id", "Content-Length"])
    #expect(request.body == Array("{\"a\":1}\n".utf8))
    server.respond(to: request.id, status: "204 No Content")
    #expect(response.wait()?.hasPrefix("HTTP/1.1 204 No Content\r\n") == true)
  }

  @Test(arguments: [
    ("GET / HTTP/1.1\r\nHost: x\r\n\r\n", "405"),
    ("POST / HTTP/1.1\r\nHost: x\r\n\r\n", "411"),
    ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "411"),
    ("POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", "413"),
    ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "400"),
    ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "400"),
    ("BROKEN\r\n\r\n", "400"),
    // `swift test` prints each argument: a header of 100,000 characters is named, not written.
    ("POST / HTTP/1.1\r\nX: <100000 a>\r\n\r\n", "431"),
  ])
  func requestsItDoesNotTakeAreAnsweredAtOnce(request named: String, status: String) throws {
    let request = named.replacing("<100000 a>", with: String(repeating: "a", count: 100_000))
    let server = LoopbackHTTPServer(handlesSignals: false)
    let port = try server.open(port: 0)
    defer { server.close() }
    let response = Answer()
    DispatchQueue.global().async { response.set(httpRequest(request, port: port)) }
    // The server runs until the client has its answer; no request reaches the caller.
    let end = soon()
    while response.get() == nil, ContinuousClock().now < end {
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(50))) == .timedOut)
    }
    #expect(response.get()?.hasPrefix("HTTP/1.1 \(status) ") == true)
  }

  @Test func aSlowClientDoesNotHoldUpTheNext() throws {
    let server = LoopbackHTTPServer(handlesSignals: false)
    let port = try server.open(port: 0)
    defer { server.close() }
    // Half a request, then nothing: the next client is heard meanwhile.
    let address = Syscalls.SocketAddress.ipv4("127.0.0.1", port: port)
    let slow = try Syscalls.streamSocket(for: address, nonBlocking: false)
    try Syscalls.connect(slow, address)
    try Syscalls.writeAll(slow, Array("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n{".utf8))
    var idle: [SharedDescriptor] = []
    for _ in 0..<100 {
      let fd = SharedDescriptor(try Syscalls.streamSocket(for: address, nonBlocking: false))
      idle.append(fd)
      try Syscalls.connect(fd.descriptor, address)
      // Let the server take them in (the listen backlog is 64), as a steady flood would be.
      if idle.count % 32 == 0 {
        #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(20))) == .timedOut)
      }
    }
    let started = ContinuousClock().now
    let response = inBackground { httpRequest(post("{}"), port: port) }
    guard case .request(let request) = try server.next(until: started.advanced(by: .seconds(3))) else {
      return #expect(Bool(false), "the request did not get through")
    }
    server.respond(to: request.id, status: "401 Unauthorized", body: "no\n")
    #expect(response.wait()?.hasPrefix("HTTP/1.1 401 Unauthorized\r\n") == true)
    #expect(ContinuousClock().now - started < .seconds(3))
  }

  @Test func cancelEndsTheWait() throws {
    let server = LoopbackHTTPServer(handlesSignals: false)
    _ = try server.open(port: 0)
    defer { server.close() }
    server.cancel()
    #expect(try server.next(until: soon()) == .interrupted)
  }

  @Test func aPortInUseIsAClearError() throws {
    let first = LoopbackHTTPServer(handlesSignals: false)
    let port = try first.open(port: 0)
    defer { first.close() }
    let second = LoopbackHTTPServer(handlesSignals: false)
    #expect(throws: PlatformError.self) { _ = try second.open(port: port) }
  }
}

/// A value set on another thread, read without waiting.
final class Answer: @unchecked Sendable {
  private let lock = NSLock()
  private var value: String?
  func set(_ value: String) { lock.withLock { self.value = value } }
  func get() -> String? { lock.withLock { value } }
}
