import DodoBytes

/// What support staff paste as a customer's return: a return URL, a bare query string or a
/// bare status value, told apart by their shape and cleaned of what mail clients and chats
/// add (`<…>`, quotes, `&amp;`), each cleaning a warning (`dodo explain-status`'s reading).
///
/// The result is the iOS SDK's reading of the cleaned input; the warnings are extra.
public enum ReturnInput {
  /// Reads `input` (see `read(_:_:)`) into the SDK's result and its warnings.
  public static func read(_ input: String) throws(CheckoutError) -> (result: CheckoutResult, warnings: InputWarnings) {
    var input = input
    let outcome: Result<(CheckoutResult, InputWarnings)?, CheckoutError> = input.withBytes { bytes in
      var reading: (CheckoutResult, InputWarnings)?
      do throws(CheckoutError) { try read(bytes) { reading = ($0.result, $1) } } catch { return .failure(error) }
      return .success(reading)
    }
    guard let reading = try outcome.get() else { throw .invalidReturnUrl("the input could not be read") }
    return reading
  }

  /// Reads a return URL (text that starts with a scheme and `:`), a query string (starts
  /// with `?`, or holds `=` or `&`), or a bare status value (letters, digits, `_` and `-`,
  /// read as the query `status=VALUE`), and calls `body` with the reading in place.
  package static func read(
    _ input: ByteView, _ body: (ReturnQuery, InputWarnings) -> Void
  ) throws(CheckoutError) {
    var warnings: InputWarnings = []
    let unwrapped = unwrapped(input, &warnings)
    // The usual input, a return URL, is read in place at once; only one that may hold `&amp;`,
    // or one the strict reading refuses, takes the longer way below (which reads it again).
    // (A text the URL reader reads has a scheme: `hasScheme` is not asked first.)
    if (try? readInPlace(unwrapped, warnings, body)) == true { return }
    guard containsHTMLAmpersand(unwrapped) else { return try readCleaned(unwrapped, warnings, body) }
    warnings.insert(.htmlAmpersand)
    var cleaned = [UInt8]()
    cleaned.reserveCapacity(unwrapped.count)
    var i = 0
    while i < unwrapped.count {
      cleaned.append(unwrapped[i])
      i += isHTMLAmpersand(unwrapped, at: i) ? 5 : 1
    }
    try cleaned.withBytes { bytes throws(CheckoutError) in try readCleaned(bytes, warnings, body) }
  }

  /// Reads the return URL `input` in place and calls `body` with the reading, unless the input
  /// may hold `&amp;` (the query's pass saw one, or there is a `;` before or after the query):
  /// `false` then, and `body` is not called. Saves a pass over the whole input for the `;`.
  private static func readInPlace(
    _ input: ByteView, _ warnings: InputWarnings, _ body: (ReturnQuery, InputWarnings) -> Void
  ) throws(CheckoutError) -> Bool {
    try ReturnQuery.withReturnURL(input) { query, authority in
      // The usual return URL has no fragment: nothing after its query to look at.
      let end = query.queryRange.upperBound
      guard !query.holdsHTMLAmpersand,
        input.view(0..<query.queryRange.lowerBound).lacks(UInt8(ascii: ";")),
        end == input.count || input.view(end..<input.count).lacks(UInt8(ascii: ";"))
      else { return false }
      body(query, urlWarnings(input, warnings, query, authority: authority))
      return true
    }
  }

  /// The warnings of a return URL read with its authority: `warnings`, a checkout page, and
  /// the reading's own.
  private static func urlWarnings(
    _ input: ByteView, _ warnings: InputWarnings, _ query: ReturnQuery, authority: Range<Int>
  ) -> InputWarnings {
    (isCheckoutPage(input, authority: authority) ? warnings.union(.checkoutPage) : warnings)
      .union(.of(query, fromQuery: true))
  }

  /// `input` without the `<…>` or quotes a mail client or a chat put around it.
  static func unwrapped(_ input: ByteView, _ warnings: inout InputWarnings) -> ByteView {
    input.view(unwrappedRange(input, &warnings))
  }

  /// Where `input` ends without the `<…>` or quotes around it.
  static func unwrappedEnd(_ input: ByteView) -> Int {
    var ignored: InputWarnings = []
    return unwrappedRange(input, &ignored).upperBound
  }

