// The libFuzzer target for the checkout contract: URL reading, checkout and return URL
// validation, matching and result reading.
//
// Compiled by `scripts/fuzz` together with the contract sources of `Sources/DodoCheckout`
// as one module named `DodoCheckout`, so that it reaches the internal URL reader too, against
// DodoBytes built as a module of its own (whose whole API `FuzzBytes` drives).
// Every input is read as one URL (and as a bare query), and, when it holds a line break, as
// a return URL and an incoming URL to match against each other. A broken invariant traps,
// which libFuzzer reports as a crash and saves as a reproducer.

import DodoBytes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  input.withBytes { FuzzChecks.urlReader($0) }
  FuzzBytes.check(input)
  let text = String(decoding: input, as: UTF8.self)
  FuzzChecks.checkoutURL(text)
  FuzzChecks.returnURL(text)
  FuzzChecks.result(text)
  FuzzChecks.status(text)
  if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
    let returnURL = String(decoding: input[..<newline], as: UTF8.self)
    let incoming = String(decoding: input[(newline + 1)...], as: UTF8.self)
    FuzzChecks.matching(returnURL, incoming)
  }
  return 0
}

/// The invariants, each checked against a plain reference written here without the
/// contract's shortcuts (no offsets, no early exits, no hash index).
enum FuzzChecks {
  @inline(never)
  static func require(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(what())") }
  }

  // MARK: URL reader

  /// On any bytes, also invalid UTF-8: the parts are in order, inside the text, and each
  /// delimiter sits where the parts say.
  static func urlReader(_ bytes: ByteView) {
    guard let parts = try? URLReader.read(bytes) else { return }
    let count = bytes.count
    require(parts.scheme.lowerBound == 0 && !parts.scheme.isEmpty, "scheme \(parts.scheme)")
    require(
      parts.scheme.upperBound < count && bytes[parts.scheme.upperBound] == UInt8(ascii: ":"), "scheme ends at ':'")
    var cursor = parts.scheme.upperBound + 1
    if let authority = parts.authority {
      require(bytes[cursor] == UInt8(ascii: "/") && bytes[cursor + 1] == UInt8(ascii: "/"), "authority after //")
      cursor += 2
      if let userinfo = authority.userinfo {
        require(userinfo.lowerBound == cursor && bytes[userinfo.upperBound] == UInt8(ascii: "@"), "userinfo then @")
        cursor = userinfo.upperBound + 1
      }
      require(authority.host.lowerBound == cursor && authority.host.upperBound <= count, "host \(authority.host)")
      cursor = authority.host.upperBound
      if let port = authority.port {
        require(bytes[cursor] == UInt8(ascii: ":") && port.lowerBound == cursor + 1, "':' then port")
        require(port.count <= 5 && port.allSatisfy { URLReader.isDigit(bytes[$0]) }, "port digits")
        cursor = port.upperBound
      }
    }
    require(parts.path.lowerBound == cursor, "path follows the authority")
    require(
      parts.path.isEmpty || parts.authority == nil || bytes[parts.path.lowerBound] == UInt8(ascii: "/"),
      "path starts with /")
    cursor = parts.path.upperBound
    if let query = parts.query {
      require(bytes[cursor] == UInt8(ascii: "?") && query.lowerBound == cursor + 1, "'?' then query")
      cursor = query.upperBound
    }
    if let fragment = parts.fragment {
      require(bytes[cursor] == UInt8(ascii: "#") && fragment.lowerBound == cursor + 1, "'#' then fragment")
      cursor = fragment.upperBound
    }
    require(cursor == count, "the parts cover the text")
    for c in bytes {
      require(c > 0x20 && c != 0x7F, "no spaces or control characters in a URL that reads")
    }
  }

  // MARK: Checkout URL

