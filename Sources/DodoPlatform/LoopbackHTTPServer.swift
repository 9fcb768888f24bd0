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
/// Its limits are those of `start`'s loopback listener (`ReturnChannelServer`), the body
/// bounded by `maximumBodyBytes`, so a slow or idle client holds up no one. `SIGINT` and
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

  /// The listening socket and the signals' pipe, while the server is open.
  private var listener: FileDescriptor?
  private var signalPipe: SignalPipe?
  private var connections = LoopbackConnections<HTTPServerConnection>()
  private var queued: [Event] = []
  private static let signals = [SIGINT, SIGTERM]

  package init(handlesSignals: Bool = true) { self.handlesSignals = handlesSignals }

  deinit { close() }

  /// Listens on `127.0.0.1:port` (port 0: one the system picks) and returns the port.
  package func open(port: UInt16) throws(PlatformError) -> UInt16 {
    let address = Syscalls.SocketAddress.ipv4("127.0.0.1", port: port)
    do throws(PlatformError) {
      signalPipe = try platform("cannot create the signal pipe") { () throws(SystemError) in
        try SignalPipe(routing: handlesSignals ? Self.signals : [])
      }
      let fd = try platform("cannot listen on \(address)") { () throws(SystemError) in
        let fd = try Syscalls.streamSocket(for: address, nonBlocking: true)
        try Syscalls.bind(fd, address)
        try Syscalls.listen(fd, backlog: 64)
        return fd
      }
      let port = try platform("cannot listen on \(address)") { () throws(SystemError) in try Syscalls.boundPort(fd) }
      listener = consume fd
      return port
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
      guard let signals = signalPipe?.pollRequest, let listening = listenerRequest else {
        throw PlatformError("cannot wait for requests: the server is not open")
      }
      expireConnections(now: now)
      var requests = [signals, listening]
      let open = connections.reading
      requests += open.map { Syscalls.PollRequest($0.connection.fd) }
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

  /// Runs `work` on a thread of its own and waits for it, unless SIGINT or SIGTERM (or
  /// `cancel()`) comes first: `true` when it finished, `false` on a signal, when the thread is
  /// left to end with the process (`ProgramConnection.stopAll()` ends the program it waits
  /// for). New connections wait meanwhile, as they do while a request is handled.
  package func awaitWork(_ work: @escaping @Sendable () -> Void) throws(PlatformError) -> Bool {
    let done: Syscalls.Pipe
    do throws(SystemError) { done = try Syscalls.pipe() } catch { throw PlatformError("cannot wait: \(error)") }
    // The worker holds the read end too: when a signal ends the wait first, the work still
    // ends later with its byte written into the pipe, never into a closed one (SIGPIPE).
    let finished = SharedDescriptor(done.read)
    let signalling = SharedDescriptor(done.write)
    let worker = SystemThread.start {
      work()
      withExtendedLifetime(finished) { _ = try? Syscalls.writeAll(signalling.descriptor, [1]) }
    }
    guard let worker else {
      work()
      return true
    }
    while true {
      guard let signals = signalPipe?.pollRequest else {
        throw PlatformError("cannot wait for signals: the server is not open")
      }
      let ready: [Bool]
      do throws(SystemError) {
        ready = try Syscalls.poll([signals, Syscalls.PollRequest(finished.descriptor)], timeoutMilliseconds: -1)
      } catch {
        throw PlatformError("cannot wait for signals: \(error)")
      }
      if ready[0], !(signalPipe?.drain() ?? []).isEmpty { return false }
      if ready[1] {
        worker.join()
        return true
      }
    }
  }

  /// Answers request `id` (`204 No Content` when `body` is empty) and closes its connection.
  package func respond(to id: Int, status: String, body: String = "") {
    connections.remove(id)?.respond(status: status, body: body)
  }

  /// The listener, to wait on; `nil` while the server is not open.
  private var listenerRequest: Syscalls.PollRequest? {
    switch listener {
    case .some(let fd): Syscalls.PollRequest(fd)
    case .none: nil
    }
  }

  /// Ends the wait in `next()` as a signal would; callable from any thread between `open` and `close`.
  package func cancel() { signalPipe?.cancel() }

  package func close() {
    connections.removeAll()
    listener = nil
    // Its signals get their default action back, then its ends close.
    signalPipe = nil
  }

  private func drainSignals() {
    _ = signalPipe?.drain()
    queued.append(.interrupted)
  }

  /// Accepts every waiting connection (see `LoopbackConnections` for who makes room when
  /// full); one not admitted is closed as it is dropped.
  private func accept() {
    switch listener {
    case .some(let listener):
      while let fd = try? Syscalls.accept(listener) {
        _ = connections.admit(
          HTTPServerConnection(fd: fd, acceptedAt: ContinuousClock().now, maximumBodyBytes: maximumBodyBytes))
      }
    case .none: break
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
