/// A test delivery as Dodo makes one (`dodo webhook send`): the event's JSON, signed with a
/// message id and a time, POSTed once to an `http://` or `https://` endpoint.
extension WebhookSigner {
  /// The POST of `body` to `url`: the three signature headers and `Content-Type: application/json`.
  package func delivery(of body: [UInt8], to url: String, id: String, timestamp: Int64) -> HTTPRequest {
    let headers = headers(id: id, timestamp: timestamp, body: body) + [HTTPHeader("content-type", "application/json")]
    return HTTPRequest(method: .post, url: url, headers: headers, body: body)
  }

  /// Whether `id` can be a `webhook-id`: not empty, no spaces or control characters (it is
  /// signed and sent as a header's value).
  package static func isUsableMessageID(_ id: String) -> Bool {
    !id.isEmpty && !id.contains { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }
  }

  /// Whether deliveries can be sent to `url`: an `http://` or `https://` URL with a host,
  /// without spaces.
  package static func isEndpointURL(_ url: String) -> Bool {
    let lower = url.lowercased()
    let rest = lower.hasPrefix("http://") ? lower.dropFirst(7) : lower.hasPrefix("https://") ? lower.dropFirst(8) : nil
    guard let rest, let first = rest.first, first != "/" else { return false }
    return !url.contains { $0.isWhitespace }
  }

  /// Whether the transport can deliver to `url`, an endpoint URL: https, or plain http to a
  /// loopback host (`127.0.0.0/8`, `[::1]`, `localhost`). A delivery carries a customer's data;
  /// dodo sends nothing in clear beyond this machine, so plain http elsewhere is refused up
  /// front rather than at each delivery.
  package static func isDeliverableURL(_ url: String) -> Bool {
    guard isEndpointURL(url) else { return false }
    let lower = url.lowercased()
    guard lower.hasPrefix("http://") else { return true }
    var authority = lower.dropFirst(7).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    let host: Substring
    if authority.hasPrefix("[") {
      host = authority.prefix { $0 != "]" } + "]"
    } else {
      host = authority.prefix { $0 != ":" }
    }
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    let loopbackIPv4 = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    return host == "localhost" || host == "[::1]" || loopbackIPv4
  }
}

extension HTTPResponse {
  /// The first `count` lines of the body (of its first 4 KiB), without their line ends and
  /// without the empty lines at the end: what a person needs to see of an endpoint's answer.
  package func firstBodyLines(_ count: Int) -> [String] {
    var lines = body.prefix(4096).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .prefix(count).map { String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}