  static func checkoutURL(_ text: String) {
    let url: CheckoutURL
    switch Result(catching: { () throws(CheckoutError) in try CheckoutURL(text) }) {
    case .success(let value):
      url = value
    case .failure(let error):
      require(error.code == .invalidCheckoutUrl, "checkout URL error code \(error.code)")
      requireNoQuery(in: error.message, of: text)
      return
    }
    require(url.string == text, "keeps its text")
    let lower = text.utf8.map(lowerASCII)
    let origin = Array(
      (url.isTestMode ? "https://test.checkout.dodopayments.com" : "https://checkout.dodopayments.com").utf8)
    require(
      lower.starts(with: origin) && lower.count > origin.count
        && [UInt8(ascii: ":"), UInt8(ascii: "/")].contains(lower[origin.count]),
      "scheme and host of \(text)")
    if let id = url.sessionId {
      require(!id.isEmpty && !id.utf8.contains(UInt8(ascii: "/")), "session id is one non-empty segment: \(id)")
    }
    // A checkout URL is also a return URL (https with a host).
    require((try? ReturnURL(text)) != nil, "checkout URL is a return URL")
  }

  // MARK: Return URL and matching

  static func returnURL(_ text: String) {
    let url: ReturnURL
    switch Result(catching: { () throws(CheckoutError) in try ReturnURL(text) }) {
    case .success(let value):
      url = value
    case .failure(let error):
      require(error.code == .invalidReturnUrl, "return URL error code \(error.code)")
      requireNoQuery(in: error.message, of: text)
      require((try? CheckoutResult(returnURL: text)) == nil, "no result off an invalid return URL")
      return
    }
    require(url.matches(text), "matches itself: \(text)")
    require(url.matches(text + "#fragment"), "fragment ignored")
    require(url.matches(text + "/"), "trailing slash or query ignored")
    require(url.scheme == String(decoding: url.scheme.utf8.map(lowerASCII), as: UTF8.self), "scheme lower-cased")
    require(url.host == String(decoding: url.host.utf8.map(lowerASCII), as: UTF8.self), "host lower-cased")
    require(!url.host.isEmpty, "host not empty")
    require(isNormalized(url.normalizedPath), "normalized path \(url.normalizedPath)")
    if let loopback = url.loopback {
      require(url.scheme == "http" && url.port == loopback.port, "loopback is http with the port")
    }
    require((try? CheckoutResult(returnURL: text)) != nil, "a result off a valid return URL")
    // Upper-casing the scheme and host changes nothing.
    let upper = Array(text.utf8).withBytes { bytes -> [UInt8]? in
      guard let parts = try? URLReader.read(bytes), let authority = parts.authority else { return nil }
      var changed = Array(bytes)
      for i in parts.scheme { changed[i] = upperASCII(changed[i]) }
      for i in authority.host { changed[i] = upperASCII(changed[i]) }
      return changed
    }
    require(upper != nil, "a valid return URL reads")
    require(url.matches(String(decoding: upper ?? [], as: UTF8.self)), "scheme and host case ignored")
  }

  /// Matching agrees with the reference: same lower-cased scheme and host, same decoded path
  /// bytes after trailing slashes are dropped. And it is symmetric, and a URL that matches
  /// reads (`reading`) to a result.
  static func matching(_ returnText: String, _ incomingText: String) {
    guard let returnURL = try? ReturnURL(returnText) else { return }
    let matches = returnURL.matches(incomingText)
    guard let expected = referenceMatch(returnText, incomingText) else {
      require(!matches, "an incoming URL that does not read matches nothing")
      return
    }
    require(matches == expected, "matches(\(incomingText)) against \(returnText): \(matches), expected \(expected)")
    require((returnURL.reading(incomingText) != nil) == matches, "a matching URL reads, and only one")
    if let other = try? ReturnURL(incomingText) {
      require(other.matches(returnText) == matches, "matching is symmetric")
    }
  }

