import DodoCheckout
import DodoConfig
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CommandSpec {
  static let start: CommandSpec = CommandSpec(
    "start",
    abstract: "Open a hosted checkout, wait for it to return, and print the result.",
    overview: "The return comes through 'dodo handle-url' or, for a loopback return URL, straight to dodo.",
    discussion: """
      Validates the checkout URL and the return URL, takes the one-at-a-time lock, records the \
      abandoned session, opens the checkout with the browser command, and waits for the return \
      URL, delivered by 'dodo handle-url' (or, for an http://127.0.0.1:PORT, http://[::1]:PORT \
      or http://localhost:PORT return URL, straight to dodo, which serves that address itself \
      for the life of the checkout, bound to loopback only: the matching request gets a short \
      page saying the checkout is finished and the tab can be closed; any other path gets 404, \
      any other method 405, and the wait goes on). It prints the result and exits with its \
      status's code. With --json the result is one JSON object whose last key, "warnings", is \
      always there: the warnings about this result that standard error carries too (an \
      unconfirmed return, a query that is not all URL text), [] when none, so that a script \
      sees an unconfirmed success. \
      A flood of local connections cannot push a return out: a request already sent is read \
      before any connection is dropped, and when all 64 are taken the one idle the longest goes.

      Forged loopback returns: any local program, and any web page open in the browser, can \
      reach a loopback port. start answers only a request whose Host is the return URL's own \
      host and port (421 otherwise: a misdirected request, or DNS rebinding); refuses one that a \
      page makes on its own, such as an image, a fetch or a frame (403; the checkout's own \
      redirect is a navigation and passes); and, when the return URL carries query parameters \
      of its own, answers 403 to a return without them (same names, same values, compared in \
      constant time) and keeps waiting. That makes a per-run secret: have your backend create \
      each checkout session with a fresh return_url such as \
      http://127.0.0.1:53682/return?state=RANDOM (for example RANDOM from openssl rand -hex 16), \
      and pass the same URL to --return-url. start and validate name the parameters a return \
      must carry, never their values.

      Forged returns through the URL scheme: any local program, and any web page after one \
      click on the browser's "open this app?" prompt, can open a custom-scheme URL \
      (myapp://…), which runs 'dodo handle-url' with a URL of its choosing. So the return \
      URL's own query parameters must come back on every route, not only loopback: a return \
      handed over by handle-url, or pasted, that lacks them (same names, same values) is not \
      claimed (handle-url exits 1) and the wait goes on. start and validate warn when a \
      custom-scheme return URL carries no such parameter (myapp://checkout/return?state=RANDOM \
      is the fix; the exit status is unchanged). A return that names no payment_id or \
      subscription_id, on any route, is printed but unconfirmed (a status alone can be \
      forged): the abandoned-session record is kept, with a warning on standard error (and \
      in the JSON result's "warnings"); the exit status is still the status's. A return \
      whose query holds text that is not URL text (note=100%) still matches, since matching \
      ignores the query; what could not be read is kept as given, with a warning.

      With --product ID[:QTY] (repeatable) instead of a CHECKOUT_URL, start first creates the \
      session (POST /checkouts, as 'dodo checkout create' does; exit 24 when Dodo refuses), \
      after adding a fresh random state (128 bits) to a return URL that has no query of its \
      own, then runs it as above. With --confirm, after the return (or a cancel) start asks \
      Dodo: GET /checkouts/{session}, then the payment that session names (never an ID from \
      the return URL, which may be forged), then its subscription when it has one. The result \
      gains "confirmation" and "verdict" (confirmed, mismatch or unconfirmed; "mode" too in \
      JSON). When Dodo confirmed or contradicted the return URL, Dodo's status decides the exit \
      status and whether the record is cleared (a final status only), and a mismatch is a \
      warning naming both statuses; unconfirmed keeps the return URL's result and the record, \
      with a warning. Both need the API key (see 'dodo help checkout create'): without one, \
      exit 78 before anything opens. The return URL's own parameters (state) are never printed. \
      With --confirm the matching return is claimed before Dodo is asked, so that handle-url \
      and the browser do not wait on Dodo; the record's fate is still Dodo's to decide.

      The browser command is the first of --browser, $DODO_BROWSER, the profile's browser, \
      $BROWSER, then xdg-open (Linux) or open (macOS). It is split into words like a shell \
      does simple quoting ('…', "…" and backslash; no shell runs it); %s stands for the URL, \
      else the URL is added as the last argument. The customization is exported to it as \
      DODO_DISMISS_BUTTON_STYLE, DODO_PRESENTATION_STYLE, DODO_BAR_COLLAPSING_ENABLED and \
      DODO_COLOR_SCHEME (fields not set are not exported). Its standard output goes to standard \
      error, as its standard error does; with --json both go to /dev/null, so that standard \
      error carries only JSON lines (--verbose lets them through). Before it runs, start says \
      "Opening URL in your browser" on standard error, so the URL can be opened by hand on any \
      machine; with --json standard error stays JSON and the checkout.opened event of \
      --events json carries the URL (without its query) instead.

      No browser here: when no browser command is set (--browser, $DODO_BROWSER, the profile's \
      browser or $BROWSER) and this is an SSH session ($SSH_CONNECTION or $SSH_TTY) or, on \
      Linux, there is no $DISPLAY or $WAYLAND_DISPLAY, nothing is run. A browser command that \
      cannot be started, or that exits non-zero, is not an error either, also one given with \
      --browser: the checkout may be open all the same, and the URL can be opened elsewhere. \
      In each case start prints a warning with the URL and how to finish (for a loopback \
      return URL, the ssh -L command that forwards its port; otherwise, to pass the address \
      the browser ended on to dodo handle-url) and keeps waiting.

      --no-open prints the checkout URL instead of opening it: as the first line of standard \
      output, or on standard error with --json (standard output then carries only the result).

      Pasting the return: when no browser opened (as above, or --no-open) and standard input \
      is a terminal, the address the browser ended on can be pasted into the terminal, as with \
      gcloud --no-launch-browser; a line that is not the return URL is refused with a warning \
      and the wait goes on. --no-input turns this off, and --json implies --no-input, so a \
      script's standard input is never read. A terminal keeps at most 4095 bytes of a line \
      (1023 on macOS) and drops what is pasted beyond them, so a line that reaches that limit \
      may have been cut short: it is refused, with a warning, never read as a shorter URL (a \
      status cut off would read as pending); hand such a long address (up to 64 KiB) to 'dodo \
      handle-url' from another terminal instead. A start in the background (dodo start … &) \
      reads the terminal only while it is in the foreground (after fg): a background read \
      would stop it (SIGTTIN), and the return would never be served. A terminal that hangs up \
      ends the pasting, not the wait.

      Ctrl-C (SIGINT), SIGTERM, SIGHUP, or --timeout running out end the checkout as cancelled, \
      and so does, with --browser-exit-cancels, the browser command exiting 0 before the return \
      (for a command that runs as long as its window is open, such as chromium --app=%s; \
      xdg-open and open exit at once). The exit status is 11 whatever the reason; the text \
      output says which after the status: "cancelled (timed out after N s)", "cancelled \
      (interrupted)" or "cancelled (the browser was closed)", and the JSON result and the \
      checkout.closed event carry "reason": "timeout", "interrupted" or "browser_closed" (only \
      for cancelled). The abandoned-session record is cleared only when the checkout ends \
      succeeded, failed or expired, and only after the result was written: when standard output \
      cannot be written (a full disk, a reader that has gone, as with | head -1: SIGPIPE is \
      ignored) the record is kept, the write error is a warning on standard error, and the \
      exit status is still the outcome's. SIGINT, SIGTERM or SIGHUP while start waits for a \
      full pipe or a stopped terminal to take its result ends that write the same way. A \
      return handed over by handle-url is answered before the result is written, so a slow \
      reader cannot make handle-url give up on a return that start then takes. A start whose \
      standard output is closed at launch (>&-) refuses with 23 before it records or opens \
      anything: its result could go nowhere. --events text|json \
      reports checkout.opened, checkout.return_received and checkout.closed on standard error \
      (never with a query string).
      """,
    arguments: [
      ArgumentSpec(
        "checkout-url", help: "The hosted checkout URL from your backend's checkout session (or --product).",
        optional: true)
    ],
    options: SettingOptions.all + [
      StartCommand.browserExitCancels, StartCommand.noOpen, StartCommand.noInput, StartCommand.events,
    ] + StartAccount.options,
    examples: [
      .init(
        "dodo start \"$CHECKOUT_URL\" --return-url myapp://checkout/return",
        "Open the checkout in the default browser and wait for the result."),
      .init(
        "dodo start \"$CHECKOUT_URL\" --return-url http://127.0.0.1:53682/return --json",
        "Serve the return URL on loopback; no URL handler needed. Print the result as JSON."),
      .init(
        "dodo start \"$CHECKOUT_URL\" --return-url \"http://127.0.0.1:53682/return?state=$STATE\"",
        "With a per-run secret: the backend created the session with this same return_url."),
      .init(
        "dodo start \"$CHECKOUT_URL\" --no-open --timeout 600",
        "Print the URL to open elsewhere; give up after 10 minutes."),
    ],
    exitStatuses: [
      .init(.success, "The checkout succeeded."),
      .init(.failed, "The payment failed."),
      .init(.cancelled, "The customer left, a signal arrived, or the timeout ran out (outcome unknown)."),
      .init(.pending, "The payment is pending (outcome not final)."),
      .init(.expired, "The checkout session expired."),
      .init(.invalidCheckoutURL, "The checkout URL is invalid (INVALID_CHECKOUT_URL)."),
      .init(.invalidReturnURL, "The return URL is invalid (INVALID_RETURN_URL)."),
      .init(.alreadyInProgress, "Another checkout is running (ALREADY_IN_PROGRESS)."),
      .init(
        .platformError,
        "The browser command (from a flag or the environment) does not parse, or the lock, the record or the return channel failed (PLATFORM_ERROR)."
      ),
      .init(.usage, "No return URL, or a bad option."),
      .init(
        .configuration,
        "A configuration file does not load, its browser command does not parse, or the profile is unknown."),
    ],
    handler: { invocation, context throws(CLIError) in try StartCommand(context: context).run(invocation) }
  )
}

