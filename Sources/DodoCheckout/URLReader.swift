import DodoBytes

/// The parts of a URL, as byte offsets into the text it was read from.
///
/// The contract needs only a small, strict slice of RFC 3986: a scheme, an authority
/// (userinfo, host, port), a path, a query and a fragment. Reading offsets instead of
/// building strings keeps validation and matching free of allocations.
struct URLParts: Sendable {
  var scheme: Range<Int>
  /// The authority's parts; `nil` when the URL has no `//` after the scheme (`myapp:/x`).
  var authority: Authority?
  var path: Range<Int>
  var query: Range<Int>?
  var fragment: Range<Int>?

  struct Authority: Sendable {
    var userinfo: Range<Int>?
    var host: Range<Int>
    var port: Range<Int>?
  }
}

/// Why a text is not a URL that the contract can read. Offsets are 0-based byte offsets.
enum URLSyntaxError: Error, Equatable, Sendable {
  case empty
  case missingScheme
  case invalidScheme
  case space(at: Int)
  case controlCharacter(at: Int)
  case malformedEscape(at: Int)
  case invalidPort
  case invalidHost

  init(_ fault: QueryFault) {
    switch fault {
    case .malformedEscape(let at): self = .malformedEscape(at: at)
    case .controlCharacter(let at): self = .controlCharacter(at: at)
    case .space(let at): self = .space(at: at)
    }
  }

  /// A phrase that completes "… is not a valid URL: ".
  var reason: String {
    switch self {
    case .empty: "it is empty"
    case .missingScheme: "it has no scheme (expected something like 'myapp://host/path')"
    case .invalidScheme: "its scheme must start with a letter and contain only letters, digits, '+', '-' and '.'"
    case .space(let at): "it contains a space at position \(at + 1) (spaces must be written as %20)"
    case .controlCharacter(let at): "it contains a control character at position \(at + 1)"
    case .malformedEscape(let at):
      "it has a malformed percent escape at position \(at + 1) ('%' must be followed by two hex digits)"
    case .invalidPort: "its port is not a number from 0 to 65535"
    case .invalidHost: "its host is malformed"
    }
  }
}

/// A strict, allocation-free URL reader.
///
/// It rejects spaces, control characters (C0, DEL and C1) and `%` not followed by two hex
/// digits: a URL that carries them was never issued by a server. Where they stand is chosen
/// by the caller: anywhere (a URL `dodo` is given to open or return to), or only before the
/// query (a URL coming back, which is matched on scheme, host and path alone, and whose
/// query is then read as far as it can be).
enum URLReader {
  /// Which part of the text must be clean URL text.
  enum Checking {
    /// All of it.
    case whole
    /// Scheme, authority and path; the query and fragment may carry anything.
    case beforeQuery
  }

