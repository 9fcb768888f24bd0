import DodoCheckout
import DodoPlatform

/// `--no-open`: the checkout URL is printed (on standard output, or standard error with
/// `--json`) for the user to open wherever they like, and the return URL can be pasted back.
final class URLPrintingPresenter: CheckoutPresenter {
  let context: Context
  let byHand: ByHand

  init(context: Context, byHand: ByHand) {
    self.context = context
    self.byHand = byHand
  }

  func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    let output = context.json ? context.stderr : context.stdout
    output.write(url.string + "\n")
    output.flush()
    if byHand.acceptPaste() {
      context.stderr.write("When it is finished, paste here the address the browser ended on.\n")
      context.stderr.flush()
    }
  }

  func close() {}
}

/// Tells the user how to finish a checkout that no browser here shows: open the URL on any
/// machine, then bring the return back (forward a loopback port, or hand the final address
/// to `dodo handle-url`). The checkout URL is not secret, and it is the user's own argument,
/// so it is shown whole.
struct ByHand {
  let context: Context
  let checkoutURL: CheckoutURL
  let returnURL: ReturnURL
  /// Where a return URL pasted into the terminal goes, when one can be (standard input is a
  /// terminal, and neither --json nor --no-input), as `gcloud --no-launch-browser` does.
  let pasteInto: ReturnChannelServer?

  /// Warns `problem`, then how to finish by hand.
  func warn(_ problem: String) {
    let finish = returnURL.finishingByHand(pasting: acceptPaste())
    context.warn("\(problem): open \(TerminalText.escaped(checkoutURL.string)) in a browser on any machine; \(finish)")
    context.stderr.flush()
  }

  /// Starts taking pasted return URLs, when that is allowed; a line that is not the return
  /// URL is refused (without echoing it: it may carry a query) and the wait goes on.
  @discardableResult
  func acceptPaste() -> Bool {
    guard let pasteInto else { return false }
    pasteInto.watchLines(
      fd: context.stdinFD,
      onAnswer: { [context, returnURL] line, claimed in
        guard !claimed else { return }
        switch returnURL.refusal(of: line) {
        case .missingState?: context.warn(ReturnRefusal.missingState.message)
        case .otherState?: context.warn(ReturnRefusal.otherState.message)
        default:
          context.warn("that is not the return URL (\(returnURL.redacted)): paste the address the browser ended on")
        }
        context.stderr.flush()
      },
      onTooLong: { [context] limit in
        context.warn(
          "that line reached the terminal's limit of \(limit) bytes, so the rest of it was cut off and it is not "
            + "read; hand the whole address over with 'dodo handle-url ADDRESS' from another terminal instead")
        context.stderr.flush()
      })
    return true
  }
}

/// No browser can be shown here (see `HeadlessSession.reason`): nothing is run, and the
/// user is told how to finish by hand; the checkout still counts as presented and waits.
final class HeadlessPresenter: CheckoutPresenter {
  let byHand: ByHand
  let reason: String

  init(byHand: ByHand, reason: String) {
    self.byHand = byHand
    self.reason = reason
  }

  func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    byHand.warn("no browser here (\(reason))")
  }

  func close() {}
}

/// Says which URL is being opened before the browser command runs, so that a user whose
/// browser never shows it can open it by hand. A browser command that cannot be started is
/// a warning, not the end of the checkout: the user can still open the URL elsewhere.
/// With `--json` standard error stays JSON: `--events json` carries the URL instead.
final class AnnouncingPresenter: CheckoutPresenter {
  let context: Context
  let byHand: ByHand
  /// Runs the browser command (`BrowserLauncher`, or what a test injected).
  let launcher: any CheckoutPresenter

  init(context: Context, byHand: ByHand, launcher: any CheckoutPresenter) {
    self.context = context
    self.byHand = byHand
    self.launcher = launcher
  }

  func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    if !context.json {
      context.stderr.write("Opening \(TerminalText.escaped(url.string)) in your browser\n")
      context.stderr.flush()
    }
    do throws(PresentationFailure) {
      try launcher.present(url, customization: customization)
    } catch {
      byHand.warn(error.error.message)
    }
  }

  func close() { launcher.close() }
}

/// The return channel, except that a browser command exiting non-zero is a warning and the
/// wait goes on: the checkout may be open all the same, or the user opens it by hand. A URL
/// `handle-url` hands over that the checkout does not claim is reported with why (a pasted
/// line gets its own answer; a loopback request for another path is not a return).
final class BrowserFailureTolerantChannel: ReturnChannel {
  let server: ReturnChannelServer
  let byHand: ByHand
  let refusals: ReturnRefusalReporter
  /// The URLs `handle-url` handed over and not yet answered, by id.
  private var handedOver: [IncomingURL.ID: String] = [:]

  init(server: ReturnChannelServer, byHand: ByHand, refusals: ReturnRefusalReporter) {
    self.server = server
    self.byHand = byHand
    self.refusals = refusals
    server.onRefused = refusals.report
  }

  func open(for returnURL: ReturnURL) throws(CheckoutError) { try server.open(for: returnURL) }

  func next(until deadline: ContinuousClock.Instant?) throws(CheckoutError) -> ReturnChannelEvent {
    while true {
      let event = try server.next(until: deadline)
      if case .url(let incoming) = event, incoming.route == .handler, !server.isLine(incoming.id) {
        handedOver[incoming.id] = incoming.url
      }
      guard case .presenterFailed(let error) = event else { return event }
      byHand.warn(error.message)
    }
  }

  func answer(_ id: IncomingURL.ID, claimed: Bool) -> Bool {
    let refusal = handedOver.removeValue(forKey: id).flatMap { claimed ? nil : byHand.returnURL.refusal(of: $0) }
    if let refusal { refusals.report(refusal) }
    return server.answer(id, claimed: claimed, refusal: refusal)
  }
  func close() { server.close() }
}
