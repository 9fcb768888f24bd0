import DodoCheckout

/// `explain-status --summary`: the counts of a stream of inputs (`StatusTally`), written on
/// standard error after the last result, so that standard output stays one result per input.
enum ExplainSummary {
  static let option = OptionSpec(
    "summary", help: "After the results, print counts per status and per warning on standard error.")

  /// The text summary:
  ///
  ///     Summary of 1000000 inputs:
  ///       succeeded        612000
  ///       …
  ///     Warnings:
  ///       a success with no payment or subscription ID   1204
  static func text(_ tally: StatusTally) -> String {
    let total = tally.inputs
    var rows: [(String, Int)] = CheckoutStatus.allCases.map { ($0.rawValue, tally.count(of: $0)) }
    rows.append(("not decoded", tally.undecodable))
    var out = "Summary of \(total) input\(total == 1 ? "" : "s"):\n"
    out += table(rows.filter { $0.1 > 0 })
    let warned = tally.warnings
    if !warned.isEmpty {
      out += "Warnings:\n" + table(warned.map { ($0.entry.label.description, $0.count) })
    }
    return out
  }

  private static func table(_ rows: [(String, Int)]) -> String {
    let labels = rows.map(\.0.count).max() ?? 0
    let numbers = rows.map { String($0.1).count }.max() ?? 0
    return rows.map { label, count in
      let number = String(count)
      // One run of spaces: the label's column, the two between, and the number's right alignment.
      return "  " + label + .spaces(labels - label.count + 2 + numbers - number.count) + number + "\n"
    }.joined()
  }

  /// `{"summary":{"inputs":N,"statuses":{"succeeded":N,…,"undecodable":N},"warnings":{"unconfirmed":N,…}}}`,
  /// every status always present, a warning only when counted.
  static func writeJSON(_ tally: StatusTally, _ writer: JSONWriter) {
    writer.beginObject()
    writer.key("summary")
    writer.beginObject()
    writer.key("inputs")
    writer.number(Double(tally.inputs))
    writer.key("statuses")
    writer.beginObject()
    for status in CheckoutStatus.allCases {
      writer.key(named: status.rawValue)
      writer.number(Double(tally.count(of: status)))
    }
    writer.key("undecodable")
    writer.number(Double(tally.undecodable))
    writer.endObject()
    writer.key("warnings")
    writer.beginObject()
    for row in tally.warnings {
      writer.key(named: row.entry.name.description)
      writer.number(Double(row.count))
    }
    writer.endObject()
    writer.endObject()
    writer.endObject()
    writer.newline()
  }

  /// Writes the summary on standard error, as text or (with `--json`) one JSON object.
  static func write(_ tally: StatusTally, to context: Context) {
    guard context.json else { return context.stderr.write(text(tally)) }
    let writer = JSONWriter()
    writeJSON(tally, writer)
    context.stderr.write(writer.bytes)
  }
}
