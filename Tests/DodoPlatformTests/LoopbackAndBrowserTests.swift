import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// Sends a raw HTTP request to 127.0.0.1:port and returns the whole response.
func httpRequest(_ request: String, port: UInt16, ipv6: Bool = false) -> String {
  let address: Syscalls.SocketAddress = ipv6 ? .ipv6("::1", port: port) : .ipv4("127.0.0.1", port: port)
  guard let fd = try? Syscalls.streamSocket(for: address, nonBlocking: false) else { return "" }
  guard (try? Syscalls.connect(fd, address)) != nil, (try? Syscalls.setTimeouts(fd, seconds: 5)) != nil,
    (try? Syscalls.writeAll(fd, Array(request.utf8))) != nil
  else { return "" }
  var response = [UInt8](repeating: 0, count: 8192)
  var count = 0
  while count < response.count, let n = try? Syscalls.read(fd, into: &response, at: count), n > 0 { count += n }
  return String(decoding: response[..<count], as: UTF8.self)
}

/// Serves `server` until the background `client` has its answer (a refused request is answered
/// as it is read, and the wait goes on), however slowly the client connects on a loaded
/// machine; each wait in between ends with no event.
func serve<Value>(_ server: ReturnChannelServer, until client: Outcome<Value>) throws -> Value? {
  let deadline = ContinuousClock().now.advanced(by: .seconds(10))
  while !client.isDone, ContinuousClock().now < deadline {
    #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(100))) == .timedOut)
  }
  return client.wait()
}

/// A free loopback port, outside the kernel's ephemeral range (`LoopbackPort.free`).
func freePort() -> UInt16 { LoopbackPort.free() }

extension ServerTests {
  @Suite("Loopback listener and browser launcher", .serialized)
  struct LoopbackAndBrowserTests {
    func soon() -> ContinuousClock.Instant { ContinuousClock().now.advanced(by: .seconds(10)) }

    @Test(
      "a GET of the return URL is claimed with a page; other paths get 404 and the wait goes on",
      arguments: ["127.0.0.1", "localhost", "[::1]"])
    func loopback(host: String) throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let returnURL = try ReturnURL("http://\(host):\(port)/return")
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: returnURL)
      defer { server.close() }
      let ipv6 = host == "[::1]"
      let favicon = inBackground {
        httpRequest("GET /favicon.ico HTTP/1.1\r\nHost: \(host):\(port)\r\n\r\n", port: port, ipv6: ipv6)
      }
      guard case .url(let first) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(first.url == "http://\(host):\(port)/favicon.ico")
      #expect(!returnURL.matches(first.url))
      server.answer(first.id, claimed: false)
      #expect(favicon.wait()?.hasPrefix("HTTP/1.1 404 ") == true)

