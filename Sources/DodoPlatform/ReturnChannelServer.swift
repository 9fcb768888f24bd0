import DodoCheckout

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The waiting side of `dodo start`: one `poll(2)` loop, on one thread, over `return.sock`
/// (`handle-url`'s `URLHandoff`; peers of another uid closed unheard), the loopback HTTP
/// listener (requests checked by `LoopbackRules`), pasted lines (`watchLines`), the signal
/// pipe and the clock. A library, which must not take the process's signals, passes
/// `handlesSignals: false` and ends the wait with `cancel()`.
///
/// Every connection is bounded in number, size and time (the idle one goes first when full),
/// so a flood of idle or trickling clients cannot hold up the browser's return, which comes
/// with its request at once.
package final class ReturnChannelServer: ReturnChannel {
  package let socketPath: String
  /// How long a client has to send its whole request.
  package var requestTimeoutMilliseconds = 5_000
  /// How long a client has to send the first byte of its request.
  package var firstByteTimeoutMilliseconds = 1_000
  package static let maximumConnections = 64

  /// `return.sock`, listened on while the channel is open.
  private var unixListener: FileDescriptor?
  private var httpListeners: [SharedDescriptor] = []
  /// What an HTTP request must show to be heard; set for a loopback return URL.
  private var loopbackRules: LoopbackRules?
  /// The signals and `cancel()`, while the channel is open.
  private(set) var signalPipe: SignalPipe?
  private var connections: [Int: ReturnConnection] = [:]
  var nextConnectionID = 1
  var queued: [ReturnChannelEvent] = []
  private var browser: (pid: Int32, command: String, runsWhileOpen: Bool)?
  var lines: LineSource?
  /// The lines handed out as URLs and not yet answered, by id.
  var unansweredLines: [Int: String] = [:]
  /// Told of each loopback request refused before it reached the checkout (another `Host`,
  /// a page's own request, a return without the run's state), so that it is not silent.
  package var onRefused: (ReturnRefusal) -> Void = { _ in }
  private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGCHLD]
  private static let dismissingSignals: Set<Int32> = [SIGINT, SIGTERM, SIGHUP]
  /// Whether `open` routes `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGCHLD` to the loop (and `close`
  /// restores their default action).
  package let handlesSignals: Bool

  private let runtimeDirectory: String

  package init(runtimeDirectory: String, handlesSignals: Bool = true) {
    self.runtimeDirectory = runtimeDirectory
    socketPath = DodoDirectories.join(runtimeDirectory, URLHandoff.socketName)
    self.handlesSignals = handlesSignals
  }

  deinit { close() }

  /// The loopback addresses and port actually listened on (for tests and messages).
  package private(set) var loopbackAddresses: [Syscalls.SocketAddress] = []

  package func open(for returnURL: ReturnURL) throws(CheckoutError) {
    do throws(PlatformError) {
      signalPipe = try platform("cannot create the signal pipe") { () throws(SystemError) in
        try SignalPipe(routing: handlesSignals ? Self.signals : [])
      }
      unixListener = try listenOnSocketPath()
      if let loopback = returnURL.loopback { try listenOnLoopback(loopback, returnURL: returnURL) }
    } catch {
      close()
      throw error.checkoutError
    }
  }

  /// Watches the browser command `pid`: when it exits non-zero, the wait ends with `presenterFailed`.
  /// `runsWhileOpen`: the command is the checkout's window (it exits when that is closed), so
  /// its exiting 0 ends the wait as `dismissed(.browserClosed)`; otherwise it only handed the
  /// URL on (as `xdg-open` does) and its exiting 0 says nothing.
  package func watchBrowser(pid: Int32, command: String, runsWhileOpen: Bool = false) {
    browser = (pid, command, runsWhileOpen)
    checkBrowser()
  }

  package func next(until deadline: ContinuousClock.Instant?) throws(CheckoutError) -> ReturnChannelEvent {
    let clock = ContinuousClock()
    while queued.isEmpty {
      let now = clock.now
      if let deadline, now >= deadline { return .timedOut }
      guard let signals = signalPipe?.pollRequest, let listener = unixListenerRequest else {
        throw .platformError("cannot wait for the return: the return channel is not open")
      }
      expireConnections(now: now)
      var requests = [signals, listener]
      requests += httpListeners.map { Syscalls.PollRequest($0.descriptor) }
      let open = connections.filter { !$0.value.awaitingAnswer }.sorted { $0.key < $1.key }
      requests += open.map { Syscalls.PollRequest($0.value.fd) }
      let first = requests.count - open.count
      let readingLines = linesReadable
      if readingLines, let lines { requests.append(Syscalls.PollRequest(lines.fd)) }
      let wake = open.lazy.map { self.deadline(of: $0.value) }.reduce(deadline) { earliest, next in
        earliest.map { min($0, next) } ?? next
      }
      var timeout = wake.map { Self.milliseconds(from: now, to: $0) } ?? -1
      // SIGCHLD is the browser's exit signal; looking now and then as well costs nothing and
      // does not depend on the signal being delivered.
      // A terminal left alone in the background is looked at again for a `fg` as well.
      if browser != nil || (lines != nil && !readingLines), timeout < 0 || timeout > 500 { timeout = 500 }
      let ready: [Bool]
      do throws(SystemError) { ready = try Syscalls.poll(requests, timeoutMilliseconds: timeout) } catch {
        throw .platformError("cannot wait for the return: \(error)")
      }
      if ready[0] { drainSignals() } else { checkBrowser() }
      // Read what came on the connections polled before accepting more, which may evict some.
      for (offset, (id, _)) in open.enumerated() where ready[first + offset] { read(id) }
      if ready[1] {
        switch unixListener {
        case .some(let listener): accept(from: listener, kind: .unix)
        case .none: break
        }
      }
      if let loopbackRules {
        for (offset, listener) in httpListeners.enumerated() where ready[2 + offset] {
          accept(from: listener.descriptor, kind: .http(loopbackRules))
        }
      }
      if readingLines, ready[first + open.count] { readLines() }
    }
    return queued.removeFirst()
  }

  /// `return.sock`'s listener, to wait on; `nil` while the channel is not open.
  private var unixListenerRequest: Syscalls.PollRequest? {
    switch unixListener {
    case .some(let listener): Syscalls.PollRequest(listener)
    case .none: nil
    }
  }

  /// Ends the wait in `next(until:)` as `dismissed(.interrupted)`, as a signal would; callable from any
  /// thread between `open` and `close` (the caller orders it against those two).
  package func cancel() { signalPipe?.cancel() }

  @discardableResult
  package func answer(_ id: IncomingURL.ID, claimed: Bool) -> Bool { answer(id, claimed: claimed, refusal: nil) }

  /// `answer(_:claimed:)`, telling a `handle-url` why its URL was not claimed.
  @discardableResult
  package func answer(_ id: IncomingURL.ID, claimed: Bool, refusal: ReturnRefusal?) -> Bool {
    if let line = unansweredLines.removeValue(forKey: id) {
      lines?.onAnswer(line, claimed)
      return true
    }
    guard let connection = connections.removeValue(forKey: id) else { return false }
    return connection.respond(claimed: claimed, refusal: refusal)
  }

  package func close() {
    for connection in connections.values { connection.respond(claimed: false) }
    connections.removeAll()
    if let listener = unixListener.take() {
      try? listener.close()
      _ = try? Syscalls.unlink(socketPath)
    }
    httpListeners.removeAll()
    // Its signals get their default action back, then its ends close.
    signalPipe = nil
    browser = nil
    lines = nil
    unansweredLines.removeAll()
  }

  // MARK: Listening

  /// Binds `return.sock`. The caller holds the checkout lock, so a socket file already there
  /// was left by a `start` that died: when nothing answers on it, it is replaced.
  ///
  /// `bind` has no `…at` form, so the socket is bound by path: the runtime directory is opened
  /// and checked (`PrivateDirectory`) right before, and the path must still name that very
  /// directory right after, so a directory swapped or linked over in between is refused. What
  /// remains is a swap there and back within that instant, which could only put the socket
  /// (`0600`, answering only the user's own processes) in another place.
  private func listenOnSocketPath() throws(PlatformError) -> FileDescriptor {
    guard let directory = try PrivateDirectory.open(runtimeDirectory, create: false) else {
      throw PlatformError("cannot listen for the return: the directory \(runtimeDirectory) does not exist")
    }
    let address = Syscalls.SocketAddress.unix(socketPath)
    let fd = try platform("cannot create the return channel") { () throws(SystemError) in
      try Syscalls.streamSocket(for: address, nonBlocking: true)
    }
    do throws(SystemError) {
      do throws(SystemError) { try Syscalls.bind(fd, address) } catch Errno.addressInUse {
        guard try !Self.isLive(socketPath) else {
          throw SystemError(
            "bind", errno: .addressInUse, subject: "\(socketPath) (another dodo start is listening there)")
        }
        try Syscalls.unlink(socketPath)
        try Syscalls.bind(fd, address)
      }
      try Syscalls.chmod(socketPath, mode: 0o600)
      guard directory.isStill(at: runtimeDirectory) else {
        throw SystemError(
          "bind", errno: .notDirectory, subject: "\(socketPath) (\(runtimeDirectory) was replaced meanwhile)")
      }
      try Syscalls.listen(fd, backlog: 64)
    } catch {
      throw PlatformError("cannot listen for the return on \(socketPath): \(error)")
    }
    return fd
  }

  /// Listens on the loopback return URL's port: `127.0.0.1` or `::1`, and both for `localhost`
  /// (`::1` only when the machine has IPv6).
  private func listenOnLoopback(_ loopback: LoopbackAddress, returnURL: ReturnURL) throws(PlatformError) {
    guard let port = UInt16(exactly: loopback.port), port != 0 else {
      throw PlatformError("cannot listen on the return URL's port \(loopback.port): use a port from 1 to 65535")
    }
    loopbackRules = LoopbackRules(returnURL: returnURL, port: loopback.port)
    let addresses: [(Syscalls.SocketAddress, required: Bool)] =
      switch loopback.host {
      case "::1": [(.ipv6("::1", port: port), true)]
      case "localhost": [(.ipv4("127.0.0.1", port: port), true), (.ipv6("::1", port: port), false)]
      default: [(.ipv4("127.0.0.1", port: port), true)]
      }
    for (address, required) in addresses {
      do throws(SystemError) {
        let fd = try Syscalls.streamSocket(for: address, nonBlocking: true)
        try Syscalls.bind(fd, address)
        try Syscalls.listen(fd, backlog: 64)
        httpListeners.append(SharedDescriptor(fd))
        loopbackAddresses.append(address)
      } catch {
        let unavailable = [Errno.addressFamilyNotSupported, .addressNotAvailable, .protocolNotSupported].contains(
          error.errno)
        if required || !unavailable {
          let hint = error.errno == .addressInUse ? " (the port is in use; pick another port in the return URL)" : ""
          throw PlatformError("cannot listen on \(address) for the return URL: \(error)\(hint)")
        }
      }
    }
  }

  // MARK: Events

  func drainSignals() {
    let dismissed = (signalPipe?.drain() ?? []).contains {
      $0 == SignalPipe.cancelByte || Self.dismissingSignals.contains(Int32($0))
    }
    checkBrowser()
    if dismissed { queued.append(.dismissed(.interrupted)) }
  }

  /// Reaps the browser command if it ended; a non-zero exit, or the checkout's own window
  /// closing, ends the wait.
  private func checkBrowser() {
    guard let browser, let status = try? Syscalls.exitStatus(of: browser.pid) else { return }
    self.browser = nil
    if status != .exited(0) {
      queued.append(.presenterFailed(.platformError("the browser command '\(browser.command)' \(status)")))
    } else if browser.runsWhileOpen {
      queued.append(.dismissed(.browserClosed))
    }
  }

  /// Accepts every connection waiting on `listener`, making room when full (`makeRoom`).
  /// A connection turned away is closed as it is dropped.
  private func accept(from listener: borrowing FileDescriptor, kind: ReturnConnection.Kind) {
    while let fd = try? Syscalls.accept(listener) {
      if case .unix = kind {
        guard (try? Syscalls.peerUserID(fd)) == Syscalls.userID() else { continue }
      }
      guard makeRoom() else { continue }
      let id = nextConnectionID
      nextConnectionID += 1
      connections[id] = ReturnConnection(fd: fd, kind: kind, acceptedAt: ContinuousClock().now)
    }
  }

  /// Whether there is room for one more connection. When full, what every connection has
  /// sent is read first (a complete request then waits for its answer and is never
  /// dropped, a bad one is answered and goes); if still full, the connection idle the
  /// longest goes, closed unanswered (a `handle-url` hears no answer, which is the truth).
  /// So a request already sent is never dropped unread, however many clients trickle bytes.
  private func makeRoom() -> Bool {
    guard connections.count >= Self.maximumConnections else { return true }
    let waiting = connections.filter { !$0.value.awaitingAnswer }.sorted { $0.key < $1.key }
    let ready = (try? Syscalls.poll(waiting.map { Syscalls.PollRequest($0.value.fd) }, timeoutMilliseconds: 0))
    for (offset, (id, _)) in waiting.enumerated() where ready?[offset] == true { read(id) }
    guard connections.count >= Self.maximumConnections else { return true }
    let idlest = connections.filter { !$0.value.awaitingAnswer }.min {
      ($0.value.lastHeardAt, $0.key) < ($1.value.lastHeardAt, $1.key)
    }
    guard let idlest else { return false }
    connections.removeValue(forKey: idlest.key)
    return true
  }

  private func read(_ id: Int) {
    guard let connection = connections[id] else { return }
    switch connection.readRequest() {
    case .incomplete:
      break
    case .url(let url):
      // A `handle-url` that gave up has been told nothing was claimed, or nothing at all:
      // claiming its URL now would make that untrue.
      if connection.route == .handler, connection.senderHasGone {
        connections.removeValue(forKey: id)
        return
      }
      connection.awaitingAnswer = true
      queued.append(.url(IncomingURL(id: id, url: url, route: connection.route)))
    case .reject(let response):
      connections.removeValue(forKey: id)
      connection.reject(response)
      if let refusal = response.refusal { onRefused(refusal) }
    }
  }

  /// When `connection` is dropped if its request is still not complete.
  private func deadline(of connection: ReturnConnection) -> ContinuousClock.Instant {
    let timeout =
      connection.hasSentAnything
      ? requestTimeoutMilliseconds : min(firstByteTimeoutMilliseconds, requestTimeoutMilliseconds)
    return connection.acceptedAt.advanced(by: .milliseconds(timeout))
  }

  /// Drops the connections whose time ran out: a browser's idle spare connection (it has
  /// sent nothing) is closed silently, any other client is told its request timed out.
  private func expireConnections(now: ContinuousClock.Instant) {
    for (id, connection) in connections where !connection.awaitingAnswer && deadline(of: connection) <= now {
      connections.removeValue(forKey: id)
      if connection.hasSentAnything || connection.route == .handler { connection.reject(.timedOut) }
    }
  }
}
