import DodoBytes

/// What makes the reading of an input doubtful (`dodo explain-status`'s warnings), said
/// beside the reading so that support staff are never told "pending" or "succeeded" quietly
/// about an input that was not a return URL as the checkout sent it.
///
/// A set of fixed texts: computing them costs a few byte comparisons per input.
public struct InputWarnings: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The input was wrapped in `<…>`, removed before reading.
  public static let angleBrackets = InputWarnings(rawValue: 1 << 0)
  /// The input was wrapped in quotes, removed before reading.
  public static let quotes = InputWarnings(rawValue: 1 << 1)
  /// The input held `&amp;`, read as `&`.
  public static let htmlAmpersand = InputWarnings(rawValue: 1 << 2)
  /// A URL without its scheme (`myapp.com/return?…`): only its query was read.
  public static let noScheme = InputWarnings(rawValue: 1 << 3)
  /// A URL on Dodo Payments' checkout, not a return URL.
  public static let checkoutPage = InputWarnings(rawValue: 1 << 4)
  /// A status starting `pay_`, `cks_` or `sub_`: an ID pasted in its place.
  public static let idAsStatus = InputWarnings(rawValue: 1 << 5)
  /// A success naming no payment or subscription, which may be forged.
  public static let unconfirmed = InputWarnings(rawValue: 1 << 6)
  /// A query that is not all URL text, read as `dodo start` reads it.
  public static let unreadableQuery = InputWarnings(rawValue: 1 << 7)

  /// One warning, as it is shown.
  public struct Entry: Sendable {
    /// The warning (one member).
    public let warning: InputWarnings
    /// What it means, as a sentence.
    public let text: StaticString
    /// Its name in `explain-status --summary --json`.
    public let name: StaticString
    /// A short label, as the text summary counts it.
    public let label: StaticString
  }

  /// Every warning, in the order they are shown.
  public static let entries: [Entry] = [
    Entry(
      warning: .angleBrackets, text: "The input was wrapped in <…>; they were removed before reading.",
      name: "angle_brackets", label: "wrapped in <…>"),
    Entry(
      warning: .quotes, text: "The input was wrapped in quotes; they were removed before reading.", name: "quotes",
      label: "wrapped in quotes"),
    Entry(
      warning: .htmlAmpersand, text: "The input held &amp; (HTML, as from an email); each was read as &.",
      name: "html_ampersand", label: "&amp; read as &"),
    Entry(
      warning: .unreadableQuery,
      text:
        "The query is not all URL text (a space, a control character or a bad % escape); that part was read as given, as dodo start reads it.",
      name: "unreadable_query", label: "a query that is not all URL text, read as far as it goes"),
    Entry(
      warning: .noScheme,
      text: "This looks like a return URL without its scheme (myapp://…); only its query, after ?, was read.",
      name: "no_scheme", label: "a URL without its scheme"),
    Entry(
      warning: .checkoutPage,
      text:
        "This is a Dodo Payments checkout page, not a return URL: ask the customer for the address the checkout returned them to.",
      name: "checkout_page", label: "a checkout page, not a return URL"),
    Entry(
      warning: .idAsStatus,
      text:
        "The status looks like an ID (pay_, cks_ or sub_), not a status: an ID was likely pasted in place of the return URL.",
      name: "id_as_status", label: "an ID in place of the status"),
    Entry(
      warning: .unconfirmed,
      text: "No payment_id or subscription_id: this success cannot be matched to a payment and may be forged.",
      name: "unconfirmed", label: "a success with no payment or subscription ID"),
  ]

  /// The texts of the warnings in this set, in the order they are shown.
  public var texts: [String] { Self.entries.filter { contains($0.warning) }.map { $0.text.description } }

  /// The warnings a reading itself raises: an ID where the status goes, and a success that
  /// names no payment or subscription (`fromQuery`: the input was a URL or a query, which
  /// has room for one; a bare status value typed in has not).
  package static func of(_ query: ReturnQuery, fromQuery: Bool) -> InputWarnings {
    var warnings: InputWarnings = []
    if let raw = query.rawStatus, raw.encoded.count >= 4, raw.isEscaped || raw.encoded[3] == UInt8(ascii: "_"),
      raw.withDecodedBytes({
        $0.hasPrefixIgnoringCase("pay_") || $0.hasPrefixIgnoringCase("cks_") || $0.hasPrefixIgnoringCase("sub_")
      })
    {
      warnings.insert(.idAsStatus)
    }
    if fromQuery, query.paymentId == nil, query.subscriptionId == nil, query.status == .succeeded {
      warnings.insert(.unconfirmed)
    }
    return warnings
  }
}