      let post = inBackground {
        httpRequest("POST /return HTTP/1.1\r\nContent-Length: 0\r\n\r\n", port: port, ipv6: ipv6)
      }
      let done = inBackground {
        usleep(100_000)
        return httpRequest(
          "GET /return?status=succeeded&payment_id=p HTTP/1.1\r\nHost: \(host.uppercased()):\(port)\r\n\r\n",
          port: port, ipv6: ipv6)
      }
      guard case .url(let second) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(second.url == "http://\(host):\(port)/return?status=succeeded&payment_id=p")
      #expect(second.route == .loopback)
      server.answer(second.id, claimed: true)
      #expect(post.wait()?.hasPrefix("HTTP/1.1 405 ") == true)
      let page = done.wait() ?? ""
      #expect(page.hasPrefix("HTTP/1.1 200 OK"))
      #expect(page.contains("close this tab"))
    }

    /// Requests to a loopback return URL that carries a per-run `state`, and the status line
    /// each gets; `nil`: it reaches the checkout.
    static let forgedOrNot: [(head: String, status: String?)] = [
      // The browser's return: Host is the return URL's, a top-level navigation from the checkout's site.
      (
        "GET /return?state=s3cret&status=succeeded HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nSec-Fetch-Site: cross-site\r\n"
          + "Sec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n", nil
      ),
      ("GET /return?status=succeeded&state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", nil),
      ("GET http://127.0.0.1:PORT/return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", nil),
      // Another path is the checkout's to refuse (404), whatever it carries.
      ("GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", nil),
      // No state, or another one: a local program that knows only the port.
      ("GET /return?status=succeeded HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", "403"),
      ("GET /return?status=succeeded&state=guess HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", "403"),
      ("GET /return?status=succeeded&state=s3cret&state=x HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", "403"),
      // DNS rebinding, or a request meant for another server.
      ("GET /return?state=s3cret HTTP/1.1\r\nHost: evil.example:PORT\r\n", "421"),
      ("GET /return?state=s3cret HTTP/1.1\r\nHost: localhost:PORT\r\n", "421"),
      ("GET /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1\r\n", "421"),
      ("GET http://evil.example/return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\n", "421"),
      ("GET /return?state=s3cret HTTP/1.1\r\n", "400"),
      ("GET /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nHost: 127.0.0.1:PORT\r\n", "400"),
      // A page's own request: an <img>, a fetch, a frame; a cross-origin Origin without Sec-Fetch.
      (
        "GET /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nSec-Fetch-Site: cross-site\r\n"
          + "Sec-Fetch-Mode: no-cors\r\nSec-Fetch-Dest: image\r\n", "403"
      ),
      (
        "GET /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nSec-Fetch-Site: cross-site\r\n"
          + "Sec-Fetch-Mode: cors\r\nSec-Fetch-Dest: empty\r\nOrigin: https://evil.example\r\n", "403"
      ),
      (
        "GET /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nSec-Fetch-Site: same-site\r\n"
          + "Sec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: iframe\r\n", "403"
      ),
      ("GET /return?state=s3cret HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nOrigin: https://evil.example\r\n", "403"),
    ]

    @Test(
      "a loopback request is heard only with the return URL's Host, as a navigation, carrying its state",
      arguments: forgedOrNot)
    func forgedReturns(head: String, status: String?) throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("http://127.0.0.1:\(port)/return?state=s3cret"))
      defer { server.close() }
      let request = head.replacingOccurrences(of: "PORT", with: "\(port)") + "\r\n"
      let response = inBackground { httpRequest(request, port: port) }
      if status == nil {
        let event = try server.next(until: soon())
        guard case .url(let incoming) = event else { return #expect(Bool(false), "\(event)") }
        server.answer(incoming.id, claimed: false)
        #expect(response.wait()?.hasPrefix("HTTP/1.1 404 ") == true)
      } else {
        #expect(try serve(server, until: response)?.prefix(12) == "HTTP/1.1 \(status ?? "")")
      }
    }

    @Test("a loopback return as large as a handle-url one (64 KiB, 1900 license keys) reaches the checkout")
    func largeReturn() throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("http://127.0.0.1:\(port)/return"))
      defer { server.close() }
      let target = "/return?status=succeeded" + String(repeating: "&license_key=LK-0123456789abcdef", count: 1900)
      let request =
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: \(String(repeating: "x", count: 2000))\r\n\r\n"
      let response = inBackground { httpRequest(request, port: port) }
      guard case .url(let incoming) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(incoming.url == "http://127.0.0.1:\(port)" + target)
      server.answer(incoming.id, claimed: true)
      #expect(response.wait()?.hasPrefix("HTTP/1.1 200 ") == true)
      let tooLong =
        "GET /return?\(String(repeating: "a", count: URLHandoff.maximumURLBytes)) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
      let refused = inBackground { httpRequest(tooLong, port: port) }
      #expect(try serve(server, until: refused)?.hasPrefix("HTTP/1.1 414 ") == true)
    }

    @Test("a flood of idle connections does not hold up the browser's return: it is served within 2 seconds")
    func idleFlood() throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("http://127.0.0.1:\(port)/return"))
      defer { server.close() }
      // Three times as many idle clients as the server holds, connected before the return and
      // kept open (a flood from another local user sends nothing and never hangs up).
      var idle: [SharedDescriptor] = []
      let address = Syscalls.SocketAddress.ipv4("127.0.0.1", port: UInt16(port))
      for _ in 0..<192 {
        let fd = SharedDescriptor(try Syscalls.streamSocket(for: address, nonBlocking: false))
        idle.append(fd)
        try Syscalls.connect(fd.descriptor, address)
        // Let the server take them in, as a steady flood would be.
        if idle.count % 32 == 0 {
          #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(20))) == .timedOut)
        }
      }
      let started = ContinuousClock().now
      let request = "GET /return?status=succeeded&payment_id=pay_1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
      let response = inBackground { httpRequest(request, port: UInt16(port)) }
      guard case .url(let incoming) = try server.next(until: started.advanced(by: .seconds(2))) else {
        return #expect(Bool(false), "the return did not get through")
      }
      server.answer(incoming.id, claimed: true)
      #expect(response.wait()?.hasPrefix("HTTP/1.1 200 ") == true)
      #expect(ContinuousClock().now - started < .seconds(2))
    }

    @Test(
      "a full server reads a connection's pending request before it evicts: a return among one-byte clients is served")
    func oneByteFlood() throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("http://127.0.0.1:\(port)/return"))
      defer { server.close() }
      let address = Syscalls.SocketAddress.ipv4("127.0.0.1", port: port)
      var clients: [SharedDescriptor] = []
      func connect(sending bytes: String) throws -> SharedDescriptor {
        let fd = SharedDescriptor(try Syscalls.streamSocket(for: address, nonBlocking: false))
        clients.append(fd)
        try Syscalls.connect(fd.descriptor, address)
        try Syscalls.writeAll(fd.descriptor, Array(bytes.utf8))
        return fd
      }
      // The server fills up with clients that each sent one byte, and reads them.
      for _ in 0..<ReturnChannelServer.maximumConnections { _ = try connect(sending: "G") }
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(300))) == .timedOut)
      // The return's whole request is in its socket, then more one-byte clients queue behind it
      // (fewer than the listen backlog), all before the server looks again: the server takes
      // them in one round, so nothing here depends on timing.
      let request = "GET /return?status=succeeded&payment_id=pay_1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
      let genuine = try connect(sending: request)
      for _ in 0..<48 { _ = try connect(sending: "G") }
      guard case .url(let incoming) = try server.next(until: soon()) else {
        return #expect(Bool(false), "the return was evicted unread")
      }
      #expect(incoming.url == "http://127.0.0.1:\(port)/return?status=succeeded&payment_id=pay_1")
      server.answer(incoming.id, claimed: true)
      try Syscalls.setTimeouts(genuine.descriptor, seconds: 5)
      var response = [UInt8](repeating: 0, count: 64)
      let count = try Syscalls.read(genuine.descriptor, into: &response, at: 0)
      #expect(String(decoding: response[..<count], as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
    }

    @Test("localhost listens on both loopback families when it can; never on other addresses")
    func addresses() throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("http://localhost:\(port)/r"))
      defer { server.close() }
      #expect(server.loopbackAddresses.first == .ipv4("127.0.0.1", port: port))
      #expect(
        server.loopbackAddresses.allSatisfy { $0 == .ipv4("127.0.0.1", port: port) || $0 == .ipv6("::1", port: port) })
    }

    @Test("a loopback port in use is a platform error that says so")
    func portInUse() throws {
      let temp = TemporaryDirectory()
      let port = freePort()
      let returnURL = try ReturnURL("http://127.0.0.1:\(port)/r")
      let first = ReturnChannelServer(runtimeDirectory: temp.sub("a"))
      try FileManager.default.createDirectory(
        atPath: temp.sub("a"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      try first.open(for: returnURL)
      defer { first.close() }
      try FileManager.default.createDirectory(
        atPath: temp.sub("b"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      let error = #expect(throws: CheckoutError.self) {
        try ReturnChannelServer(runtimeDirectory: temp.sub("b")).open(for: returnURL)
      }
      #expect(error?.message.contains("in use") == true)
    }

    @Test(
      "browser commands split like a simple shell",
      arguments: [
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

    @Test("the browser gets the URL and only the set customization variables, never the secrets' variables")
    func launcher() throws {
      let temp = TemporaryDirectory()
      let script = try temp.writeProgram(
        "browser.sh",
        """
        #!/bin/sh
        printf '%s\\n' "$@" > "\(temp.sub("argv"))"
        env | grep '^DODO_' | sort > "\(temp.sub("env"))"
        """, mode: 0o700)
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("myapp://r"))
      defer { server.close() }
      let launcher = BrowserLauncher(
        command: "'\(script)' --flag", server: server,
        environment: Syscalls.environment().merging([
          "DODO_COLOR_SCHEME": "light", "DODO_PAYMENTS_API_KEY": "sk_test_1", "DODO_PAYMENTS_WEBHOOK_KEY": "whsec_1",
        ]) { $1 })
      let url = try CheckoutURL("https://test.checkout.dodopayments.com/session/cks_1?x=1")
      try launcher.present(
        url, customization: BrowserCustomization(dismissButtonStyle: .close, barCollapsingEnabled: false))
      // The script exits 0: the wait goes on until the deadline.
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(500))) == .timedOut)
      expectSameText(try String(contentsOfFile: temp.sub("argv"), encoding: .utf8), "--flag\n\(url.string)\n")
      expectSameText(
        try String(contentsOfFile: temp.sub("env"), encoding: .utf8),
        "DODO_BAR_COLLAPSING_ENABLED=false\nDODO_DISMISS_BUTTON_STYLE=close\n")
    }

    @Test(
      "a browser that runs while the checkout is open ends the wait as closed when it exits 0; another exiting 0 does not"
    )
    func browserClosed() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("myapp://r"))
      defer { server.close() }
      let url = try CheckoutURL("https://checkout.dodopayments.com/session/cks_1")
      try BrowserLauncher(command: "true", server: server).present(url, customization: BrowserCustomization())
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(700))) == .timedOut)
      try BrowserLauncher(command: "true", server: server, runsWhileOpen: true).present(
        url, customization: BrowserCustomization())
      #expect(try server.next(until: soon()) == .dismissed(.browserClosed))
    }

    @Test("a browser that exits non-zero ends the wait; one that cannot start is never shown")
    func browserFailures() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("myapp://r"))
      defer { server.close() }
      let url = try CheckoutURL("https://checkout.dodopayments.com/session/cks_1")
      try BrowserLauncher(command: "sh -c 'exit 3' x", server: server).present(
        url, customization: BrowserCustomization())
      guard case .presenterFailed(let error) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(error.message.contains("exited with status 3"))
      let failure = #expect(throws: PresentationFailure.self) {
        try BrowserLauncher(command: "/nonexistent/browser", server: server).present(
          url, customization: BrowserCustomization())
      }
      #expect(failure?.mayBeShowing == false)
      #expect(failure?.error.code == .platformError)
      let hinted = #expect(throws: PresentationFailure.self) {
        try BrowserLauncher(command: "/nonexistent/xdg-open", server: server, settingHint: "set DODO_BROWSER").present(
          url, customization: BrowserCustomization())
      }
      #expect(hinted?.error.message.hasSuffix(": set DODO_BROWSER") == true, "\(hinted?.error.message ?? "")")
    }
  }
}
