import DodoCheckout
import DodoPlatform
import Foundation
import Testing

/// Sends a raw HTTP request to 127.0.0.1:port and returns the whole response.
func httpRequest(_ request: String, port: UInt16, ipv6: Bool = false) -> String {
  let address: Syscalls.SocketAddress = ipv6 ? .ipv6("::1", port: port) : .ipv4("127.0.0.1", port: port)
  guard let fd = try? Syscalls.streamSocket(for: address, nonBlocking: false) else { return "" }
  defer { Syscalls.close(fd) }
  guard (try? Syscalls.connect(fd, address)) != nil, (try? Syscalls.setTimeouts(fd, seconds: 5)) != nil,
    (try? Syscalls.writeAll(fd, Array(request.utf8))) != nil
  else { return "" }
  var response = [UInt8](repeating: 0, count: 8192)
  var count = 0
  while count < response.count, let n = try? Syscalls.read(fd, into: &response, at: count), n > 0 { count += n }
  return String(decoding: response[..<count], as: UTF8.self)
}

/// A free loopback port, found by binding port 0… through the kernel's choice of an ephemeral port.
func freePort() -> UInt16 { UInt16.random(in: 40000...59999) }

extension ServerTests {
@Suite("Loopback listener and browser launcher", .serialized)
struct LoopbackAndBrowserTests {
  func soon() -> ContinuousClock.Instant { ContinuousClock().now.advanced(by: .seconds(10)) }

