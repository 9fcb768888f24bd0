import DodoCheckout
import DodoConfig
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `dodo start` prints of its result (gh's printer): the warnings the result deserves on
/// standard error, then the result as text or JSON on standard output.
struct StartOutput {
  let context: Context
  /// `--timeout` as given, named in "cancelled (timed out after N s)".
  let timeout: Double?
  let account: StartAccount
  let licenses: StartLicenses

  /// Prints the result while its record still exists. Standard output that fails keeps the
  /// record (`dodo abandoned show` recovers the session) and is a warning; the exit status
  /// stays the outcome's, not 23, since a script acts on that status.
  func deliver(_ delivery: CheckoutFlow.Delivery) throws(CheckoutError) -> CheckoutFlow.BackendCheck? {
    var warnings = delivery.unreadableWarning.map { [$0] } ?? []
    let check = account.check(delivery.result) { warnings.append($0) }
    if check == nil, let unconfirmed = delivery.unconfirmedWarning { warnings.append(unconfirmed) }
    // Under --confirm only a success Dodo confirmed counts; an unconfirmed one is pending.
    let unconfirmed = account.confirming && (account.report?.verdict ?? .unconfirmed) == .unconfirmed
    licenses.run(delivery.result, status: unconfirmed ? .pending : account.decidingStatus(delivery.result)) {
      warnings.append($0)
    }
    warnings.forEach(context.warn)
    print(account.shown(delivery.result), warnings: warnings)
    context.stdout.flush()
    if let error = context.stdout.error {
      context.stdout.errorReported = true
      let reason = error.errno == .interrupted ? "a signal arrived while it waited for the reader" : error.reason
      throw .platformError("cannot write standard output: \(reason); the abandoned session is kept")
    }
    return check
  }

  /// `600 s`, `0.3 s`: a timeout as it was given, without a trailing `.0`.
  static func seconds(_ value: Double) -> String {
    ShownSetting.seconds(value) + " s"
  }

  private func print(_ result: CheckoutResult, warnings: [String]) {
    if context.json {
      context.printJSON { json in
        json.result(result, warnings: warnings, reason: account.settledByPoll ? "poll" : nil) { json in
          account.writeJSON(json)
          licenses.writeJSON(json)
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
    case nil: if account.settledByPoll { out += " (found by polling Dodo)" }
    }
    out += "\n"
    if let id = result.paymentId { out += "paymentId: \(shown(id))\n" }
    if let id = result.subscriptionId { out += "subscriptionId: \(shown(id))\n" }
    if let keys = result.licenseKeys { out += keys.map { "licenseKey: \(shown($0))\n" }.joined() }
    if let email = result.customerEmail { out += "customerEmail: \(shown(email))\n" }
    out += account.text(style: style)
    out += licenses.text
    if !account.decidingStatus(result).isFinal {
      out += "The outcome is not final: see 'dodo abandoned show', and confirm the payment on your backend.\n"
    }
    context.stdout.write(out)
  }
}