/// `dodo start CHECKOUT_URL …`: runs the core's `CheckoutFlow` against the platform.
struct StartCommand {
  static let browserExitCancels = OptionSpec(
    "browser-exit-cancels",
    help: "End as cancelled when the browser command exits 0 first.")
  static let noOpen = OptionSpec(
    "no-open", help: "Print the checkout URL instead of opening it."
  )
  static let noInput = OptionSpec(
    "no-input", help: "Never read a pasted return URL (--json implies it).")
  static let events = OptionSpec(
    "events", values: ["text", "json"], help: "Report checkout events on standard error.")

  let context: Context

  func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    let configuration = try context.configuration()
    let settings = try context.effectiveSettings(
      SettingOptions.commandLineSettings(from: invocation), in: configuration)
    if invocation.isSet(Self.noOpen), invocation.isSet(SettingOptions.browser) {
      throw CLIError.usage("--browser and --no-open cannot be used together", command: invocation.path)
    }
    let account = try StartAccount(invocation: invocation, context: context)
    guard let givenReturnURL = settings.returnURL.value else {
      throw CLIError.usage(
        "no return URL: pass --return-url URL, set DODO_RETURN_URL, or set return_url in the profile",
        command: invocation.path)
    }
    let (checkoutURL, returnURL) = try account.urls(checkoutURL: invocation.arguments.first, returnURL: givenReturnURL)
    // Read once, here: a bad URL gets its own exit code before any directory is touched, and
    // the flow runs on these values.
    let checkout: CheckoutURL
    let returning: ReturnURL
    do throws(CheckoutError) {
      checkout = try CheckoutURL(checkoutURL)
      returning = try ReturnURL.forCheckout(returnURL)
    } catch {
      throw CLIError.checkout(error)
    }

