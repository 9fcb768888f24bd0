import DodoCheckout

/// `dodo doctor --round-trip`: a synthetic return sent through the real route to a waiting
/// checkout of doctor's own (the return channel's server, under the one-at-a-time lock), each
/// hop reported.
///
/// For a custom scheme the return goes to the desktop's URL opener (`xdg-open`, or `open` on
/// macOS), which must run `dodo handle-url`; it carries the return URL's scheme, host and path
/// and a nonce, never the return URL's own parameters (a `state` secret must not be in a
/// child's argv). For a loopback return URL doctor makes the HTTP request itself, as a browser
/// would, own parameters included (over the socket only).
package struct DoctorRoundTrip: Sendable {
  /// What the URL opener runs with: dodo's environment without its secrets.
  package let environment: [String: String]
  package let directories: DodoDirectories
  /// How long the return may take to arrive.
  package var timeout: Duration = .seconds(15)

  package init(environment: [String: String], directories: DodoDirectories) {
    self.environment = SecretVariables.removed(from: environment)
    self.directories = directories
  }

  package func run(_ returnURL: ReturnURL) -> [DoctorFinding] {
    func problem(_ message: String, fix: String? = nil) -> [DoctorFinding] {
      [DoctorFinding("round-trip", .problem, message, fix: fix)]
    }
    // A web page (no loopback port) is the merchant's: opening it would reach no dodo.
    if returnURL.loopback == nil, returnURL.scheme == "http" || returnURL.scheme == "https" {
      return [
        DoctorFinding(
          "round-trip", .note,
          "round trip: not tried, since dodo start cannot receive a return on the web page \(returnURL.redacted)")
      ]
    }
    let lock: CheckoutFileLock
    let runtime: PrivateDirectory
    do throws(PlatformError) {
      runtime = try directories.prepareRuntime()
      lock = CheckoutFileLock(stateDirectory: try directories.prepareState(), runtimeDirectory: runtime)
    } catch {
      return problem("round trip: the directories cannot be used: \(error)")
    }
    do throws(CheckoutError) {
      guard try lock.tryAcquire() else {
        return problem(
          "round trip: a checkout is running (dodo start holds the lock), so the return channel is not free",
          fix: "run dodo doctor --round-trip when no checkout is waiting")
      }
    } catch {
      return problem("round trip: \(error.message)")
    }
    defer { lock.release() }
    let server = ReturnChannelServer(runtimeDirectory: runtime.path, handlesSignals: true)
    defer { server.close() }
    do throws(CheckoutError) { try server.open(for: returnURL) } catch {
      return problem("round trip: cannot wait for a return: \(error.message)")
    }
    let listening = [server.socketPath] + server.loopbackAddresses.map(\.description)
    var findings = [
      DoctorFinding(
        "round-trip", .ok, "round trip: a checkout of doctor's own waits on \(listening.joined(separator: " and "))")
    ]
    let nonce = "dodo_doctor=\(Syscalls.processID())-\(ContinuousClock.now.hashValue & 0xffff_ffff)"
    if let loopback = returnURL.loopback {
      findings += loopbackTrip(returnURL, loopback, nonce: nonce, server: server)
    } else {
      findings += desktopTrip(returnURL, nonce: nonce, server: server)
    }
    return findings
  }

  /// Waits for the URL holding `nonce` and claims it; how long it took, or why it never came.
  private func awaitReturn(_ nonce: String, server: ReturnChannelServer) -> Result<Duration, CheckoutError> {
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start + timeout
    while true {
      let event: ReturnChannelEvent
      do throws(CheckoutError) { event = try server.next(until: deadline) } catch { return .failure(error) }
      switch event {
      case .url(let incoming):
        let ours = incoming.url.contains(nonce)
        server.answer(incoming.id, claimed: ours)
        if ours { return .success(clock.now - start) }
      case .timedOut: return .failure(.platformError("no return arrived within \(timeout.components.seconds) s"))
      case .dismissed: return .failure(.platformError("interrupted"))
      case .presenterFailed(let error): return .failure(error)
      case .settled: break  // only a polling channel says it; this server never does
      }
    }
  }

  private func desktopTrip(_ returnURL: ReturnURL, nonce: String, server: ReturnChannelServer) -> [DoctorFinding] {
    let url = "\(returnURL.redacted)?\(nonce)"
    #if os(macOS)
      let opener = "open"
    #else
      let opener = "xdg-open"
    #endif
    let pid: Int32
    do throws(SystemError) {
      pid = try Syscalls.spawn([opener, url], environment: environment, output: .discarded)
    } catch {
      return [
        DoctorFinding(
          "round-trip", .problem, "round trip: cannot run \(opener): \(error)", fix: "install xdg-utils")
      ]
    }
    // Its failing (exit non-zero) ends the wait with presenterFailed.
    server.watchBrowser(pid: pid, command: opener)
    var findings = [DoctorFinding("round-trip", .ok, "round trip: \(opener) was given \(url)")]
    switch awaitReturn(nonce, server: server) {
    case .success(let took):
      findings.append(
        DoctorFinding(
          "round-trip", .ok,
          "round trip: the desktop ran dodo handle-url, and the return reached the waiting checkout in \(Self.milliseconds(took)) ms"
        ))
    case .failure(let error):
      findings.append(
        DoctorFinding(
          "round-trip", .problem, "round trip: the return never reached the waiting checkout: \(error.message)",
          fix: "dodo url-handler install, in a graphical session; then xdg-mime query default "
            + "x-scheme-handler/\(returnURL.scheme) names dodo's entry"))
    }
    return findings
  }

  private func loopbackTrip(
    _ returnURL: ReturnURL, _ loopback: LoopbackAddress, nonce: String, server: ReturnChannelServer
  ) -> [DoctorFinding] {
    guard let port = UInt16(exactly: loopback.port), let target = server.loopbackAddresses.first else { return [] }
    let address: Syscalls.SocketAddress =
      switch target {
      case .ipv6: .ipv6("::1", port: port)
      default: .ipv4("127.0.0.1", port: port)
      }
    let path = returnURL.string.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
    let pathAndQuery = path.split(separator: "#", maxSplits: 1).first.map(String.init) ?? "/"
    let request =
      "GET \(pathAndQuery)\(pathAndQuery.contains("?") ? "&" : "?")\(nonce) HTTP/1.1\r\n"
      + "Host: \(returnURL.host):\(port)\r\nSec-Fetch-Mode: navigate\r\nSec-Fetch-Dest: document\r\n"
      + "Sec-Fetch-Site: cross-site\r\nConnection: close\r\n\r\n"
    let fd: FileDescriptor
    do throws(SystemError) { fd = try Self.send(request, to: address) } catch {
      return [DoctorFinding("round-trip", .problem, "round trip: cannot reach \(address): \(error)")]
    }
    var findings = [
      DoctorFinding("round-trip", .ok, "round trip: sent a browser's GET of \(returnURL.redacted) to \(address)")
    ]
    switch awaitReturn(nonce, server: server) {
    case .success(let took):
      let answer = Self.statusLine(fd)
      findings.append(
        DoctorFinding(
          "round-trip", answer.hasPrefix("HTTP/1.1 200") ? .ok : .problem,
          "round trip: the return reached the waiting checkout in \(Self.milliseconds(took)) ms, "
            + "which answered \(answer.isEmpty ? "nothing" : answer)"))
    case .failure(let error):
      findings.append(
        DoctorFinding(
          "round-trip", .problem, "round trip: the return never reached the waiting checkout: \(error.message)",
          fix: "see that nothing else answers on \(address) (a proxy, a firewall rule)"))
    }
    return findings
  }

  /// A connection to `address` that `request` was written on, to read the answer from.
  private static func send(_ request: String, to address: Syscalls.SocketAddress) throws(SystemError)
    -> FileDescriptor
  {
    let fd = try Syscalls.streamSocket(for: address, nonBlocking: false)
    try Syscalls.connect(fd, address)
    try Syscalls.writeAll(fd, Array(request.utf8))
    return fd
  }

  /// The first line of the HTTP answer on `fd`, read within two seconds.
  private static func statusLine(_ fd: borrowing FileDescriptor) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 512)
    while !bytes.contains(UInt8(ascii: "\n")), bytes.count < 4096 {
      guard (try? Syscalls.poll([Syscalls.PollRequest(fd)], timeoutMilliseconds: 2_000))?.first == true,
        let count = try? Syscalls.readAvailable(fd, into: &chunk) ?? 0, count > 0
      else { break }
      bytes += chunk[..<count]
    }
    let line = bytes.split(separator: UInt8(ascii: "\n")).first ?? []
    var text = String(decoding: line, as: UTF8.self)
    while text.last == "\r" || text.last == " " { text.removeLast() }
    return text
  }

  static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
  }
}
