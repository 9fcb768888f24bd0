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
    // The first `?` or `#` ends the path, whatever comes before it; the characters before it
    // are checked in the same pass, those after it (with `.whole`) in order after them.
    let pathEnd = try checkedEndOfPath(bytes)
    if checking == .whole { try checkCharacters(bytes, in: pathEnd..<count) }

    // scheme ":", up to the first ':' or '/' (a word at a time, like the other parts)
    var i = ByteWord.firstMarked(in: bytes, from: 0, to: pathEnd) {
      ByteWord.exactlyEqual($0, UInt8(ascii: ":")) | ByteWord.exactlyEqual($0, UInt8(ascii: "/"))
    }
    guard i < count, bytes[i] == UInt8(ascii: ":"), i > 0 else { throw .missingScheme }
    let scheme = 0..<i
    guard isAlpha(bytes[0]) else { throw .invalidScheme }
    for j in 1..<i where !isSchemeCharacter(bytes[j]) { throw .invalidScheme }
    i += 1

    // "//" authority
    var authority: URLParts.Authority?
    if i + 1 < count, bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "/") {
      i += 2
      let start = i
      // Up to the first `/` (or the path's end), the last `@` on the way ending the userinfo.
      var lastAt = -1
      while true {
        i = ByteWord.firstMarked(in: bytes, from: i, to: pathEnd) {
          ByteWord.exactlyEqual($0, UInt8(ascii: "/")) | ByteWord.exactlyEqual($0, UInt8(ascii: "@"))
        }
        guard i < pathEnd, bytes[i] == UInt8(ascii: "@") else { break }
        lastAt = i
        i += 1
      }
      authority = try readAuthority(bytes, start..<i, lastAt: lastAt)
    }

    // path, "?" query, "#" fragment
    let path = i..<pathEnd
    i = pathEnd
    var query: Range<Int>?
    if i < count, bytes[i] == UInt8(ascii: "?") {
      i += 1
      let queryStart = i
      i = findingFragment ? firstHash(bytes, from: i) : count
      query = queryStart..<i
    }
    var fragment: Range<Int>?
    if findingFragment, i < count, bytes[i] == UInt8(ascii: "#") { fragment = (i + 1)..<count }
    return URLParts(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
  }

  /// The index of the first `?` or `#`, or the end, once the bytes before it are checked
  /// as `checkCharacters` checks them: one pass for both.
  private static func checkedEndOfPath(_ bytes: ByteView) throws(URLSyntaxError) -> Int {
    let end = bytes.count
    var i = 0
    while true {
      i = ByteWord.firstMarked(in: bytes, from: i, to: end) {
        notPlain($0) | ByteWord.exactlyEqual($0, UInt8(ascii: "?")) | ByteWord.exactlyEqual($0, UInt8(ascii: "#"))
      }
      guard i < end, bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") else { return i }
      i = try checked(bytes, at: i, end: end)
    }
  }

  /// The index of the first `#` at or after `start`, or the end: the query is the longest
  /// part of a return URL, so it is searched eight bytes at a time.
  private static func firstHash(_ bytes: ByteView, from start: Int) -> Int {
    ByteWord.firstMarked(in: bytes, from: start, to: bytes.count) { ByteWord.exactlyEqual($0, UInt8(ascii: "#")) }
  }

  /// Rejects spaces, control characters and malformed escapes anywhere in the text.
  ///
  /// Eight bytes at a time while they are all plain (printable ASCII other than `%`, the
  /// common case), and from a word that is not, straight to the byte that needs a closer look.
  static func checkCharacters(_ bytes: ByteView) throws(URLSyntaxError) {
    try checkCharacters(bytes, in: 0..<bytes.count)
  }

  /// `checkCharacters(_:)` for `bytes[range]`; the offset in an error counts from the start of `bytes`.
  static func checkCharacters(_ bytes: ByteView, in range: Range<Int>) throws(URLSyntaxError) {
    let end = range.upperBound
    var i = ByteWord.firstMarked(in: bytes, from: range.lowerBound, to: end, notPlain)
    while i < end {
      i = ByteWord.firstMarked(in: bytes, from: try checked(bytes, at: i, end: end), to: end, notPlain)
    }
  }

  /// Checks the byte at `i`, which `notPlain` marks, and returns the index after it (after
  /// its escape, for a `%`); `end` bounds what an escape or a C1 control may span.
  @inline(__always)
  private static func checked(_ bytes: ByteView, at i: Int, end: Int) throws(URLSyntaxError) -> Int {
    switch bytes[i] {
    case 0x20: throw .space(at: i)
    case 0..<0x20, 0x7F: throw .controlCharacter(at: i)
    case UInt8(ascii: "%"):
      guard i + 2 < end, isHexDigit(bytes[i + 1]), isHexDigit(bytes[i + 2]) else { throw .malformedEscape(at: i) }
      return i + 3
    case 0xC2 where i + 1 < end && (0x80...0x9F).contains(bytes[i + 1]):
      throw .controlCharacter(at: i)  // U+0080...U+009F, the C1 controls
    default:
      return i + 1
    }
  }

  /// Marks the bytes of `word` that are not in 0x21...0x7E, and `%`.
  @inline(__always) private static func notPlain(_ word: UInt64) -> UInt64 {
    (~ByteWord.atLeast(word, 0x21) | ByteWord.atLeast(word, 0x7F)) & ByteWord.highs
      | ByteWord.exactlyEqual(word, UInt8(ascii: "%"))
  }

  private static func readAuthority(
    _ bytes: ByteView, _ range: Range<Int>, lastAt: Int
  ) throws(URLSyntaxError) -> URLParts.Authority {
    var userinfo: Range<Int>?
    var hostStart = range.lowerBound
    if lastAt >= 0 {
      userinfo = range.lowerBound..<lastAt
      hostStart = lastAt + 1
    }
    var hostEnd = range.upperBound
    var port: Range<Int>?
    if hostStart < range.upperBound, bytes[hostStart] == UInt8(ascii: "[") {
      // IP literal: "[" ... "]" [":" port]
      var j = hostStart + 1
      while j < range.upperBound, bytes[j] != UInt8(ascii: "]") { j += 1 }
      guard j < range.upperBound else { throw .invalidHost }
      hostEnd = j + 1
      if hostEnd < range.upperBound {
        guard bytes[hostEnd] == UInt8(ascii: ":") else { throw .invalidHost }
        port = (hostEnd + 1)..<range.upperBound
      }
    } else {
      let j = ByteWord.firstMarked(in: bytes, from: hostStart, to: range.upperBound) {
        ByteWord.exactlyEqual($0, UInt8(ascii: ":"))
      }
      hostEnd = j
      if j < range.upperBound { port = (j + 1)..<range.upperBound }
    }
    if let port {
      guard port.count <= 5 else { throw .invalidPort }
      var value = 0
      for j in port {
        guard isDigit(bytes[j]) else { throw .invalidPort }
        value = value * 10 + Int(bytes[j] &- UInt8(ascii: "0"))
      }
      guard value <= 65535 else { throw .invalidPort }
    }
    return URLParts.Authority(userinfo: userinfo, host: hostStart..<hostEnd, port: port)
  }

  @inline(__always) static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
  @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
  @inline(__always) static func isSchemeCharacter(_ c: UInt8) -> Bool {
    isAlpha(c) || isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
  }

  @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool { PercentDecoding.isHexDigit(c) }
}
