import DodoCheckout

/// `explain-status --summary`: what a stream of inputs said, counted as it goes and written
/// on standard error after the last result, so that standard output stays one result per
/// input.
///
/// Counting is a few integer increments per input (no string is made), so a million URLs
/// cost the same with it as without.
struct ExplainSummary {
  static let option = OptionSpec(
    "summary", help: "After the results, print counts per status and per warning on standard error.")

  /// Inputs per result status (plain fields, not an array: no copy-on-write check or bounds
  /// check per input).
  private(set) var succeeded = 0
  private(set) var failed = 0
  private(set) var cancelled = 0
  private(set) var pending = 0
  private(set) var expired = 0
  /// Inputs that could not be decoded.
  private(set) var undecodable = 0
  /// Inputs per warning, by the warning's bit; touched only for an input with a warning.
  private(set) var warnings = [Int](repeating: 0, count: 8)

  var inputs: Int { succeeded + failed + cancelled + pending + expired + undecodable }

  @inline(__always)
  mutating func add(_ status: CheckoutStatus, _ warningSet: ExplainWarnings) {
    switch status {
    case .succeeded: succeeded += 1
    case .failed: failed += 1
    case .cancelled: cancelled += 1
    case .pending: pending += 1
    case .expired: expired += 1
    }
    if warningSet.rawValue != 0 { addWarnings(warningSet) }
  }

  private mutating func addWarnings(_ warningSet: ExplainWarnings) {
    for bit in 0..<warnings.count where warningSet.rawValue & (1 << bit) != 0 { warnings[bit] += 1 }
  }

  mutating func addUndecodable() { undecodable += 1 }

  func count(of status: CheckoutStatus) -> Int {
    switch status {
    case .succeeded: succeeded
    case .failed: failed
    case .cancelled: cancelled
    case .pending: pending
    case .expired: expired
    }
  }

  /// Each warning's name in the JSON summary and its label in the text one, by bit.
  static let warningNames: [(warning: ExplainWarnings, name: StaticString, label: StaticString)] = [
    (.angleBrackets, "angle_brackets", "wrapped in <…>"),
    (.quotes, "quotes", "wrapped in quotes"),
    (.htmlAmpersand, "html_ampersand", "&amp; read as &"),
    (.noScheme, "no_scheme", "a URL without its scheme"),
    (.checkoutPage, "checkout_page", "a checkout page, not a return URL"),
    (.idAsStatus, "id_as_status", "an ID in place of the status"),
    (.unconfirmed, "unconfirmed", "a success with no payment or subscription ID"),
    (.unreadableQuery, "unreadable_query", "a query that is not all URL text, read as far as it goes"),
  ]

  /// The warnings counted, with their names, in the order they are shown.
  private var warningRows: [(name: String, label: String, count: Int)] {
    (0..<warnings.count).compactMap { bit in
      guard warnings[bit] > 0 else { return nil }
      let known = Self.warningNames.first { $0.warning.rawValue == 1 << bit }
      return (
        known.map { $0.name.description } ?? "warning_\(bit)", known.map { $0.label.description } ?? "warning \(bit)",
        warnings[bit]
      )
    }
  }

  /// The text summary:
  ///
  ///     Summary of 1000000 inputs:
  ///       succeeded        612000
  ///       …
  ///     Warnings:
  ///       a success with no payment or subscription ID   1204
  func text() -> String {
    let total = inputs
    var rows: [(String, Int)] = CheckoutStatus.allCases.map { ($0.rawValue, count(of: $0)) }
    rows.append(("not decoded", undecodable))
    var out = "Summary of \(total) input\(total == 1 ? "" : "s"):\n"
    out += Self.table(rows.filter { $0.1 > 0 })
    let warned = warningRows
    if !warned.isEmpty {
      out += "Warnings:\n" + Self.table(warned.map { ($0.label, $0.count) })
    }
    return out
  }

  private static func table(_ rows: [(String, Int)]) -> String {
    let labels = rows.map(\.0.count).max() ?? 0
    let numbers = rows.map { String($0.1).count }.max() ?? 0
    return rows.map { label, count in
      let number = String(count)
      return "  " + label + String(repeating: " ", count: labels - label.count + 2)
        + String(repeating: " ", count: numbers - number.count) + number + "\n"
    }.joined()
  }

  /// `{"summary":{"inputs":N,"statuses":{"succeeded":N,…,"undecodable":N},"warnings":{"unconfirmed":N,…}}}`,
  /// every status always present, a warning only when counted.
  func writeJSON(_ writer: JSONWriter) {
    writer.beginObject()
    writer.key("summary")
    writer.beginObject()
    writer.key("inputs")
    writer.number(Double(inputs))
    writer.key("statuses")
    writer.beginObject()
    for status in CheckoutStatus.allCases {
      writer.key(named: status.rawValue)
      writer.number(Double(count(of: status)))
    }
    writer.key("undecodable")
    writer.number(Double(undecodable))
    writer.endObject()
    writer.key("warnings")
    writer.beginObject()
    for row in warningRows {
      writer.key(named: row.name)
      writer.number(Double(row.count))
    }
    writer.endObject()
    writer.endObject()
    writer.endObject()
    writer.newline()
  }

  /// Writes the summary on standard error, as text or (with `--json`) one JSON object.
  func write(to context: Context) {
    guard context.json else { return context.stderr.write(text()) }
    let writer = JSONWriter()
    writeJSON(writer)
    context.stderr.write(writer.bytes)
  }
}
