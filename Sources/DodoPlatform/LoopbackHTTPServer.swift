#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on `127.0.0.1` that takes `POST` requests one at a time (what
/// `dodo webhook listen` serves): one `poll(2)` loop on one thread over the listener, the
/// connections, and the signal pipe.
///
/// Its limits are those of `start`'s loopback listener (`ReturnChannelServer`): at most
/// `ReturnChannelServer.maximumConnections` open; when full, the oldest connection still
/// sending its request goes, one that has sent nothing first; a client has
/// `firstByteTimeoutMilliseconds` to start its request and `requestTimeoutMilliseconds` to
/// finish it; the head is bounded as there (`ReturnConnection.maximumHTTPHead`), and the
/// body by `maximumBodyBytes`. A slow or idle client thus holds up no one. `SIGINT` and
/// `SIGTERM` (when `handlesSignals`) end `next()` with `.interrupted`.
package final class LoopbackHTTPServer {
  /// A header as it came: name and value (white space around the value trimmed).
  package struct Field: Sendable, Hashable {
    package var name: String
    package var value: String
    package init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// One complete request; answer it with `respond(to:status:body:)`.
  package struct Request: Sendable, Hashable {
    package let id: Int
    package let method: String
    package let target: String
    /// Every header, in order, as sent.
    package let fields: [Field]
    package var body: [UInt8] = []

    /// The first header named `name` (compared ignoring case).
    package func field(_ name: String) -> String? {
      fields.first { $0.name.lowercased() == name }?.value
    }

    var expectsContinue: Bool { field("expect")?.lowercased() == "100-continue" }
  }

  package enum Event: Sendable, Hashable {
    case request(Request)
    /// `SIGINT`, `SIGTERM`, or `cancel()`.
    case interrupted
    /// The deadline given to `next(until:)` passed.
    case timedOut
  }

  package var requestTimeoutMilliseconds: Int {
    get { connections.requestTimeoutMilliseconds }
    set { connections.requestTimeoutMilliseconds = newValue }
  }
  package var firstByteTimeoutMilliseconds: Int {
    get { connections.firstByteTimeoutMilliseconds }
    set { connections.firstByteTimeoutMilliseconds = newValue }
  }
  package var maximumBodyBytes = 1 << 20
  package let handlesSignals: Bool

  private var listener: Int32 = -1
  private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
  private var connections = LoopbackConnections<HTTPServerConnection>()
  private var queued: [Event] = []
  private static let signals = [SIGINT, SIGTERM]

  package init(handlesSignals: Bool = true) { self.handlesSignals = handlesSignals }

  deinit { close() }

  /// Listens on `127.0.0.1:port` (port 0: one the system picks) and returns the port.
  package func open(port: UInt16) throws(PlatformError) -> UInt16 {
    let address = Syscalls.SocketAddress.ipv4("127.0.0.1", port: port)
    do throws(PlatformError) {
      signalPipe = try platform("cannot create the signal pipe") { () throws(SystemError) in try Syscalls.pipe() }
      if handlesSignals { Syscalls.routeSignals(Self.signals, toPipe: signalPipe.write) }
      return try platform("cannot listen on \(address)") { () throws(SystemError) in
        listener = try Syscalls.streamSocket(for: address, nonBlocking: true)
        try Syscalls.bind(listener, address)
        try Syscalls.listen(listener, backlog: 64)
        return try Syscalls.boundPort(listener)
      }
    } catch {
      close()
      let hint = error.message.contains("in use") ? " (the port is in use; pick another with --port)" : ""
      throw PlatformError(error.message + hint)
    }
  }

  /// Waits for the next complete request, the end, or `deadline`.
  package func next(until deadline: ContinuousClock.Instant? = nil) throws(PlatformError) -> Event {
    let clock = ContinuousClock()
    while queued.isEmpty {
      let now = clock.now
      if let deadline, now >= deadline { return .timedOut }
      expireConnections(now: now)
      var requests = [Syscalls.PollRequest(fd: signalPipe.read), Syscalls.PollRequest(fd: listener)]
      let open = connections.reading
      requests += open.map { Syscalls.PollRequest(fd: $0.connection.fd) }
      let wake = (open.map { connections.deadline(of: $0.connection) } + (deadline.map { [$0] } ?? [])).min()
      let timeout = wake.map { ReturnChannelServer.milliseconds(from: now, to: $0) } ?? -1
      let ready: [Bool]
      do throws(SystemError) { ready = try Syscalls.poll(requests, timeoutMilliseconds: timeout) } catch {
        throw PlatformError("cannot wait for requests: \(error)")
      }
      if ready[0] {
        drainSignals()
        break
      }
      for (offset, (id, _)) in open.enumerated() where ready[2 + offset] { read(id) }
      if ready[1] { accept() }
    }
    return queued.removeFirst()
  }

  /// Answers request `id` (`204 No Content` when `body` is empty) and closes its connection.
  package func respond(to id: Int, status: String, body: String = "") {
    connections.remove(id)?.respond(status: status, body: body)
  }

  /// Ends the wait in `next()` as a signal would; callable from any thread between `open` and `close`.
  package func cancel() {
    _ = try? Syscalls.writeAll(signalPipe.write, [0])
  }

  package func close() {
    connections.removeAll()
    if listener >= 0 {
      Syscalls.close(listener)
      listener = -1
    }
    if signalPipe.read >= 0 {
      if handlesSignals { Syscalls.restoreDefault(Self.signals) }
      Syscalls.close(signalPipe.read)
      Syscalls.close(signalPipe.write)
      signalPipe = (-1, -1)
    }
  }

  private func drainSignals() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while let count = try? bytes.withUnsafeMutableBytes({ try Syscalls.readAvailable(signalPipe.read, into: $0) }),
      count > 0
    {}
    queued.append(.interrupted)
  }

  /// Accepts every waiting connection (see `LoopbackConnections` for who makes room when full).
  private func accept() {
    while let fd = try? Syscalls.accept(listener) {
      let admitted = connections.admit { _ in
        HTTPServerConnection(fd: fd, acceptedAt: ContinuousClock().now, maximumBodyBytes: maximumBodyBytes)
      }
      if admitted == nil { Syscalls.close(fd) }
    }
  }

  private func read(_ id: Int) {
    guard let connection = connections[id] else { return }
    switch connection.read(id: id) {
    case .incomplete: break
    case .complete(let request):
      connection.awaitingAnswer = true
      queued.append(.request(request))
    case .reject(let status, let extra, let body):
      connections.remove(id)
      connection.respond(status: status, extra: extra, body: body)
    }
  }

  /// Drops the connections whose time ran out: one that sent nothing is closed silently,
  /// one that sent part of a request is told it timed out.
  private func expireConnections(now: ContinuousClock.Instant) {
    for connection in connections.expire(now: now) {
      if connection.hasSentAnything {
        connection.respond(status: "408 Request Timeout", body: "Request timed out.\n")
      }
    }
  }
}