  private static func unwrappedRange(_ input: ByteView, _ warnings: inout InputWarnings) -> Range<Int> {
    var (start, end) = (0, input.count)
    while end - start >= 2 {
      let (first, last) = (input[start], input[end - 1])
      if first == UInt8(ascii: "<"), last == UInt8(ascii: ">") {
        warnings.insert(.angleBrackets)
      } else if first == last, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
        warnings.insert(.quotes)
      } else {
        break
      }
      (start, end) = (start + 1, end - 1)
    }
    return start..<end
  }

  private static func containsHTMLAmpersand(_ input: ByteView) -> Bool {
    // `;` is rare in a return URL: look for it first, and for `&amp` before it only then.
    guard input.count >= 5, !input.lacks(UInt8(ascii: ";")) else { return false }
    var i = 4
    while i < input.count {
      if input[i] == UInt8(ascii: ";"), isHTMLAmpersand(input, at: i - 4) { return true }
      i += 1
    }
    return false
  }

  /// Whether `&amp;` starts at `index`; compared exactly, as HTML writes it.
  private static func isHTMLAmpersand(_ input: ByteView, at index: Int) -> Bool {
    input.hasBytes("&amp;", at: index)
  }

  private static func readCleaned(
    _ input: ByteView, _ warnings: InputWarnings, _ body: (ReturnQuery, InputWarnings) -> Void
  ) throws(CheckoutError) {
    if hasScheme(input) {
      do throws(CheckoutError) {
        return try ReturnQuery.withReturnURL(input) { body($0, urlWarnings(input, warnings, $0, authority: $1)) }
      } catch {
        // What start reads, this reads too; only once the strict reading failed, so the usual
        // input pays nothing for it.
        let read = ReturnQuery.withReturnURLAsReturned(input) { query, authority in
          guard query.unreadablePart != nil else { return false }
          body(query, urlWarnings(input, warnings.union(.unreadableQuery), query, authority: authority))
          return true
        }
        if read != true { throw error }
        return
      }
    }
    if let question = input.firstIndex(of: UInt8(ascii: "?")), question > 0, looksLikeAddress(input[..<question]) {
      let found = warnings.union(.noScheme)
      let query = ByteView(rebasing: input[question...])
      return try ReturnQuery.withQuery(query) { body($0, found.union(.of($0, fromQuery: true))) }
    }
    if input.first == UInt8(ascii: "?") || input.contains(UInt8(ascii: "=")) || input.contains(UInt8(ascii: "&")) {
      return try ReturnQuery.withQuery(input) { body($0, warnings.union(.of($0, fromQuery: true))) }
    }
    guard input.allSatisfy(isStatusCharacter) else {
      throw .invalidReturnUrl(
        "not a return URL, a query string (status=…&…) or a status value (letters, digits, '_' and '-' only)")
    }
    let query = Array("status=".utf8) + input
    try query.withBytes { bytes throws(CheckoutError) in
      try ReturnQuery.withQuery(bytes) { body($0, warnings.union(.of($0, fromQuery: false))) }
    }
  }

  /// Whether the text before a `?` is a host or a path (`myapp.com/return`, `checkout/return`):
  /// a URL that lost its scheme, not a query whose first value holds a `?`.
  private static func looksLikeAddress(_ text: Slice<ByteView>) -> Bool {
    !text.contains(UInt8(ascii: "=")) && !text.contains(UInt8(ascii: "&"))
      && (text.contains(UInt8(ascii: "/")) || text.contains(UInt8(ascii: ".")))
  }

  /// Whether a URL's host is Dodo Payments' checkout (`checkout.dodopayments.com`, or a
  /// subdomain such as `test.checkout.dodopayments.com`): the page the customer paid on, not
  /// where they were sent back to.
  /// (`authority`: the URL's authority, read by the URL reader; the host is what comes before
  /// any `:`, userinfo included, so `a@checkout.dodopayments.com` is not the checkout.)
  private static func isCheckoutPage(_ url: ByteView, authority: Range<Int>) -> Bool {
    let domain: StaticString = "checkout.dodopayments.com"
    let count = domain.utf8CodeUnitCount
    // The host holds the domain's 25 bytes: a shorter authority, as most are, is no checkout page.
    guard authority.count >= count else { return false }
    let end = url[authority].firstIndex(of: UInt8(ascii: ":")) ?? authority.upperBound
    let host = ByteView(rebasing: url[authority.lowerBound..<end])
    guard host.count == count || (host.count > count && host[host.count - count - 1] == UInt8(ascii: ".")) else {
      return false
    }
    return host.view((host.count - count)..<host.count).hasPrefixIgnoringCase(domain)
  }

  private static func hasScheme(_ input: ByteView) -> Bool {
    guard let first = input.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else {
      return false
    }
    for c in input.dropFirst() {
      if c == UInt8(ascii: ":") { return true }
      let isSchemeCharacter =
        ByteClass.isAlphanumeric(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
      if !isSchemeCharacter { return false }
    }
    return false
  }

  private static func isStatusCharacter(_ c: UInt8) -> Bool {
    ByteClass.isAlphanumeric(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
  }
}