  static func referenceMatch(_ a: String, _ b: String) -> Bool? {
    guard let (schemeA, hostA, pathA) = referenceKey(a), let (schemeB, hostB, pathB) = referenceKey(b) else {
      return nil
    }
    return schemeA == schemeB && hostA == hostB && pathA == pathB
  }

  /// Scheme, host and decoded path; the query and fragment may hold anything (spec 1.3).
  static func referenceKey(_ text: String) -> ([UInt8], [UInt8], [UInt8])? {
    var text = text
    return text.withBytes { bytes in
      guard let parts = try? URLReader.read(bytes, checking: .beforeQuery), let authority = parts.authority else {
        return nil
      }
      var path = referenceDecode(Array(bytes[parts.path]))
      while path.last == UInt8(ascii: "/") { path.removeLast() }
      if path.isEmpty { path = [UInt8(ascii: "/")] }
      return (bytes[parts.scheme].map(lowerASCII), bytes[authority.host].map(lowerASCII), path)
    }
  }

  // MARK: Result

  static func result(_ text: String) {
    if let result = try? CheckoutResult(returnURL: text) {
      checkResult(result)
      var copy = text
      let query = copy.withBytes { bytes -> [UInt8] in
        guard let parts = try? URLReader.read(bytes) else { return [] }
        return parts.query.map { Array(bytes[$0]) } ?? []
      }
      requireReference(result, query: query)
      let fromQuery = try? CheckoutResult(query: "?" + String(decoding: query, as: UTF8.self))
      require(fromQuery == result, "the same result off the URL and off its query")
    }
    do throws(CheckoutError) {
      let result = try CheckoutResult(query: text)
      checkResult(result)
      var query = Array(text.utf8)
      if query.first == UInt8(ascii: "?") { query.removeFirst() }
      if let hash = query.firstIndex(of: UInt8(ascii: "#")) { query.removeSubrange(hash...) }
      requireReference(result, query: query)
    } catch {
      require(error.code == .invalidReturnUrl, "query error code \(error.code)")
    }
    streamedReading(text)
  }

  /// The in-place reading (`ReturnQuery`, what `explain-status` streams from) says what the
  /// `CheckoutResult` says, field by field, and reads the same URLs.
  static func streamedReading(_ text: String) {
    var copy = text
    copy.withBytes { bytes in
      let fromURL: Void? = try? ReturnQuery.withReturnURL(bytes) { query in
        checkReading(query, against: try? CheckoutResult(returnURL: text))
      }
      require(
        (fromURL != nil) == ((try? CheckoutResult(returnURL: text)) != nil),
        "ReturnQuery reads the URLs CheckoutResult reads")
      let fromQuery: Void? = try? ReturnQuery.withQuery(bytes) { query in
        checkReading(query, against: try? CheckoutResult(query: text))
      }
      require(
        (fromQuery != nil) == ((try? CheckoutResult(query: text)) != nil),
        "ReturnQuery reads the queries CheckoutResult reads")
    }
  }

  static func checkReading(_ query: ReturnQuery, against result: CheckoutResult?) {
    guard let result else { return require(false, "a reading without a result") }
    require(query.status == result.status, "status \(query.status) vs \(result.status)")
    require(query.rawStatus?.decoded == result.rawStatus, "rawStatus")
    require(query.paymentId?.decoded == result.paymentId, "paymentId")
    require(query.subscriptionId?.decoded == result.subscriptionId, "subscriptionId")
    require(query.customerEmail?.decoded == result.customerEmail, "customerEmail")
    require(query.licenseKeys.map(\.decoded) == (result.licenseKeys ?? []), "licenseKeys")
    require(query.parameters.map(\.name.decoded) == result.parameters.map(\.name), "parameter names")
    require(query.parameters.map(\.value.decoded) == result.parameters.map(\.value), "parameter values")
    for text in query.parameters.flatMap({ [$0.name, $0.value] }) {
      require(text.isEmpty == text.decoded.isEmpty, "empty encoded iff empty decoded")
      let bytes = text.withDecodedBytes { Array($0) }
      require(String(decoding: bytes, as: UTF8.self) == text.decoded, "decoded bytes are the decoded text")
      require(bytes == referenceDecode(Array(text.encoded)), "decoded bytes match the reference")
    }
  }

