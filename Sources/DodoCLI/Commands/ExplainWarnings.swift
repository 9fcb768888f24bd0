@_spi(Scanning) import DodoCheckout

/// What makes an `explain-status` reading doubtful, said beside the reading so that support
/// staff are never told "pending" or "succeeded" quietly about an input that was not a
/// return URL as the checkout sent it.
///
/// A set of fixed texts: computing them costs a few byte comparisons per input, and `--json -`
/// writes each from JSON encoded once.
struct ExplainWarnings: OptionSet {
  let rawValue: UInt8

  static let angleBrackets = ExplainWarnings(rawValue: 1 << 0)
  static let quotes = ExplainWarnings(rawValue: 1 << 1)
  static let htmlAmpersand = ExplainWarnings(rawValue: 1 << 2)
  static let noScheme = ExplainWarnings(rawValue: 1 << 3)
  static let checkoutPage = ExplainWarnings(rawValue: 1 << 4)
  static let idAsStatus = ExplainWarnings(rawValue: 1 << 5)
  static let unconfirmed = ExplainWarnings(rawValue: 1 << 6)
  static let unreadableQuery = ExplainWarnings(rawValue: 1 << 7)

  /// Every warning with its text, in the order they are shown.
  private static let all: [(ExplainWarnings, StaticString)] = [
    (.angleBrackets, "The input was wrapped in <…>; they were removed before reading."),
    (.quotes, "The input was wrapped in quotes; they were removed before reading."),
    (.htmlAmpersand, "The input held &amp; (HTML, as from an email); each was read as &."),
    (
      .unreadableQuery,
      "The query is not all URL text (a space, a control character or a bad % escape); that part was read as given, as dodo start reads it."
    ),
    (.noScheme, "This looks like a return URL without its scheme (myapp://…); only its query, after ?, was read."),
    (
      .checkoutPage,
      "This is a Dodo Payments checkout page, not a return URL: ask the customer for the address the checkout returned them to."
    ),
    (
      .idAsStatus,
      "The status looks like an ID (pay_, cks_ or sub_), not a status: an ID was likely pasted in place of the return URL."
    ),
    (.unconfirmed, "No payment_id or subscription_id: this success cannot be matched to a payment and may be forged."),
  ]

  /// The texts as JSON strings, encoded once.
  private static let allJSON: [[UInt8]] = all.map { JSONWriter.encoded($0.1.description) }

  /// The `Warning:` lines of the text output, laid out once.
  private static let allText: [[UInt8]] = all.map {
    Array(ExplainStatusCommand.field("Warning", $0.1.description).utf8)
  }

  /// Writes the set's `Warning:` lines, as `texts` laid out by the text output.
  func writeText(_ writer: JSONWriter) {
    for (index, warning) in Self.all.enumerated() where contains(warning.0) {
      Self.allText[index].withUnsafeBufferPointer { writer.raw($0) }
    }
  }

  /// The texts of the warnings in this set, in order.
  var texts: [String] { Self.all.filter { contains($0.0) }.map { $0.1.description } }

  /// Writes the set as a JSON array of strings.
  func writeJSON(_ writer: JSONWriter) {
    writer.beginArray()
    for (index, warning) in Self.all.enumerated() where contains(warning.0) {
      Self.allJSON[index].withUnsafeBufferPointer { writer.encoded($0) }
    }
    writer.endArray()
  }

  /// The warnings a reading itself raises: an ID where the status goes, and a success that
  /// names no payment or subscription (`fromQuery`: the input was a URL or a query, which
  /// has room for one; a bare status value typed in has not).
  static func of(_ query: ReturnQuery, fromQuery: Bool) -> ExplainWarnings {
    var warnings: ExplainWarnings = []
    if let raw = query.rawStatus, raw.encoded.count >= 4, raw.isEscaped || raw.encoded[3] == UInt8(ascii: "_"),
      raw.withDecodedBytes({
        hasPrefixIgnoringCase($0, "pay_") || hasPrefixIgnoringCase($0, "cks_") || hasPrefixIgnoringCase($0, "sub_")
      })
    {
      warnings.insert(.idAsStatus)
    }
    if fromQuery, query.paymentId == nil, query.subscriptionId == nil, query.status == .succeeded {
      warnings.insert(.unconfirmed)
    }
    return warnings
  }

  /// Whether `bytes` starts with the lower-case ASCII `prefix`, compared ignoring case.
  static func hasPrefixIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    prefix.withUTF8Buffer { want in
      bytes.count >= want.count && zip(bytes, want).allSatisfy { ($0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0) == $1 }
    }
  }
}
