/// An HTTP/1.x request as text copied from a log or a tunnel inspector: the request line
/// (`POST /webhooks HTTP/1.1`; it may be left out), header lines, a blank line, the body.
/// Lines may end in LF or CRLF; header names are compared ignoring case.
public struct RawHTTPRequest: Sendable, Hashable {
  /// At most this many bytes of headers, and this many header lines, are read.
  public static let maximumHeadBytes = 64 * 1024
  public static let maximumHeaders = 256

  public var method: String?
  public var target: String?
  public var headers: [HTTPHeader]
  /// The bytes after the blank line; no more than `Content-Length` says, when it says.
  public var body: [UInt8]

  public init(parsing bytes: [UInt8]) throws(RawHTTPRequestError) {
    let newline = UInt8(ascii: "\n")
    var start = 0
    // Blank lines before the request, as a paste often has.
    while start < bytes.count, bytes[start] == newline || bytes[start] == UInt8(ascii: "\r") { start += 1 }
    var lines: [String] = []
    var bodyStart: Int?
    var cursor = start
    while cursor < bytes.count {
      let end = bytes[cursor...].firstIndex(of: newline) ?? bytes.count
      var lineEnd = end
      if lineEnd > cursor, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
      if lineEnd == cursor {
        bodyStart = min(end + 1, bytes.count)
        break
      }
      guard end - start <= Self.maximumHeadBytes else { throw .headTooLarge }
      lines.append(String(decoding: bytes[cursor..<lineEnd], as: UTF8.self))
      cursor = end + 1
    }
    guard let bodyStart else { throw lines.isEmpty ? .empty : .noBlankLine }
    guard lines.count <= Self.maximumHeaders + 1 else { throw .headTooLarge }
    if let first = lines.first, let (method, target) = Self.requestLine(first) {
      self.method = method
      self.target = target
      lines.removeFirst()
    }
    headers = []
    for (number, line) in lines.enumerated() {
      if line.first == " " || line.first == "\t", let last = headers.indices.last {
        // An obsolete folded continuation of the header before.
        headers[last].value += " " + String(Substring(line).trimmingWhiteSpace())
        continue
      }
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw .notAHeader(line: number + (method == nil ? 1 : 2))
      }
      let name = String(Substring(line[..<colon]).trimmingWhiteSpace())
      let value = String(Substring(line[line.index(after: colon)...]).trimmingWhiteSpace())
      headers.append(HTTPHeader(name, value))
    }
    body = Array(bytes[bodyStart...])
    if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }),
      length >= 0, length < body.count
    {
      body.removeLast(body.count - length)
    }
  }

  /// `METHOD TARGET [HTTP/x]`, the method in capitals; `nil` for a line that is not one.
  private static func requestLine(_ line: String) -> (String, String)? {
    let parts = line.split(separator: " ")
    guard parts.count == 2 || (parts.count == 3 && parts[2].hasPrefix("HTTP/")) else { return nil }
    guard parts[0].allSatisfy({ $0 >= "A" && $0 <= "Z" }), !parts[0].contains(":") else { return nil }
    return (String(parts[0]), String(parts[1]))
  }

  /// The delivery these headers and body make.
  public var delivery: WebhookDelivery { WebhookDelivery(headers: headers, body: body) }
}

/// Why a text is not an HTTP request.
public enum RawHTTPRequestError: Error, Sendable, Hashable, CustomStringConvertible {
  case empty
  /// The headers never end: no blank line before the body.
  case noBlankLine
  case headTooLarge
  /// A line among the headers is not `Name: value` (1-based line number).
  case notAHeader(line: Int)

  public var description: String {
    switch self {
    case .empty: "the request is empty"
    case .noBlankLine: "the request has no blank line between its headers and its body"
    case .headTooLarge:
      "the request's headers are larger than \(RawHTTPRequest.maximumHeadBytes) bytes or \(RawHTTPRequest.maximumHeaders) lines"
    case .notAHeader(let line): "line \(line) of the request is not a header (Name: value)"
    }
  }
}
