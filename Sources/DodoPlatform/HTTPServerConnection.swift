/// One client of `LoopbackHTTPServer`: reads one bounded `POST` with a `Content-Length` body
/// (no chunked bodies, no pipelining: one request per connection, then it closes), then waits
/// for the answer. The limits are those of `start`'s loopback listener for the head
/// (`ReturnConnection.maximumHTTPHead`), and `maximumBodyBytes` for the body.
final class HTTPServerConnection {
  enum Read: Equatable {
    case incomplete
    case complete(LoopbackHTTPServer.Request)
    /// A request that is not one the server takes: answered at once with this status line,
    /// extra header lines and body.
    case reject(status: String, extra: String, body: String)
  }

  static let maximumHeaders = 100

  /// The connection's socket, closed when the connection goes (the last reference).
  let fd: FileDescriptor
  let acceptedAt: ContinuousClock.Instant
  let maximumBodyBytes: Int
  var awaitingAnswer = false
  var hasSentAnything: Bool { !buffer.isEmpty }
  private var buffer: [UInt8] = []
  /// The head, once it is complete, and where its body starts and how long it is.
  private var head: (request: LoopbackHTTPServer.Request, bodyStart: Int, length: Int)?

  init(fd: consuming FileDescriptor, acceptedAt: ContinuousClock.Instant, maximumBodyBytes: Int) {
    self.fd = fd
    self.acceptedAt = acceptedAt
    self.maximumBodyBytes = maximumBodyBytes
  }

  /// Reads what is available and says whether the request is complete.
  func read(id: Int) -> Read {
    let limit = head.map { $0.bodyStart + $0.length } ?? ReturnConnection.maximumHTTPHead
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    var ended = false
    while buffer.count <= limit {
      let read = Result { () throws(SystemError) in try Syscalls.readAvailable(fd, into: &chunk) }
      guard case .success(let available) = read else { return Self.badRequest }
      guard let count = available else { break }
      if count == 0 {
        ended = true
        break
      }
      buffer += chunk[..<count]
    }
    if head == nil {
      guard let headEnd = ReturnConnection.endOfHead(buffer) else {
        if buffer.count > ReturnConnection.maximumHTTPHead { return Self.headTooLarge }
        return ended ? Self.badRequest : .incomplete
      }
      if headEnd > ReturnConnection.maximumHTTPHead { return Self.headTooLarge }
      let bodyStart = headEnd + (buffer[headEnd + 1] == UInt8(ascii: "\n") ? 2 : 3)
      switch parseHead(buffer[..<headEnd], id: id) {
      case .failure(let rejection): return rejection.read
      case .success(let (request, length)):
        head = (request, bodyStart, length)
        if request.expectsContinue, buffer.count == bodyStart, length > 0 {
          _ = try? Syscalls.send(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), from: 0)
        }
      }
    }
    guard let (request, bodyStart, length) = head else { return .incomplete }
    if buffer.count - bodyStart >= length {
      var complete = request
      complete.body = Array(buffer[bodyStart..<bodyStart + length])
      return .complete(complete)
    }
    return ended ? Self.badRequest : .incomplete
  }

  private struct Rejection: Error {
    let read: Read
  }

  /// `POST TARGET HTTP/1.x`, then `Name: value` lines with one `Content-Length`.
  private func parseHead(_ bytes: ArraySlice<UInt8>, id: Int) -> Result<(LoopbackHTTPServer.Request, Int), Rejection> {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
    let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty, !parts[1].isEmpty else {
      return .failure(Rejection(read: Self.badRequest))
    }
    guard lines.count <= Self.maximumHeaders else { return .failure(Rejection(read: Self.headTooLarge)) }
    var fields: [LoopbackHTTPServer.Field] = []
    for line in lines {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        return .failure(Rejection(read: Self.badRequest))
      }
      fields.append(.init(String(line[..<colon]), String(line[line.index(after: colon)...].trimmingBlanks())))
    }
    guard parts[0] == "POST" else {
      return .failure(
        Rejection(
          read: .reject(status: "405 Method Not Allowed", extra: "Allow: POST\r\n", body: "Only POST is served here.\n")
        ))
    }
    let request = LoopbackHTTPServer.Request(id: id, method: String(parts[0]), target: String(parts[1]), fields: fields)
    guard request.field("transfer-encoding") == nil else { return .failure(Rejection(read: Self.lengthRequired)) }
    let lengths = fields.filter { $0.name.lowercased() == "content-length" }
    guard let text = lengths.first?.value else { return .failure(Rejection(read: Self.lengthRequired)) }
    guard lengths.count == 1, text.allSatisfy(\.isASCIIDigit), let length = Int(text) else {
      return .failure(Rejection(read: Self.badRequest))
    }
    guard length <= maximumBodyBytes else {
      return .failure(
        Rejection(read: .reject(status: "413 Content Too Large", extra: "", body: "The body is too large.\n")))
    }
    return .success((request, length))
  }

  static let badRequest = Read.reject(status: "400 Bad Request", extra: "", body: "Bad request.\n")
  static let headTooLarge = Read.reject(
    status: "431 Request Header Fields Too Large", extra: "", body: "Request too large.\n")
  static let lengthRequired = Read.reject(
    status: "411 Length Required", extra: "", body: "Send the body with a Content-Length.\n")

  /// Answers, and shuts the writing side so the client sees the end; the connection closes
  /// when the last reference goes. Every answer is small and fits the socket's buffer.
  func respond(status: String, extra: String = "", body: String) {
    let text =
      body.isEmpty
      ? "HTTP/1.1 \(status)\r\nCache-Control: no-store\r\nConnection: close\r\n\(extra)\r\n"
      : ReturnConnection.http(status, extra: extra, body: body)
    _ = try? Syscalls.send(fd, Array(text.utf8), from: 0)
    Syscalls.shutdownWrite(fd)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { self >= "0" && self <= "9" }
}
