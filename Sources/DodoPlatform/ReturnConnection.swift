/// One client of the return channel: a `handle-url` on the Unix socket, or a browser on the
/// loopback HTTP listener. Reads one bounded request, then waits for the checkout's answer.
final class ReturnConnection {
  enum Kind { case unix, http }

  /// What a read found.
  enum Request: Equatable {
    case incomplete
    /// A complete request for this URL, to be answered with `respond(claimed:)`.
    case url(String)
    /// A request that is not one; answered at once, and the wait goes on.
    case reject(Rejection)
  }

  enum Rejection: Equatable {
    case badRequest, methodNotAllowed, tooLarge, timedOut
  }

  /// A URL line from `handle-url` (a return URL with its query) stays well under this.
  static let maximumURLRequest = 64 * 1024
  /// An HTTP request head (request line and headers).
  static let maximumHTTPRequest = 16 * 1024

  let fd: Int32
  let kind: Kind
  let deadline: ContinuousClock.Instant
  /// `http://HOST:PORT` for HTTP requests.
  let origin: String
  var awaitingAnswer = false
  private var buffer: [UInt8] = []

  init(fd: Int32, kind: Kind, deadline: ContinuousClock.Instant, origin: String) {
    self.fd = fd
    self.kind = kind
    self.deadline = deadline
    self.origin = origin
  }

  deinit { Syscalls.close(fd) }

  /// Reads what is available and says whether the request is complete.
  func readRequest() -> Request {
    let limit = kind == .unix ? Self.maximumURLRequest : Self.maximumHTTPRequest
    var chunk = [UInt8](repeating: 0, count: 4096)
    var ended = false
    while buffer.count <= limit {
      let read: Result<Int?, SystemError> = chunk.withUnsafeMutableBytes { raw in
        Result { () throws(SystemError) in try Syscalls.readAvailable(fd, into: raw) }
      }
      guard case .success(let available) = read else { return .reject(.badRequest) }
      guard let count = available else { break }  // nothing more for now
      if count == 0 {
        ended = true
        break
      }
      buffer += chunk[..<count]
    }
    return kind == .unix ? urlLine(ended: ended, limit: limit) : httpRequest(ended: ended, limit: limit)
  }

  /// `URL\n`; a client that closes its side without the newline has sent the URL too.
  private func urlLine(ended: Bool, limit: Int) -> Request {
    if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
      var end = newline
      if end > 0, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      return .url(String(decoding: buffer[..<end], as: UTF8.self))
    }
    if buffer.count > limit { return .reject(.tooLarge) }
    if ended { return buffer.isEmpty ? .reject(.badRequest) : .url(String(decoding: buffer, as: UTF8.self)) }
    return .incomplete
  }

  /// `GET TARGET HTTP/1.x` and headers up to the blank line; the URL is the origin and the
  /// target (or the target itself when it is absolute).
  private func httpRequest(ended: Bool, limit: Int) -> Request {
    guard let headEnd = Self.endOfHead(buffer) else {
      if buffer.count > limit { return .reject(.tooLarge) }
      return ended ? .reject(.badRequest) : .incomplete
    }
    let lineEnd = buffer[..<headEnd].firstIndex(of: UInt8(ascii: "\n")) ?? headEnd
    let line = String(decoding: buffer[..<lineEnd], as: UTF8.self)
    let parts = line.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[1].isEmpty else { return .reject(.badRequest) }
    guard parts[0] == "GET" else { return .reject(.methodNotAllowed) }
    let target = String(parts[1])
    if target.hasPrefix("/") { return .url(origin + target) }
    if target.lowercased().hasPrefix("http://") { return .url(target) }
    return .reject(.badRequest)
  }

  private static func endOfHead(_ bytes: [UInt8]) -> Int? {
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
  func respond(claimed: Bool) {
    switch kind {
    case .unix: send(claimed ? "claimed\n" : "unclaimed\n")
    case .http:
      if claimed {
        send(Self.http("200 OK", contentType: "text/html; charset=utf-8", body: Self.finishedPage))
      } else {
        send(Self.http("404 Not Found", body: "Not found: this address is not the checkout's return URL.\n"))
      }
    }
  }

  /// Answers a request that never reached the checkout.
  func reject(_ rejection: Rejection) {
    switch kind {
    case .unix: send("unclaimed\n")
    case .http:
      switch rejection {
      case .badRequest: send(Self.http("400 Bad Request", body: "Bad request.\n"))
      case .methodNotAllowed: send(Self.http("405 Method Not Allowed", extra: "Allow: GET\r\n", body: "Only GET is served here.\n"))
      case .tooLarge: send(Self.http("431 Request Header Fields Too Large", body: "Request too large.\n"))
      case .timedOut: send(Self.http("408 Request Timeout", body: "Request timed out.\n"))
      }
    }
  }

  /// Sends what fits in the socket buffer without blocking (every answer is small) and shuts
  /// the writing side so the client sees the end.
  private func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = try? bytes.withUnsafeBytes { try Syscalls.send(fd, $0) }
    Syscalls.shutdownWrite(fd)
  }

  static func http(_ status: String, contentType: String = "text/plain; charset=utf-8", extra: String = "", body: String) -> String {
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
