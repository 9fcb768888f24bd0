import DodoAccount
import DodoCheckout
import DodoConfig
import DodoNetwork
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `dodo start` prints of its outcome (gh's printer): the warnings it deserves on
/// standard error, then the result as text or JSON on standard output.
struct StartOutput {
  let context: Context
  /// `--timeout` as given, named in "cancelled (timed out after N s)".
  let timeout: Double?

  /// Prints `outcome` while its record still exists. Standard output that fails keeps the
  /// record (`dodo abandoned show` recovers the session) and is a warning; the exit status
  /// stays the outcome's, not 23, since a script acts on that status.
  func deliver(_ outcome: StartOutcome) throws(CheckoutError) {
    outcome.warnings.forEach(context.warn)
    print(outcome)
    context.stdout.flush()
    if let error = context.stdout.error {
      context.stdout.errorReported = true
      let reason = error.errno == .interrupted ? "a signal arrived while it waited for the reader" : error.reason
      throw .platformError("cannot write standard output: \(reason); the abandoned session is kept")
    }
  }

  /// `600 s`, `0.3 s`: a timeout as it was given, without a trailing `.0`.
  static func seconds(_ value: Double) -> String {
    ShownSetting.seconds(value) + " s"
  }

  private func print(_ outcome: StartOutcome) {
    let result = outcome.result
    if context.json {
      context.printJSON { json in
        json.result(result, warnings: outcome.warnings, reason: outcome.settledByPoll ? "poll" : nil) { json in
          if let report = outcome.report { json.report(report) }
          if let mode = outcome.mode {
            json.key("mode")
            json.string(mode.rawValue)
          }
          if let licenses = outcome.licenses { Self.writeJSON(licenses, json) }
        }
      }
      return
    }
    let style = context.stdoutStyle
    let status = style.colored(result.status.rawValue, for: result.status)
    // The fields come from the customer's return URL: shown, never obeyed by the terminal.
    let shown = TerminalText.escaped
    var out = "status: \(status)"
    switch result.cancellationReason {
    case .timeout: out += " (timed out after \(timeout.map(Self.seconds) ?? "the timeout"))"
    case .interrupted: out += " (interrupted)"
    case .browserClosed: out += " (the browser was closed)"
    case .customer: out += " (the customer went back from the checkout page)"
    case nil: if outcome.settledByPoll { out += " (found by polling Dodo)" }
    }
    out += "\n"
    if let id = result.paymentId { out += "paymentId: \(shown(id))\n" }
    if let id = result.subscriptionId { out += "subscriptionId: \(shown(id))\n" }
    if let keys = result.licenseKeys { out += keys.map { "licenseKey: \(shown($0))\n" }.joined() }
    if let email = result.customerEmail { out += "customerEmail: \(shown(email))\n" }
    out += outcome.report.map { ReportText.lines($0, style: style) } ?? ""
    out += (outcome.licenses ?? []).map(Self.text).joined()
    if !outcome.decidingStatus.isFinal {
      out += "The outcome is not final: see 'dodo abandoned show', and confirm the payment on your backend.\n"
    }
    context.stdout.write(out)
  }

  /// `"licenses":[{"licenseKey":…,"instanceId":…}|{"licenseKey":…,"error":…}]`.
  private static func writeJSON(_ licenses: [LicenseKeeper.KeyActivation], _ json: JSONWriter) {
    json.key("licenses")
    json.beginArray()
    for entry in licenses {
      json.beginObject()
      json.key("licenseKey")
      json.string(entry.maskedKey)
      switch entry.outcome {
      case .success(let instance):
        json.key("instanceId")
        json.string(instance)
      case .failure(let failure):
        json.key("error")
        json.string(failure.error)
      }
      json.endObject()
    }
    json.endArray()
  }

  /// `license ABCD…WXYZ: activated (lki_…)`.
  private static func text(_ entry: LicenseKeeper.KeyActivation) -> String {
    switch entry.outcome {
    case .success(let instance): "license \(entry.maskedKey): activated (\(TerminalText.escaped(instance)))\n"
    case .failure(let failure): "license \(entry.maskedKey): not activated (\(TerminalText.escaped(failure.error)))\n"
    }
  }
}