  @Test("a GET of the return URL is claimed with a page; other paths get 404 and the wait goes on", arguments: ["127.0.0.1", "localhost", "[::1]"])
  func loopback(host: String) throws {
    let temp = TemporaryDirectory()
    let port = freePort()
    let returnURL = try ReturnURL("http://\(host):\(port)/return")
    let server = ReturnChannelServer(runtimeDirectory: temp.path)
    try server.open(for: returnURL)
    defer { server.close() }
    let ipv6 = host == "[::1]"
    let favicon = inBackground { httpRequest("GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n", port: port, ipv6: ipv6) }
    guard case .url(let first) = try server.next(until: soon()) else { return #expect(Bool(false)) }
    #expect(first.url == "http://\(host):\(port)/favicon.ico")
    #expect(!returnURL.matches(first.url))
    server.answer(first.id, claimed: false)
    #expect(favicon.wait()?.hasPrefix("HTTP/1.1 404 ") == true)

    let post = inBackground { httpRequest("POST /return HTTP/1.1\r\nContent-Length: 0\r\n\r\n", port: port, ipv6: ipv6) }
    let done = inBackground {
      usleep(100_000)
      return httpRequest("GET /return?status=succeeded&payment_id=p HTTP/1.1\r\nHost: x\r\n\r\n", port: port, ipv6: ipv6)
    }
    guard case .url(let second) = try server.next(until: soon()) else { return #expect(Bool(false)) }
    #expect(second.url == "http://\(host):\(port)/return?status=succeeded&payment_id=p")
    server.answer(second.id, claimed: true)
    #expect(post.wait()?.hasPrefix("HTTP/1.1 405 ") == true)
    let page = done.wait() ?? ""
    #expect(page.hasPrefix("HTTP/1.1 200 OK"))
    #expect(page.contains("close this tab"))
  }

  @Test("localhost listens on both loopback families when it can; never on other addresses")
  func addresses() throws {
    let temp = TemporaryDirectory()
    let port = freePort()
    let server = ReturnChannelServer(runtimeDirectory: temp.path)
    try server.open(for: try ReturnURL("http://localhost:\(port)/r"))
    defer { server.close() }
    #expect(server.loopbackAddresses.first == .ipv4("127.0.0.1", port: port))
    #expect(server.loopbackAddresses.allSatisfy { $0 == .ipv4("127.0.0.1", port: port) || $0 == .ipv6("::1", port: port) })
  }

  @Test("a loopback port in use is a platform error that says so")
  func portInUse() throws {
    let temp = TemporaryDirectory()
    let port = freePort()
    let returnURL = try ReturnURL("http://127.0.0.1:\(port)/r")
    let first = ReturnChannelServer(runtimeDirectory: temp.sub("a"))
    try FileManager.default.createDirectory(atPath: temp.sub("a"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try first.open(for: returnURL)
    defer { first.close() }
    try FileManager.default.createDirectory(atPath: temp.sub("b"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let error = #expect(throws: CheckoutError.self) { try ReturnChannelServer(runtimeDirectory: temp.sub("b")).open(for: returnURL) }
    #expect(error?.message.contains("in use") == true)
  }

  @Test("browser commands split like a simple shell", arguments: [
    ("firefox --new-window %s", ["firefox", "--new-window", "U"]),
    ("open", ["open", "U"]),
    ("'my browser' \"a b\" c\\ d", ["my browser", "a b", "c d", "U"]),
    ("x --url=%s --again=%s", ["x", "--url=U", "--again=U"]),
    ("x \"q\\\"uote\" 'back\\slash' \"\\n\"", ["x", "q\"uote", "back\\slash", "\\n", "U"]),
    ("x ''", ["x", "", "U"]),
  ])
  func split(command: String, expected: [String]) throws {
    #expect(try BrowserCommand(command).arguments(for: "U") == expected)
  }

  @Test("bad browser commands are refused", arguments: ["", "   ", "x 'open", "x \"open", "x \\"])
  func badCommands(command: String) {
    #expect(throws: PlatformError.self) { try BrowserCommand(command) }
  }

  @Test("the browser gets the URL and only the set customization variables")
  func launcher() throws {
    let temp = TemporaryDirectory()
    let script = temp.sub("browser.sh")
    try """
      #!/bin/sh
      printf '%s\\n' "$@" > "\(temp.sub("argv"))"
      env | grep '^DODO_' | sort > "\(temp.sub("env"))"
      """.write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
    let server = ReturnChannelServer(runtimeDirectory: temp.path)
    try server.open(for: try ReturnURL("myapp://r"))
    defer { server.close() }
    let launcher = BrowserLauncher(
      command: "'\(script)' --flag", server: server, environment: Syscalls.environment().merging(["DODO_COLOR_SCHEME": "light"]) { $1 })
    let url = try CheckoutURL("https://test.checkout.dodopayments.com/session/cks_1?x=1")
    try launcher.present(url, customization: BrowserCustomization(dismissButtonStyle: .close, barCollapsingEnabled: false))
    // The script exits 0: the wait goes on until the deadline.
    #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(500))) == .timedOut)
    #expect(try String(contentsOfFile: temp.sub("argv"), encoding: .utf8) == "--flag\n\(url.string)\n")
    #expect(
      try String(contentsOfFile: temp.sub("env"), encoding: .utf8)
        == "DODO_BAR_COLLAPSING_ENABLED=false\nDODO_DISMISS_BUTTON_STYLE=close\n")
  }

  @Test("a browser that exits non-zero ends the wait; one that cannot start is never shown")
  func browserFailures() throws {
    let temp = TemporaryDirectory()
    let server = ReturnChannelServer(runtimeDirectory: temp.path)
    try server.open(for: try ReturnURL("myapp://r"))
    defer { server.close() }
    let url = try CheckoutURL("https://checkout.dodopayments.com/session/cks_1")
    try BrowserLauncher(command: "sh -c 'exit 3' x", server: server).present(url, customization: BrowserCustomization())
    guard case .presenterFailed(let error) = try server.next(until: soon()) else { return #expect(Bool(false)) }
    #expect(error.message.contains("exited with status 3"))
    let failure = #expect(throws: PresentationFailure.self) {
      try BrowserLauncher(command: "/nonexistent/browser", server: server).present(url, customization: BrowserCustomization())
    }
    #expect(failure?.mayBeShowing == false)
    #expect(failure?.error.code == .platformError)
  }
}
}
