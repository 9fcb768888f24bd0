import DodoAccount
import DodoCheckout

extension JSONWriter {
  /// `{"code":"API_ERROR","httpStatus":401|null,"dodoCode":"…"|null,"message":"…"}`.
  func apiError(_ error: DodoAPIError) {
    beginObject()
    key("code")
    string("API_ERROR")
    key("httpStatus")
    if let status = error.httpStatus { number(Double(status)) } else { null() }
    key("dodoCode")
    string(error.dodoCode)
    key("message")
    string(error.message)
    endObject()
  }

  /// `{"status":…,"source":…,"paymentId":…,"subscriptionId":…,"totalAmount":…,
  /// "recurringPreTaxAmount":…,"currency":…,"errorCode":…,"errorMessage":…}`, or `null`.
  func confirmation(_ confirmation: Confirmation?) {
    guard let confirmation else { return null() }
    beginObject()
    key("status")
    string(CheckoutStatus.literalName(confirmation.status))
    key("source")
    string(confirmation.source.rawValue)
    key("paymentId")
    string(confirmation.paymentId)
    key("subscriptionId")
    string(confirmation.subscriptionId)
    key("totalAmount")
    if let amount = confirmation.totalAmount { number(Double(amount)) } else { null() }
    key("recurringPreTaxAmount")
    if let amount = confirmation.recurringPreTaxAmount { number(Double(amount)) } else { null() }
    key("currency")
    string(confirmation.currency)
    key("errorCode")
    string(confirmation.errorCode)
    key("errorMessage")
    string(confirmation.errorMessage)
    endObject()
  }

  /// The `"confirmation"`, `"verdict"` and (when there is one) `"reason"` keys of a report.
  func report(_ report: ConfirmationReport) {
    key("confirmation")
    confirmation(report.confirmation)
    key("verdict")
    string(report.verdict.rawValue)
    if let reason = report.reason {
      key("reason")
      string(reason)
    }
  }
}

/// A report as text lines, for the confirming commands; every text from outside escaped.
enum ReportText {
  /// `  Dodo says:     succeeded (payment pay_1, 1999 USD)` and the verdict's line.
  static func lines(_ report: ConfirmationReport, style: TextStyle) -> String {
    let shown = TerminalText.escaped
    var out = ""
    if let confirmation = report.confirmation {
      var details: [String] = []
      if let id = confirmation.paymentId { details.append("payment \(shown(id))") }
      if let id = confirmation.subscriptionId { details.append("subscription \(shown(id))") }
      let currency = confirmation.currency.map { " " + shown($0) } ?? ""
      if let amount = confirmation.totalAmount { details.append("total_amount \(amount)\(currency)") }
      if let amount = confirmation.recurringPreTaxAmount {
        details.append("recurring_pre_tax_amount \(amount)\(currency)")
      }
      let status = style.colored(shown(confirmation.summary), for: confirmation.status)
      out += ExplainText.field(
        "Dodo says", status + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
    }
    let verdict: String
    switch report.verdict {
    case .confirmed: verdict = style.green("confirmed")
    case .mismatch: verdict = style.red("mismatch")
    case .unconfirmed: verdict = style.yellow("unconfirmed")
    }
    out += ExplainText.field("Verdict", verdict + (report.reason.map { ": " + shown($0) } ?? ""))
    return out
  }
}
