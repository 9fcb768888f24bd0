import DodoCheckout

/// One client of the return channel: a `handle-url` on the Unix socket, or a browser on the
/// loopback HTTP listener. Reads one bounded request, then waits for the checkout's answer.
final class ReturnConnection {
  /// Who is at the other end: a `handle-url` on the Unix socket, or an HTTP client of the
  /// loopback listener, heard under the rules of the return URL it serves.
  enum Kind {
    case unix
    case http(LoopbackRules)
  }

  /// What a read found.
  enum Request: Equatable {
    case incomplete
    /// A complete request for this URL, to be answered with `respond(claimed:)`.
    case url(String)
    /// A request that is not one; answered at once, and the wait goes on.
    case reject(Rejection)
  }

  enum Rejection: Equatable {
    case badRequest, methodNotAllowed, tooLarge, uriTooLong, timedOut
    /// A `Host` other than the return URL's: a misdirected request, or DNS rebinding.
    case misdirected
    /// A request a web page made on its own (an image, a fetch, a frame): not a navigation.
    case crossSite
    /// The return URL, without the parameters (a per-run `state`) of the one the checkout waits for.
    case missingOwnParameters
    /// The return URL, with those parameters but other values.
    case otherOwnParameters

    /// What the checkout is told of it: only what a return the user meant may hit.
    var refusal: ReturnRefusal? {
      switch self {
      case .misdirected: .misdirected
      case .crossSite: .crossSite
      case .missingOwnParameters: .missingState
      case .otherOwnParameters: .otherState
      case .badRequest, .methodNotAllowed, .tooLarge, .uriTooLong, .timedOut: nil
      }
    }
  }

  /// An HTTP request head: the request line, headers of a browser, and a request target of
  /// up to `URLHandoff.maximumURLBytes`.
  static let maximumHTTPHead = URLHandoff.maximumURLBytes + 16 * 1024

  /// The connection's socket, closed when the connection goes (the last reference).
  let fd: FileDescriptor
  let kind: Kind
  let acceptedAt: ContinuousClock.Instant
  var awaitingAnswer = false
  /// Whether the client has sent anything: one that has not is the first to go when the
  /// server is full, and goes after `ReturnChannelServer.firstByteTimeoutMilliseconds`.
  var hasSentAnything: Bool { !buffer.isEmpty }
  /// When the client last sent something (or connected): the one idle the longest is the
  /// first to go when the server is full.
  private(set) var lastHeardAt: ContinuousClock.Instant
  private var buffer: [UInt8] = []

  init(fd: consuming FileDescriptor, kind: Kind, acceptedAt: ContinuousClock.Instant) {
    self.fd = fd
    self.kind = kind
    self.acceptedAt = acceptedAt
    lastHeardAt = acceptedAt
  }

  /// How a URL read here reaches the checkout, which says who could have sent it.
  var route: IncomingURL.Route {
    switch kind {
    case .unix: .handler
    case .http: .loopback
    }
  }

  /// Reads what is available and says whether the request is complete.
  func readRequest() -> Request {
    let limit = route == .handler ? URLHandoff.maximumURLBytes : Self.maximumHTTPHead
    var chunk = [UInt8](repeating: 0, count: 4096)
    var ended = false
    while buffer.count <= limit {
      let read = Result { () throws(SystemError) in try Syscalls.readAvailable(fd, into: &chunk) }
      guard case .success(let available) = read else { return .reject(.badRequest) }
      guard let count = available else { break }  // nothing more for now
      if count == 0 {
        ended = true
        break
      }
      buffer += chunk[..<count]
      lastHeardAt = ContinuousClock().now
    }
    switch kind {
    case .unix: return handoffRequest(ended: ended)
    case .http(let rules): return httpRequest(ended: ended, limit: limit, rules: rules)
    }
  }

  /// Whether the client has closed its end entirely (`POLLHUP`), not only its writing side
  /// as a `handle-url` still waiting for the answer does.
  var senderHasGone: Bool { Syscalls.hasHungUp(fd) }

  /// A `handle-url`'s request, framed as `URLHandoff` says.
  private func handoffRequest(ended: Bool) -> Request {
    switch URLHandoff.decodeRequest(buffer, ended: ended) {
    case .incomplete: .incomplete
    case .url(let url): .url(url)
    case .tooLarge: .reject(.tooLarge)
    case .empty: .reject(.badRequest)
    }
  }

