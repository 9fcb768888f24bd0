/// A connection a loopback server holds while its client sends a request, then while the
/// server works out the answer.
protocol LoopbackConnection: AnyObject {
  var acceptedAt: ContinuousClock.Instant { get }
  /// The request is complete and waits for its answer: never dropped for room or time.
  var awaitingAnswer: Bool { get }
  /// Whether the client has sent anything: one that has not goes first when room is needed.
  var hasSentAnything: Bool { get }
}

extension ReturnConnection: LoopbackConnection {}
extension HTTPServerConnection: LoopbackConnection {}

/// The open connections of a loopback server, bounded in number and time as `start`'s
/// listener bounds them (see `ReturnChannelServer`): at most `maximum` open; when full, the
/// oldest one still sending its request makes room, one that has sent nothing first; a client
/// has `firstByteTimeoutMilliseconds` to start its request and `requestTimeoutMilliseconds`
/// to finish it. A flood of idle or slow clients thus holds up no one.
struct LoopbackConnections<Connection: LoopbackConnection> {
  var maximum = ReturnChannelServer.maximumConnections
  var requestTimeoutMilliseconds = 5_000
  var firstByteTimeoutMilliseconds = 1_000
  private(set) var open: [Int: Connection] = [:]
  private var nextID = 1

  subscript(id: Int) -> Connection? { open[id] }
  var isEmpty: Bool { open.isEmpty }

  /// Adds `connection` and returns its id, making room first when full; `nil` (the
  /// connection not kept) when every connection waits for its answer.
  mutating func admit(_ connection: Connection) -> Int? {
    if open.count >= maximum {
      let waiting = open.filter { !$0.value.awaitingAnswer }
      guard
        let oldest = waiting.min(by: {
          ($0.value.hasSentAnything ? 1 : 0, $0.key) < ($1.value.hasSentAnything ? 1 : 0, $1.key)
        })
      else { return nil }
      open.removeValue(forKey: oldest.key)
    }
    let id = nextID
    nextID += 1
    open[id] = connection
    return id
  }

  @discardableResult
  mutating func remove(_ id: Int) -> Connection? { open.removeValue(forKey: id) }

  mutating func removeAll() { open.removeAll() }

  /// The connections still reading their request, oldest first.
  var reading: [(id: Int, connection: Connection)] {
    open.filter { !$0.value.awaitingAnswer }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// When `connection` is dropped if its request is still not complete.
  func deadline(of connection: Connection) -> ContinuousClock.Instant {
    let timeout =
      connection.hasSentAnything
      ? requestTimeoutMilliseconds : min(firstByteTimeoutMilliseconds, requestTimeoutMilliseconds)
    return connection.acceptedAt.advanced(by: .milliseconds(timeout))
  }

  /// Removes and returns the connections whose time ran out, for the caller to answer (or not).
  mutating func expire(now: ContinuousClock.Instant) -> [Connection] {
    var expired: [Connection] = []
    for (id, connection) in open where !connection.awaitingAnswer && deadline(of: connection) <= now {
      open.removeValue(forKey: id)
      expired.append(connection)
    }
    return expired
  }
}
