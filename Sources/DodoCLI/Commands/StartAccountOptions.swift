import DodoAccount
import DodoCheckout
import DodoNetwork
import DodoPlatform

/// What `start` does with Dodo's API: `--product` creates the checkout session first (with a
/// fresh `state` on a return URL that has no query of its own), and `--confirm` asks Dodo
/// about the result before it is printed, so that Dodo's status, not the return URL's,
/// decides the exit status and whether the abandoned-session record goes.
final class StartAccount {
  static let product = OptionSpec(
    "product", value: "ID[:QTY]",
    help: "Create the session for this product (repeatable).")
  static let confirm = OptionSpec(
    "confirm", help: "Confirm the outcome with Dodo after the return.")
  static let confirmWait = OptionSpec(
    "confirm-wait", value: "SECONDS",
    help: "With --confirm, ask Dodo up to SECONDS (default 30).")
  static let noCancelURL = OptionSpec(
    "no-cancel-url", help: "Create the session without a back button (cancel_url).")
  static let poll = OptionSpec(
    "poll", value: "SECONDS", optionalValue: .number,
    help: "Also ask Dodo every SECONDS (3) whether it was paid.")
  static let options = [product, confirm, confirmWait, poll, noCancelURL]
  /// `--poll`'s interval when none is given, and the shortest one taken, in seconds.
  static let defaultPollInterval = 3.0
  static let minimumPollInterval = 1.0

  let context: Context
  let products: [CartItem]
  /// The API, when `--product` or `--confirm` needs it.
  let api: DodoAPI?
  let confirming: Bool
  /// `--confirm-wait`: how long Dodo is asked again for a final outcome, in seconds.
  let confirmWait: Double
  /// `--poll`'s interval in seconds; `nil`: no polling. A plain value, so that another option
  /// can turn polling on (it needs `api` and a `cks_` session, as `--poll` does).
  var pollInterval: Double?
  /// The channel that polls, once the wait has begun.
  private var polling: PollingChannel?
  /// `--no-cancel-url`: the created session gets no back button.
  let noCancelURL: Bool
  /// The checkout session the result is confirmed against.
  private(set) var sessionId: String?
  /// The names of the return URL's own parameters (`state`): secrets, never printed.
  private(set) var ownParameterNames: Set<String> = []
  /// What Dodo said, once asked.
  private(set) var report: ConfirmationReport?
  /// A refused key, a TLS failure or no answer at all while confirming: `start` ends with
  /// exit 24 once the result is printed.
  private(set) var fatal: DodoAPIError?

  /// Reads `--product` and `--confirm`; either needs the key, whose absence is a
  /// configuration error (78) before anything opens.
  init(invocation: Invocation, context: Context) throws(CLIError) {
    self.context = context
    confirming = invocation.isSet(Self.confirm)
    confirmWait = try Self.confirmWait(invocation, confirming: confirming)
    noCancelURL = invocation.isSet(Self.noCancelURL)
    if invocation.isSet(Self.poll) {
      let text = invocation.value(Self.poll)
      guard let seconds = text.map(Double.init) ?? Self.defaultPollInterval, seconds.isFinite,
        (Self.minimumPollInterval...3600).contains(seconds)
      else {
        throw .usage(
          "invalid value '\(text ?? "")' for '--poll' (expected a number of seconds from 1 to 3600)",
          command: invocation.path)
      }
      pollInterval = seconds
    } else if invocation.isSet(CheckoutQRCode.option), try context.apiSettings().apiKey != nil {
      // A phone cannot reach this machine's return URL: with a key, `--qr` asks Dodo instead (§E).
      pollInterval = Self.defaultPollInterval
    }
    let items: [CartItem]
    do throws(CheckoutSessionRequest.ArgumentError) {
      items = try CheckoutSessionRequest.cart(invocation.values(Self.product))
    } catch {
      throw .usage(error.message, command: invocation.path)
    }
    products = items
    switch (invocation.arguments.first, items.isEmpty) {
    case (nil, true):
      throw .usage("missing argument <checkout-url>, or --product ID to create the session", command: invocation.path)
    case (.some, false):
      throw .usage("give a checkout URL or --product, not both", command: invocation.path)
    case (.some, true):
      // Only a session dodo creates has page options; the SDK's own options apply to any checkout.
      if let flag = PageOptions.given(in: invocation) ?? (noCancelURL ? Self.noCancelURL.flagName : nil) {
        throw .usage("\(flag) needs --product: only a session dodo creates can set its page", command: invocation.path)
      }
    default: break
    }
    api = confirming || !items.isEmpty || pollInterval != nil ? try context.dodoAPI(command: invocation.path) : nil
  }

