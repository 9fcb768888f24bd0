import DodoCheckout

/// What an HTTP request to the loopback listener must show before its URL reaches the
/// checkout. Any local process and any web page the customer has open can reach a loopback
/// port, so the listener hears only what a browser sent back to the return URL would send:
///
/// - `Host` is the return URL's own `HOST:PORT`; any other name is a misdirected request or
///   DNS rebinding (a page of `evil.example` whose name now points at 127.0.0.1): 421.
/// - A request a page makes on its own (an `<img>`, a `fetch`, a frame) is refused: 403.
///   It says so with `Sec-Fetch-Site` (a site other than this one) or `Origin` (another
///   origin), and it is not a top-level navigation (`Sec-Fetch-Mode: navigate`,
///   `Sec-Fetch-Dest: document`). The checkout's own redirect is one, and passes.
/// - A return URL carrying parameters of its own (`?state=RANDOM`, a per-run secret the
///   backend put into the checkout session's `return_url`) must get them back: 403 otherwise.
///   This is what stops a local process that knows the port from sending a status of its choice.
struct LoopbackRules {
  let returnURL: ReturnURL
  /// `HOST:PORT` as the return URL names it, lower-cased (`[::1]:53682`).
  let authority: String
  /// `http://HOST:PORT`, prefixed to a request target to rebuild the URL.
  let origin: String
  private let port: Int

  init(returnURL: ReturnURL, port: Int) {
    self.returnURL = returnURL
    self.port = port
    authority = "\(returnURL.host):\(port)"
    origin = "http://\(authority)"
  }

  /// The URL the request is for, or why it is refused.
  func check(_ head: HTTPRequestHead) -> ReturnConnection.Request {
    guard let host = head.host else { return .reject(.badRequest) }
    guard isOwnAuthority(host) else { return .reject(.misdirected) }
    guard !head.isMadeByAnotherPage(than: origin) else { return .reject(.crossSite) }
    let url: String
    if head.target.hasPrefix("/") {
      url = origin + head.target
    } else if let rest = Self.dropping(origin, from: head.target), rest.isEmpty || "/?#".contains(rest.first ?? "/") {
      url = origin + rest  // the absolute form, which a proxy would send
    } else {
      return .reject(head.target.lowercased().hasPrefix("http://") ? .misdirected : .badRequest)
    }
    // Read once: whether it comes back here, and with the return URL's own parameters.
    if let read = returnURL.reading(url), !read.isEchoed {
      return .reject(returnURL.refusal(of: url) == .missingState ? .missingOwnParameters : .otherOwnParameters)
    }
    return .url(url)
  }

  /// Whether a `Host` names the return URL's host and port (a browser leaves out `:80`).
  private func isOwnAuthority(_ host: String) -> Bool {
    let host = host.lowercased()
    return host == authority || (port == 80 && host == returnURL.host)
  }

  /// `text` without `prefix` (compared ignoring case), or `nil` when it does not start so.
  private static func dropping(_ prefix: String, from text: String) -> Substring? {
    guard text.count >= prefix.count, text.prefix(prefix.count).lowercased() == prefix else { return nil }
    return text.dropFirst(prefix.count)
  }
}

/// The parts of an HTTP/1.x request head the loopback listener looks at.
struct HTTPRequestHead: Equatable {
  var method: String
  var target: String
  /// The one `Host` header; `nil` when there is none, or more than one (a bad request).
  var host: String?
  var origin: String?
  var fetchSite: String?
  var fetchMode: String?
  var fetchDest: String?

  /// Reads `METHOD TARGET HTTP/1.x` and the header lines after it; `nil` for anything else.
  init?(_ head: ArraySlice<UInt8>) {
    // Split as bytes: "\r\n" is one `Character`, so a `String` would not split at "\n".
    var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
    guard !lines.isEmpty else { return nil }
    let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    method = String(parts[0])
    target = String(parts[1])
    var hosts: [String] = []
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let value = String(line[line.index(after: colon)...].trimmingBlanks())
      switch line[..<colon].lowercased() {
      case "host": hosts.append(value)
      case "origin": origin = value
      case "sec-fetch-site": fetchSite = value.lowercased()
      case "sec-fetch-mode": fetchMode = value.lowercased()
      case "sec-fetch-dest": fetchDest = value.lowercased()
      default: break
      }
    }
    host = hosts.count == 1 ? hosts[0] : nil
  }

  /// Whether a page of another site or origin made this request, other than by navigating
  /// the browser's window to it.
  func isMadeByAnotherPage(than ownOrigin: String) -> Bool {
    let navigates = fetchMode == "navigate" && (fetchDest ?? "document") == "document"
    guard !navigates else { return false }
    if let fetchSite, fetchSite != "same-origin", fetchSite != "none" { return true }
    if let origin, origin.lowercased() != ownOrigin { return true }
    return false
  }
}

extension StringProtocol {
  /// The text without the spaces, tabs and carriage returns around it.
  func trimmingBlanks() -> SubSequence {
    let isBlank = { (c: Character) in c == " " || c == "\t" || c == "\r" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
