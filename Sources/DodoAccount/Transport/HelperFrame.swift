/// The framing between `dodo` and its HTTPS helper (`dodo-https`): one request on the
/// helper's standard input, one response (or transport error) on its standard output.
///
/// Text lines, then the body's bytes:
///
/// ```
/// dodo-https 1                 dodo-https 1                 dodo-https 1
/// GET https://host/path        status 200                   error tls
/// timeout 30                   header Content-Type: …       message certificate …
/// connect-timeout 10           body 17
/// header Authorization: …      {"session_id":…}
/// body 0
/// ```
///
/// The request's headers, the API key's among them, travel only here: never in the
/// helper's arguments or environment, which other local users can read.
public enum HelperFrame {
  public static let magic = "dodo-https 1"
  /// The most a frame may hold (headers and body): larger answers are refused.
  public static let maximumSize = 8 * 1024 * 1024

  public struct Malformed: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
  }

  public static func encode(_ request: HTTPRequest) throws(Malformed) -> [UInt8] {
    var text = "\(magic)\n\(request.method.rawValue) \(try line(request.url))\n"
    text += "timeout \(request.timeout)\nconnect-timeout \(request.connectTimeout)\n"
    for header in request.headers { text += try headerLine(header) }
    return Array((text + "body \(request.body.count)\n").utf8) + request.body
  }

  public static func encode(_ response: HTTPResponse) throws(Malformed) -> [UInt8] {
    var text = "\(magic)\nstatus \(response.status)\n"
    for header in response.headers { text += try headerLine(header) }
    return Array((text + "body \(response.body.count)\n").utf8) + response.body
  }

  public static func encode(_ error: TransportError) -> [UInt8] {
    let message = String(
      decoding: error.message.utf8.map { $0 == 0x0A || $0 == 0x0D || $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    return Array("\(magic)\nerror \(error.kind.rawValue)\nmessage \(message)\n".utf8)
  }

  public static func decodeRequest(_ bytes: [UInt8]) throws(Malformed) -> HTTPRequest {
    var reader = Reader(bytes: bytes)
    try reader.expectMagic()
    let requestLine = try reader.line()
    guard let space = requestLine.firstIndex(of: " "),
      let method = HTTPRequest.Method(rawValue: String(requestLine[..<space]))
    else { throw Malformed("a request line must be 'GET URL' or 'POST URL'") }
    var request = HTTPRequest(method: method, url: String(requestLine[requestLine.index(after: space)...]))
    while true {
      let (name, value) = try reader.field()
      switch name {
      case "timeout": request.timeout = try seconds(value)
      case "connect-timeout": request.connectTimeout = try seconds(value)
      case "header": request.headers.append(try header(value))
      case "body":
        request.body = try reader.body(value)
        return request
      default: throw Malformed("unknown field '\(name)'")
      }
    }
  }

  /// The helper's answer: a response, or the transport error it reported.
  public static func decodeResponse(_ bytes: [UInt8]) throws(Malformed) -> Result<HTTPResponse, TransportError> {
    var reader = Reader(bytes: bytes)
    try reader.expectMagic()
    var (name, value) = try reader.field()
    if name == "error" {
      guard let kind = TransportError.Kind(rawValue: value) else { throw Malformed("unknown error kind '\(value)'") }
      (name, value) = try reader.field()
      guard name == "message" else { throw Malformed("an error needs a message") }
      return .failure(TransportError(kind, value))
    }
    guard name == "status", let status = Int(value), (100...999).contains(status) else {
      throw Malformed("a response starts with its status")
    }
    var response = HTTPResponse(status: status)
    while true {
      (name, value) = try reader.field()
      switch name {
      case "header": response.headers.append(try header(value))
      case "body":
        response.body = try reader.body(value)
        return .success(response)
      default: throw Malformed("unknown field '\(name)'")
      }
    }
  }

  private static func line(_ text: String) throws(Malformed) -> String {
    // Bytes, not characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
    guard !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
      throw Malformed("a line break or NUL in a URL or header")
    }
    return text
  }

  private static func headerLine(_ header: HTTPHeader) throws(Malformed) -> String {
    guard !header.name.isEmpty, header.name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") })
    else { throw Malformed("a header name must be a token") }
    return "header \(header.name): \(try line(header.value))\n"
  }

  private static func header(_ text: String) throws(Malformed) -> HTTPHeader {
    guard let colon = text.firstIndex(of: ":") else { throw Malformed("a header needs a colon") }
    let value = text[text.index(after: colon)...].drop { $0 == " " }
    return HTTPHeader(String(text[..<colon]), String(value))
  }

  private static func seconds(_ text: String) throws(Malformed) -> Double {
    guard let value = Double(text), value.isFinite, value > 0 else { throw Malformed("a timeout must be positive") }
    return value
  }

  private struct Reader {
    var bytes: [UInt8]
    var offset = 0

    mutating func expectMagic() throws(Malformed) {
      guard try line() == HelperFrame.magic else { throw Malformed("not a dodo-https frame") }
    }

    mutating func line() throws(Malformed) -> String {
      guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else {
        throw Malformed("a line is cut short")
      }
      defer { offset = end + 1 }
      return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// `name value` (value may be empty).
    mutating func field() throws(Malformed) -> (String, String) {
      let text = try line()
      guard let space = text.firstIndex(of: " ") else { return (text, "") }
      return (String(text[..<space]), String(text[text.index(after: space)...]))
    }

    mutating func body(_ count: String) throws(Malformed) -> [UInt8] {
      guard let length = Int(count), length >= 0, length == bytes.count - offset else {
        throw Malformed("the body is not as long as it says")
      }
      return Array(bytes[offset...])
    }
  }
}