  /// Reads `bytes` into its parts. `findingFragment: false` leaves the query running to the
  /// end and no fragment, for a caller whose own pass over the query finds its `#`
  /// (`ReturnQuery.init(_:queryFrom:room:)`): the query is then read once, not twice.
  static func read(
    _ bytes: ByteView, checking: Checking = .whole, findingFragment: Bool = true
  ) throws(URLSyntaxError) -> URLParts {
    let count = bytes.count
    guard count > 0 else { throw .empty }
    // A head of plain URL text within its first 64 bytes (a return URL's) is read from its
    // marks; any other byte by byte, the same searches made by scans.
    let marks = URLHeadMarks(bytes)
    // The first `?` or `#` ends the path, whatever comes before it; the characters before it
    // are checked in the same pass, those after it (with `.whole`) in order after them.
    let pathEnd: Int
    if let marks {
      pathEnd = marks.pathEnd
    } else {
      let (end, fault) = URLSyntax.scanText(bytes, in: 0..<count, stoppingAtQuery: true)
      if let fault { throw URLSyntaxError(fault) }
      pathEnd = end
    }
    if checking == .whole { try checkCharacters(bytes, in: pathEnd..<count) }

    // scheme ":", up to the first ':' or '/'
    var i =
      marks?.schemeEnd
      ?? ByteWord.firstMarked(in: bytes, from: 0, to: pathEnd) {
        ByteWord.exactlyEqual($0, UInt8(ascii: ":")) | ByteWord.exactlyEqual($0, UInt8(ascii: "/"))
      }
    guard i > 0, bytes.has(UInt8(ascii: ":"), at: i) else { throw .missingScheme }
    let scheme = 0..<i
    guard URLSyntax.isScheme(bytes, scheme) else { throw .invalidScheme }
    i += 1

    // "//" authority: up to the first `/` (or the path's end), the last `@` on the way ending the userinfo
    var authority: URLParts.Authority?
    if bytes.has(UInt8(ascii: "/"), at: i), bytes.has(UInt8(ascii: "/"), at: i + 1) {
      let start = i + 2
      let (end, lastAt) = marks?.authorityEnd(from: start) ?? URLSyntax.authorityEnd(bytes, from: start, to: pathEnd)
      i = end
      // userinfo "@" host [":" port]: the userinfo up to the last `@`, the port after the host.
      let hostStart = lastAt.map { $0 + 1 } ?? start
      let hostEnd = try readHost(bytes, from: hostStart, to: end)
      authority = URLParts.Authority(
        userinfo: lastAt.map { start..<$0 }, host: hostStart..<hostEnd, port: hostEnd < end ? (hostEnd + 1)..<end : nil)
    }

    // path, "?" query, "#" fragment
    let path = i..<pathEnd
    i = pathEnd
    var query: Range<Int>?
    if bytes.has(UInt8(ascii: "?"), at: i) {
      i += 1
      let queryStart = i
      i = findingFragment ? firstHash(bytes, from: i) : count
      query = queryStart..<i
    }
    var fragment: Range<Int>?
    if findingFragment, bytes.has(UInt8(ascii: "#"), at: i) { fragment = (i + 1)..<count }
    return URLParts(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
  }

  /// The index of the first `#` at or after `start`, or the end: the query is the longest
  /// part of a return URL, so it is searched eight bytes at a time.
  private static func firstHash(_ bytes: ByteView, from start: Int) -> Int {
    ByteWord.firstMarked(in: bytes, from: start, to: bytes.count) { ByteWord.exactlyEqual($0, UInt8(ascii: "#")) }
  }

  /// Rejects spaces, control characters and malformed escapes anywhere in the text.
  static func checkCharacters(_ bytes: ByteView) throws(URLSyntaxError) {
    try checkCharacters(bytes, in: 0..<bytes.count)
  }

  /// `checkCharacters(_:)` for `bytes[range]`; the offset in an error counts from the start of `bytes`.
  static func checkCharacters(_ bytes: ByteView, in range: Range<Int>) throws(URLSyntaxError) {
    if let fault = URLSyntax.scanText(bytes, in: range, stoppingAtQuery: false).fault { throw URLSyntaxError(fault) }
  }

  /// Where the host that starts at `hostStart` ends, the authority ending at `end`: at its
  /// port's `:` or the end, once the host and the port are checked. An index, not the
  /// authority's parts: those came back through memory, read back in a stall.
  private static func readHost(_ bytes: ByteView, from hostStart: Int, to end: Int) throws(URLSyntaxError) -> Int {
    let hostEnd: Int
    if hostStart < end, bytes.has(UInt8(ascii: "["), at: hostStart) {
      // IP literal: "[" ... "]" [":" port]
      guard let j = bytes.firstIndex(of: UInt8(ascii: "]"), in: (hostStart + 1)..<end) else { throw .invalidHost }
      hostEnd = j + 1
      if hostEnd < end, !bytes.has(UInt8(ascii: ":"), at: hostEnd) { throw .invalidHost }
    } else {
      hostEnd = ByteWord.firstMarked(in: bytes, from: hostStart, to: end) {
        ByteWord.exactlyEqual($0, UInt8(ascii: ":"))
      }
    }
    if hostEnd < end {
      let port = (hostEnd + 1)..<end
      guard port.count <= 5, let value = URLSyntax.decimalValue(bytes, port), value <= 65535 else {
        throw .invalidPort
      }
    }
    return hostEnd
  }

  @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
  @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool { PercentDecoding.isHexDigit(c) }
}
