import DodoCheckout
import DodoPlatform

/// The work of one `dodo start` (gh's `xRun`): from the checked options to the exit status,
/// on what `StartDependencies` provides. Its steps, in order: refuse a closed standard
/// output, prepare the checkout's wiring, say where the return is awaited, choose how the
/// checkout is shown, run the core's flow (giving the code that ran so far back to the kernel
/// before the long wait), and hand the result to `StartOutput`.
struct StartRun {
  let options: StartOptions
  let context: Context
  let dependencies: StartDependencies

  func run() throws(CLIError) -> ExitStatus {
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

    let returning = options.returnURL
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
      context: context, checkoutURL: options.checkoutURL, returnURL: returning, pasteInto: pasting ? server : nil)
    let headless = options.browserIsSet ? nil : HeadlessSession.reason(context.environment)
    let reporter = CheckoutEventReporter(
      context: context, format: options.events, checkoutURL: options.checkoutURL, returnURL: returning,
      byHand: options.noOpen || headless != nil, now: dependencies.now)
    let output = StartOutput(
      context: context, timeout: options.timeout, account: options.account, licenses: options.licenses)
    let result: CheckoutResult
    do throws(CheckoutError) {
      result = try local.run(
        checkoutURL: options.checkoutURL, returnURL: returning, customization: options.customization,
        presenter: presenter(server: server, byHand: byHand, headless: headless),
        channel: options.account.pollingChannel(
          wrapping: BrowserFailureTolerantChannel(
            server: server, byHand: byHand,
            refusals: ReturnRefusalReporter(context: context, format: options.events, now: dependencies.now)),
          report: reporter.polled),
        timeout: options.timeout.map { Duration.milliseconds(Int64(($0 * 1000).rounded(.up))) },
        now: dependencies.now(),
        onEvent: reporter.report,
        // The wait may last minutes: the code that ran so far goes back to the kernel first.
        beforeWaiting: dependencies.releaseProgramCode,
        onWarning: { context.warn($0.message) },
        deliver: { delivery throws(CheckoutError) in try output.deliver(delivery) })
    } catch {
      throw CLIError.checkout(error)
    }
    if let fatal = options.account.fatal { throw .api(fatal) }
    return ExitStatus(options.account.decidingStatus(result))
  }

  /// How the checkout is shown: its URL printed (`--no-open`), a warning on how to finish by
  /// hand (no browser here), or the browser command, announced first; a QR code before any
  /// of them with `--qr`.
  private func presenter(server: ReturnChannelServer, byHand: ByHand, headless: String?) -> any CheckoutPresenter {
    let shown = shownPresenter(server: server, byHand: byHand, headless: headless)
    guard let qr = options.qr else { return shown }
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