    let browserCommand = try Self.browserCommand(settings, in: configuration, context: context)

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
    do throws(PlatformError) {
      local = try LocalCheckout(directories: directories, handlesSignals: true)
    } catch {
      throw CLIError.platform(error)
    }

    if let warning = SharedOptions.customSchemeWarning(returning) { context.warn(warning) }
    if !context.json, let note = SharedOptions.loopbackNote(returning) {
      context.stderr.write("Listening on \(TerminalText.escaped(returning.redacted)) for the return: \(note)\n")
    }
    let server = local.server
    // A signal ends a write that waits on a full pipe or a stopped terminal, as it ends the wait.
    context.stdout.interrupter = server
    let pasting = !context.json && !invocation.isSet(Self.noInput) && Syscalls.isTerminal(context.stdinFD)
    let byHand = ByHand(
      context: context, checkoutURL: checkout, returnURL: returning, pasteInto: pasting ? server : nil)
    let headless = settings.browser.value == nil ? Self.headlessReason(context.environment) : nil
    let presenter: any CheckoutPresenter
    if invocation.isSet(Self.noOpen) {
      presenter = URLPrintingPresenter(context: context, byHand: byHand)
    } else if let reason = headless {
      presenter = HeadlessPresenter(byHand: byHand, reason: reason)
    } else {
      presenter = AnnouncingPresenter(
        context: context, byHand: byHand,
        launcher: BrowserLauncher(
          command: browserCommand, server: server, environment: context.environment,
          runsWhileOpen: invocation.isSet(Self.browserExitCancels),
          output: context.json && !context.verbose ? .discarded : .toStandardError))
    }
    let timeout = settings.timeout.value
    let reporter = CheckoutEventReporter(
      context: context, format: invocation.value(Self.events), checkoutURL: checkout, returnURL: returning,
      byHand: invocation.isSet(Self.noOpen) || headless != nil)
    let result: CheckoutResult
    do throws(CheckoutError) {
      result = try local.run(
        checkoutURL: checkout, returnURL: returning, customization: settings.customization, presenter: presenter,
        channel: BrowserFailureTolerantChannel(server: server, byHand: byHand),
        timeout: timeout.map { Duration.milliseconds(Int64(($0 * 1000).rounded(.up))) },
        onEvent: reporter.report,
        // The wait may last minutes: the code that ran so far goes back to the kernel first.
        beforeWaiting: Syscalls.releaseProgramCode,
        onWarning: { context.warn($0.message) },
        deliver: { delivery throws(CheckoutError) in try deliver(delivery, timeout: timeout, account: account) })
    } catch {
      throw CLIError.checkout(error)
    }
    if let fatal = account.fatal { throw .api(fatal) }
    return ExitStatus(account.decidingStatus(result))
  }

  /// Prints the result while its record still exists. Standard output that fails keeps the
  /// record (`dodo abandoned show` recovers the session) and is a warning; the exit status
  /// stays the outcome's, not 23, since a script acts on that status.
  private func deliver(_ delivery: CheckoutFlow.Delivery, timeout: Double?, account: StartAccount) throws(CheckoutError)
    -> CheckoutFlow.BackendCheck?
  {
    var warnings: [String] = []
    if let part = delivery.unreadablePart {
      warnings.append("the return URL's query is not all URL text: \(part); that part was read as given")
    }
    let check = account.check(delivery.result) { warnings.append($0) }
    if !delivery.isConfirmed, check == nil {
      warnings.append(
        "no payment_id or subscription_id came back, and any local program or web page can send a status (to a "
          + "loopback port, or by opening the return URL's scheme): this \(delivery.result.status.rawValue) is unconfirmed and the abandoned session is kept; "
          + "confirm the payment on your backend")
    }
    warnings.forEach(context.warn)
    print(account.shown(delivery.result), warnings: warnings, timeout: timeout, account: account)
    context.stdout.flush()
    if let error = context.stdout.error {
      context.stdout.errorReported = true
      let reason = error.errno == .interrupted ? "a signal arrived while it waited for the reader" : error.reason
      throw .platformError("cannot write standard output: \(reason); the abandoned session is kept")
    }
    return check
  }

  /// The browser command start runs: the effective one, else the system's. One that does not
  /// split into words fails before anything is touched: when a config file set it, as a
  /// configuration error at its line (78), as any other schema mistake; else `PLATFORM_ERROR`.
  static func browserCommand(_ settings: EffectiveSettings, in configuration: Configuration, context: Context)
    throws(CLIError)
    -> String
  {
    let command = settings.browser.value ?? BrowserLauncher.systemDefault
    do throws(PlatformError) { _ = try BrowserCommand(command) } catch {
      if let located = configuration.error(error.message, at: settings.browser.source) {
        throw context.configurationError(located)
      }
      throw CLIError.platform(error)
    }
    return command
  }

  /// `600 s`, `0.3 s`: a timeout as it was given, without a trailing `.0`.
  static func seconds(_ value: Double) -> String {
    let whole = value.rounded(.towardZero)
    return (value == whole && abs(whole) < 1e15 ? String(Int64(whole)) : String(value)) + " s"
  }

  /// Why no browser can be shown here, when none was configured: an SSH session (a browser
  /// would open on the remote machine, or not at all), or, on Linux, no display to open it on.
  static func headlessReason(_ environment: [String: String]) -> String? {
    let set = { (name: String) in !(environment[name] ?? "").isEmpty }
    if set("SSH_CONNECTION") || set("SSH_TTY") { return "an SSH session" }
    #if os(Linux)
      if !set("DISPLAY"), !set("WAYLAND_DISPLAY") { return "no DISPLAY or WAYLAND_DISPLAY" }
    #endif
    return nil
  }

  private func print(_ result: CheckoutResult, warnings: [String], timeout: Double?, account: StartAccount) {
    if context.json {
      context.printJSON { $0.result(result, warnings: warnings, extra: account.writeJSON) }
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
    case nil: break
    }
    out += "\n"
    if let id = result.paymentId { out += "paymentId: \(shown(id))\n" }
    if let id = result.subscriptionId { out += "subscriptionId: \(shown(id))\n" }
    if let keys = result.licenseKeys { out += keys.map { "licenseKey: \(shown($0))\n" }.joined() }
    if let email = result.customerEmail { out += "customerEmail: \(shown(email))\n" }
    out += account.text(style: style)
    if !account.decidingStatus(result).isFinal {
      out += "The outcome is not final: see 'dodo abandoned show', and confirm the payment on your backend.\n"
    }
    context.stdout.write(out)
  }
}
