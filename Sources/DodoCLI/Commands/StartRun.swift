import DodoAccount
import DodoCheckout
import DodoNetwork
import DodoPlatform

/// The work of one `dodo start` (gh's `xRun`): from the checked options to the exit status,
/// on what `StartDependencies` provides. Its steps, in order: resolve the API key and, with
/// `--product`, create the session; refuse a closed standard output, prepare the checkout's
/// wiring, say where the return is awaited, choose how the checkout is shown, run the core's
/// flow (giving the code that ran so far back to the kernel before the long wait), then
/// confirm and activate (`StartDeliveryWork`) and hand the outcome to `StartOutput`.
struct StartRun {
  let options: StartOptions
  let context: Context
  let dependencies: StartDependencies

  func run() throws(CLIError) -> ExitStatus {
    let (api, checkout) = try account()
    // Its result could go nowhere: refused before anything is recorded or opened.
    if context.stdout.isClosed {
      throw CLIError.checkout(
        .platformError(
          "standard output is closed, so the checkout's result could go nowhere: start it with standard output open (> FILE, or a pipe)"
        ))
    }
    // A reader that goes (`| head -1`) makes writing fail with EPIPE, a warning: the outcome
    // and its exit status stand, and the record is kept.
    Syscalls.ignoreBrokenPipe()

    let directories = try context.checkoutDirectories()
    let local: LocalCheckout
    do throws(PlatformError) { local = try dependencies.checkout(directories) } catch { throw CLIError.platform(error) }

    let returning = checkout.returnURL
    if let warning = returning.customSchemeWarning { context.warn(TerminalText.escaped(warning)) }
    if !context.json, let note = returning.loopbackNote {
      context.stderr.write(
        "Listening on \(TerminalText.escaped(returning.redacted)) for the return: \(TerminalText.escaped(note))\n")
    }
    let server = local.server
    // A signal ends a write that waits on a full pipe or a stopped terminal, as it ends the wait.
    context.stdout.interrupter = server
    let pasting = !options.noInput && dependencies.isTerminal(context.stdinFD)
    let byHand = ByHand(
      context: context, checkoutURL: checkout.checkoutURL, returnURL: returning, pasteInto: pasting ? server : nil)
    let headless = options.browserIsSet ? nil : HeadlessSession.reason(context.environment)
    let reporter = CheckoutEventReporter(
      context: context, format: options.events, checkoutURL: checkout.checkoutURL, returnURL: returning,
      byHand: options.noOpen || headless != nil, now: dependencies.now)
    let channel = BrowserFailureTolerantChannel(
      server: server, byHand: byHand,
      refusals: ReturnRefusalReporter(context: context, format: options.events, now: dependencies.now))
    let polling = pollingChannel(wrapping: channel, api: api, checkout: checkout, report: reporter.polled)
    let work = StartDeliveryWork(
      account: options.account, licenses: options.licenses, context: context, checkout: checkout, api: api,
      polling: polling)
    let output = StartOutput(context: context, timeout: options.timeout)
    var check: ResultCheck?
    let result: CheckoutResult
    do throws(CheckoutError) {
      result = try local.run(
        checkoutURL: checkout.checkoutURL, returnURL: returning, customization: options.customization,
        presenter: presenter(checkout: checkout, server: server, byHand: byHand, headless: headless),
        channel: polling ?? channel,
        timeout: options.timeout.map { Duration.milliseconds(Int64(($0 * 1000).rounded(.up))) },
        now: dependencies.now(),
        onEvent: reporter.report,
        // The wait may last minutes: the code that ran so far goes back to the kernel first.
        beforeWaiting: dependencies.releaseProgramCode,
        onWarning: { context.warn($0.message) },
        deliver: { delivery throws(CheckoutError) in
          check = work.check(delivery.result)
          try output.deliver(work.outcome(of: delivery, check: check))
          return check?.backendCheck
        })
    } catch {
      throw CLIError.checkout(error)
    }
    if let fatal = check?.fatal { throw .api(fatal) }
    return ExitStatus(check?.decidingStatus(for: result) ?? result.status)
  }

  /// The API, its key resolved (`api_key_command` runs here), when the options need it; and
  /// the checkout to run: the given one, or the session `--product` creates now.
  private func account() throws(CLIError) -> (DodoAPI?, StartCheckout) {
    switch options.checkout {
    case .given(let checkout):
      guard let access = options.account.api else { return (nil, checkout) }
      return (try context.dodoAPI(access), checkout)
    case .product(let product):
      let api = try context.dodoAPI(product.api)
      return (api, try created(product, api: api))
    }
  }

  /// With polling, `channel` wrapped so that Dodo is asked about the session while it waits;
  /// `report` tells the user what Dodo said.
  private func pollingChannel(
    wrapping channel: any ReturnChannel, api: DodoAPI?, checkout: StartCheckout,
    report: @escaping (SessionPoll.Step) -> Void
  ) -> PollingChannel? {
    guard let interval = checkout.pollInterval, let api, let sessionId = checkout.sessionId else { return nil }
    if options.account.products.isEmpty { context.announceMode(api) }
    return PollingChannel(
      channel, poll: SessionPoll(api: api, sessionId: sessionId),
      interval: .milliseconds(Int64(interval * 1000)), report: report)
  }

  /// How the checkout is shown: its URL printed (`--no-open`), a warning on how to finish by
  /// hand (no browser here), or the browser command, announced first; a QR code before any
  /// of them with `--qr`.
  private func presenter(checkout: StartCheckout, server: ReturnChannelServer, byHand: ByHand, headless: String?)
    -> any CheckoutPresenter
  {
    let shown = shownPresenter(server: server, byHand: byHand, headless: headless)
    guard let qr = checkout.qr else { return shown }
    return QRCodePresenter(context: context, qr: qr, shown: shown)
  }

  private func shownPresenter(server: ReturnChannelServer, byHand: ByHand, headless: String?) -> any CheckoutPresenter {
    if options.noOpen { return URLPrintingPresenter(context: context, byHand: byHand) }
    if let headless { return HeadlessPresenter(byHand: byHand, reason: headless) }
    let launch = BrowserLaunch(
      command: options.browserCommand, server: server, environment: context.environment,
      runsWhileOpen: options.browserExitCancels,
      output: context.json && !context.verbose ? .discarded : .toStandardError)
    return AnnouncingPresenter(context: context, byHand: byHand, launcher: dependencies.browser(launch))
  }
}