  static func checkResult(_ result: CheckoutResult) {
    let raw = result.raw
    require(raw.count == result.parameters.count, "raw has unique names")
    require(result.status != .cancelled, "cancelled never comes from a URL")
    require(result.status == CheckoutStatus(statusParameter: result.rawStatus), "status from rawStatus")
    require(result.rawStatus == raw["status"], "rawStatus is raw[status]")
    require(result.paymentId == nonEmpty(raw["payment_id"]), "paymentId")
    require(result.subscriptionId == nonEmpty(raw["subscription_id"]), "subscriptionId")
    require(result.customerEmail == nonEmpty(raw["email"]), "customerEmail")
    if let keys = result.licenseKeys {
      require(!keys.isEmpty && keys.allSatisfy { !$0.isEmpty }, "license keys non-empty")
    }
  }

  /// The parameters equal a plain split on `&` and the first `=`, decoded, last value wins.
  static func requireReference(_ result: CheckoutResult, query: [UInt8]) {
    var names: [String] = []
    var values: [String: String] = [:]
    var keys: [String] = []
    for piece in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let equals = piece.firstIndex(of: UInt8(ascii: "="))
      let name = String(decoding: referenceDecode(Array(piece[..<(equals ?? piece.endIndex)])), as: UTF8.self)
      let value =
        equals.map { String(decoding: referenceDecode(Array(piece[piece.index(after: $0)...])), as: UTF8.self) } ?? ""
      if values[name] == nil { names.append(name) }
      values[name] = value
      if name == "license_key", !value.isEmpty { keys.append(value) }
    }
    require(result.parameters.map(\.name) == names, "parameter names in order")
    require(result.parameters.allSatisfy { values[$0.name] == $0.value }, "last value wins")
    require(result.licenseKeys == (keys.isEmpty ? nil : keys), "license keys in order")
  }

  // MARK: Status

  static func status(_ text: String) {
    let lower = String(decoding: text.utf8.map(lowerASCII), as: UTF8.self)
    let expected: CheckoutStatus =
      switch Array(lower.utf8) {
      case Array("succeeded".utf8), Array("active".utf8): .succeeded
      case Array("failed".utf8): .failed
      case Array("expired".utf8): .expired
      default: .pending
      }
    require(CheckoutStatus(statusParameter: text) == expected, "status of \(text)")
  }

  // MARK: Helpers

  /// An error message never quotes the query string (it may carry a customer's details).
  static func requireNoQuery(in message: String, of text: String) {
    guard let question = text.firstIndex(of: "?") else { return }
    let rest = text[text.index(after: question)...]
    let query = rest.prefix { $0 != "#" }
    guard query.utf8.count >= 4 else { return }
    require(!message.contains("?" + query), "message quotes the query: \(message)")
  }

  static func referenceDecode(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
        out.append(high * 16 + low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }

  static func hex(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: c - 0x30
    case 0x41...0x46: c - 0x41 + 10
    case 0x61...0x66: c - 0x61 + 10
    default: nil
    }
  }

  /// `/`, or a path that starts with a slash and does not end with one (bytes, not
  /// characters: `/` followed by a combining mark is one `Character`).
  static func isNormalized(_ path: String) -> Bool {
    let slash = UInt8(ascii: "/")
    return path.utf8.elementsEqual([slash]) || (path.utf8.first == slash && path.utf8.last != slash)
  }

  static func nonEmpty(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
  static func lowerASCII(_ c: UInt8) -> UInt8 { (0x41...0x5A).contains(c) ? c + 0x20 : c }
  static func upperASCII(_ c: UInt8) -> UInt8 { (0x61...0x7A).contains(c) ? c - 0x20 : c }
}