  /// `GET TARGET HTTP/1.x` and headers up to the blank line, checked against the loopback
  /// rules; the URL is the return URL's origin and the target.
  private func httpRequest(ended: Bool, limit: Int, rules: LoopbackRules) -> Request {
    guard let headEnd = Self.endOfHead(buffer) else {
      if buffer.count > limit { return .reject(.tooLarge) }
      return ended ? .reject(.badRequest) : .incomplete
    }
    guard let head = HTTPRequestHead(buffer[..<headEnd]) else { return .reject(.badRequest) }
    guard head.method == "GET" else { return .reject(.methodNotAllowed) }
    guard head.target.utf8.count <= URLHandoff.maximumURLBytes else { return .reject(.uriTooLong) }
    return rules.check(head)
  }

  static func endOfHead(_ bytes: [UInt8]) -> Int? {
    var i = 0
    while i + 1 < bytes.count {
      if bytes[i] == UInt8(ascii: "\n") {
        if bytes[i + 1] == UInt8(ascii: "\n") { return i }
        if bytes[i + 1] == UInt8(ascii: "\r"), i + 2 < bytes.count, bytes[i + 2] == UInt8(ascii: "\n") { return i }
      }
      i += 1
    }
    return nil
  }

  /// Answers a complete request; the connection is closed when the last reference goes.
  /// Returns whether a `handle-url` heard it: one that has hung up (it gave up waiting, and
  /// said "no answer, send it again") has not, and its URL must not be acted on. A browser
  /// counts as having heard: the return is what it brought.
  @discardableResult
  func respond(claimed: Bool, refusal: ReturnRefusal? = nil) -> Bool {
    switch kind {
    case .unix:
      guard !senderHasGone else { return false }
      return send(URLHandoff.encodeAnswer(claimed: claimed, refusal: refusal))
    case .http:
      if claimed {
        send(Self.http("200 OK", contentType: "text/html; charset=utf-8", body: Self.finishedPage))
      } else {
        send(Self.http("404 Not Found", body: "Not found: this address is not the checkout's return URL.\n"))
      }
      return true
    }
  }

  /// Answers a request that never reached the checkout.
  func reject(_ rejection: Rejection) {
    switch kind {
    case .unix: send(URLHandoff.encodeAnswer(claimed: false))
    case .http:
      let (status, body) =
        switch rejection {
        case .badRequest: ("400 Bad Request", "Bad request.")
        case .methodNotAllowed: ("405 Method Not Allowed", "Only GET is served here.")
        case .tooLarge: ("431 Request Header Fields Too Large", "Request too large.")
        case .uriTooLong: ("414 URI Too Long", "The address is too long.")
        case .timedOut: ("408 Request Timeout", "Request timed out.")
        case .misdirected: ("421 Misdirected Request", "This server answers only for the checkout's return address.")
        case .crossSite: ("403 Forbidden", "A checkout returns here by navigating, not from inside another page.")
        case .missingOwnParameters, .otherOwnParameters:
          ("403 Forbidden", "This return does not carry the parameters of the return URL the checkout waits for.")
        }
      send(Self.http(status, extra: rejection == .methodNotAllowed ? "Allow: GET\r\n" : "", body: body + "\n"))
    }
  }

  /// Sends what fits in the socket buffer without blocking (every answer is small) and shuts
  /// the writing side so the client sees the end; whether all of it went.
  @discardableResult
  private func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  @discardableResult
  private func send(_ bytes: [UInt8]) -> Bool {
    let sent = (try? Syscalls.send(fd, bytes, from: 0)) ?? 0
    Syscalls.shutdownWrite(fd)
    return sent == bytes.count
  }

  static func http(
    _ status: String, contentType: String = "text/plain; charset=utf-8", extra: String = "", body: String
  ) -> String {
    "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n"
      + "Cache-Control: no-store\r\nConnection: close\r\n\(extra)\r\n\(body)"
  }

  static let finishedPage = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Checkout finished</title>
    <style>body{font-family:system-ui,sans-serif;margin:4em auto;max-width:32em;text-align:center;color:#222}</style>
    </head><body><h1>Checkout finished</h1>
    <p>You can close this tab and return to the app that started the checkout.</p></body></html>

    """
}