  /// `--confirm-wait SECONDS`: a number from 0 (ask once) to a day, and only with `--confirm`.
  private static func confirmWait(_ invocation: Invocation, confirming: Bool) throws(CLIError) -> Double {
    guard let text = invocation.value(confirmWait) else { return Polling.defaultWait }
    guard confirming else { throw .usage("--confirm-wait needs --confirm", command: invocation.path) }
    guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
      throw .usage(
        "invalid value '\(text)' for '--confirm-wait' (expected seconds from 0 to 86400; 0 asks Dodo once)",
        command: invocation.path)
    }
    return seconds
  }

  /// The checkout URL and return URL to run: the given ones, or, with `--product`, those of
  /// a session created now (exit 24 when Dodo refuses or fails; never retried).
  func urls(checkoutURL given: String?, returnURL: String, page: CheckoutPage) throws(CLIError) -> (
    checkout: String, returning: String
  ) {
    guard let api, !products.isEmpty else { return (given ?? "", returnURL) }
    // The given return URL is checked before Dodo is asked to return to it.
    do throws(CheckoutError) { _ = try ReturnURL.forCheckout(returnURL) } catch { throw .checkout(error) }
    let returning: String
    do throws(PlatformError) { returning = try ReturnState.addingFresh(to: returnURL) } catch { throw .platform(error) }
    context.announceMode(api)
    let created: CheckoutSessionCreated
    do throws(DodoAPIError) {
      var request = CheckoutSessionRequest(productCart: products, returnURL: returning)
      request.page = page
      // The page's back button comes back here, with the state, and ends the run as cancelled.
      if !noCancelURL { request.cancelURL = ReturnCancel.url(for: returning) }
      created = try api.createCheckoutSession(request)
    } catch {
      throw .api(error)
    }
    sessionId = created.sessionId
    if !context.json { context.stderr.write("Checkout session \(TerminalText.escaped(created.sessionId))\n") }
    return (created.checkoutURL, returning)
  }

  /// Takes the URLs the checkout runs on, read once by `StartOptions`: the session to confirm
  /// (the created one, with `--product`) and the return URL's own parameters, never printed.
  func adopt(checkoutURL: CheckoutURL, returnURL: ReturnURL) {
    if sessionId == nil { sessionId = checkoutURL.sessionId }
    ownParameterNames = Set(returnURL.ownParameterNames)
  }

  /// With `--poll`, `channel` wrapped so that Dodo is asked about the session while it waits;
  /// `report` tells the user what Dodo said. A checkout URL that names no `cks_` session
  /// cannot be polled: a usage error, before anything opens.
  func pollingChannel(wrapping channel: any ReturnChannel, report: @escaping (SessionPoll.Step) -> Void)
    -> any ReturnChannel
  {
    guard let pollInterval, let api, let sessionId else { return channel }
    if products.isEmpty { context.announceMode(api) }
    let polling = PollingChannel(
      channel, poll: SessionPoll(api: api, sessionId: sessionId),
      interval: .milliseconds(Int64(pollInterval * 1000)), report: report)
    self.polling = polling
    return polling
  }

  /// Whether Dodo, polled, found the result before any return came.
  var settledByPoll: Bool { polling?.paid != nil }

  /// With `--confirm`, asks Dodo about `result` (the session's payment, never an ID from the
  /// return URL), again while it has no final outcome for up to `--confirm-wait`, and
  /// returns what decides the record; `nil` without `--confirm`.
  func check(_ result: CheckoutResult, warn: (String) -> Void) -> CheckoutFlow.BackendCheck? {
    if let paid = polling?.paid {
      let report = ConfirmationReport.judging(paid, claim: result.status)
      self.report = report
      return report.backendCheck
    }
    guard confirming, let api else { return nil }
    if let cancel = result.cancellationReason, cancel == .interrupted {
      report = .unconfirmed("interrupted before Dodo was asked")
      return .unconfirmed
    }
    if !context.json, products.isEmpty, polling == nil { context.announceMode(api) }
    let report: ConfirmationReport
    let polling = Polling(
      wait: confirmWait, requestTimeout: api.timeout, clock: SystemPacingClock(wait: context.sleep))
    do throws(DodoAPIError) {
      // Ctrl-C while Dodo is asked again ends the asking: the outcome stays unconfirmed.
      report = try Confirmer(api: api).confirm(
        result, sessionId: sessionId, polling: polling,
        interrupted: { context.stdout.interrupter?.isInterrupted() ?? false })
    } catch {
      fatal = error
      report = .unconfirmed(error.message)
    }
    self.report = report
    if let warning = report.warning(about: result.status) { warn(warning) }
    return report.backendCheck
  }

  /// `result` as it is printed: without the return URL's own parameters, whose values (a
  /// `state`) are the run's secret.
  func shown(_ result: CheckoutResult) -> CheckoutResult {
    result.withoutParameters(named: ownParameterNames)
  }

  /// The status the exit status is for: Dodo's when it confirmed or contradicted the result;
  /// `pending` when Dodo did not confirm it (only Dodo decides under `--confirm`), except
  /// for a checkout interrupted before Dodo was asked, which stays cancelled.
  func decidingStatus(_ result: CheckoutResult) -> CheckoutStatus {
    guard let report else { return result.status }
    if report.verdict == .unconfirmed, result.cancellationReason != .interrupted { return .pending }
    return report.decidingStatus(otherwise: result.status)
  }

  /// The keys `--confirm` adds to the JSON result, and the mode of any command that used the API.
  func writeJSON(_ json: JSONWriter) {
    if let report { json.report(report) }
    guard let api else { return }
    json.key("mode")
    json.string(api.mode.rawValue)
  }

  /// The lines `--confirm` adds to the text result.
  func text(style: TextStyle) -> String {
    report.map { ReportText.lines($0, style: style) } ?? ""
  }
}
