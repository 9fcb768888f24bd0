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
    overview: "The return comes through 'dodo handle-url', or straight to dodo on loopback.",
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

      Refused returns are not silent: while start waits, each reason it refuses something for \
      (a return without this run's state: "does your backend keep the return URL's query?"; \
      one with another state; another Host; a page's own request; a URL handed over by \
      handle-url that is not the return URL, naming the part that differs) is said once, as \
      a warning on standard error, or with --events json as a checkout.return_refused event \
      ({"name":…,"at":…,"reason":"missing_state"|"wrong_state"|"other_host_header"|\
      "not_a_navigation"|"other_scheme"|"other_host"|"other_path"|"not_a_url","message":…}). \
      Neither carries the state nor the refused URL's query.

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
      the return URL, which may be forged), then its subscription when it has one (each of \
      them, for a payment of several). The result gains "confirmation" and "verdict" \
      (confirmed, mismatch or unconfirmed; "mode" too in JSON). Only Dodo decides: while the \
      session names no payment yet, or its payment is not final, or Dodo fails for now (5xx, \
      a timeout), Dodo is asked again every 2 s (later when its Retry-After says so) for up \
      to --confirm-wait SECONDS (default 30; 0 asks once). A return URL naming another \
      payment_id or subscription_id than the session's is a mismatch whatever the statuses \
      say (the warning names both IDs: the URL may be forged), and so is one whose status \
      Dodo contradicts (the warning names both statuses). When Dodo confirmed or contradicted \
      the return URL, Dodo's status decides the exit status and whether the record is cleared \
      (a final status only); when it did not (no final outcome within the wait, an ID it does \
      not know), the exit status is 12 whatever the return URL said, with a warning, and the \
      record is kept; the result's status stays what the URL said. So start --confirm exits \
      0 only for a success Dodo confirmed. A refused key, a TLS failure or no answer from Dodo \
      at all is exit 24, the record kept. Ctrl-C before Dodo is asked ends it as cancelled \
      (11), unconfirmed. Both need the API key (see 'dodo help checkout create'): without one, \
      exit 78 before anything opens. The return URL's own parameters (state) are never printed. \
      With --confirm the matching return is claimed before Dodo is asked, so that handle-url \
      and the browser do not wait on Dodo; the record's fate is still Dodo's to decide.

      Paying elsewhere (a phone, a wallet that never redirects, a closed tab): with --poll \
      [SECONDS] (--poll, --poll 5 or --poll=5; a number right after it is the interval, \
      default 3, at least 1, at most 3600) start also asks Dodo, GET /checkouts/{session} \
      every SECONDS while it waits. It needs the API key (exit 78 without one) and a checkout \
      URL that names its cks_ session, or --product (else exit 64). When Dodo reports the \
      session's payment succeeded (and its payment, asked as --confirm asks, agrees), the wait \
      ends with that result as if a confirmed return had come: Dodo's ids, "verdict": \
      "confirmed" with its "confirmation", "reason": "poll" in JSON ("found by polling Dodo" \
      in text), exit 0 and the abandoned-session record cleared. Any other payment status is \
      said once as it changes, on standard error ("Dodo: payment status failed; still \
      waiting"), or as a checkout.polled event with its "paymentStatus" under --events json, \
      and the wait goes on: a declined card can be tried again on the same page. A return \
      that comes first is handled as always. A failed ask (a 404, a 5xx or 429 after the \
      retries, a timeout) is a warning, once per kind, and the asking goes on; a refused key, \
      a TLS failure or no answer at all stops the polling with a warning, and the wait goes \
      on. The asks use the same transport, retries and Retry-After handling as --confirm, \
      between two waits: a return that arrives during an ask is answered when it ends.

      The session start --product creates gets Dodo's page options (--theme, --language, \
      --redirect-immediately, or the profile's theme, language and redirect_immediately; see \
      'dodo help checkout create'; with a CHECKOUT_URL these flags are a usage error, as the \
      session is already made) and a back button: its cancel_url is the run's return URL, \
      state included, plus dodo_cancel=1 (--no-cancel-url leaves it out). A return that \
      matches the return URL, echoes its own parameters and carries dodo_cancel=1, on any \
      route (loopback, handle-url or a pasted line, so also a cancel URL a backend made the \
      same way), ends the checkout as cancelled by the customer: exit 11, "cancelled (the \
      customer went back from the checkout page)", reason "customer" in JSON and in the \
      checkout.closed event; the abandoned-session record is kept, as for any cancel.

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

      --activate-license: after a succeeded result (one Dodo confirmed, under --confirm), each \
      license key the return carried (license_key) is activated on this machine as 'dodo \
      license activate' does, under --license-name NAME or the default name, for the profile's \
      license_app (else dodo); no API key is sent for it. The JSON result gains \
      "licenses":[{"licenseKey":"ABCD…WXYZ","instanceId":"lki_…"}|{"licenseKey":…,"error":…}] \
      (keys masked; "licenseKeys" and "raw" still carry them as the return URL did), the text \
      a line per key. A result with no keys activates nothing and says so; an activation that \
      fails is a warning and leaves the exit status as it was.

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
      checkout.closed event carry "reason": "timeout", "interrupted", "browser_closed" or, \
      for the page's back button, "customer" (only for cancelled). The abandoned-session record is cleared only when the checkout ends \
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

      Paying on a phone (over SSH, say): --qr draws the checkout URL as a QR code on standard \
      error before the checkout is shown. Each character is one module wide and two high (a full \
      block, U+2588, both dark; an upper half block, U+2580, the upper; a lower half block, \
      U+2584, the lower; a space neither), with 4 light modules of quiet zone \
      on every side; on a colour terminal black on white, so that it reads the same on a dark \
      theme (not with NO_COLOR, --no-color or TERM=dumb, nor off a terminal); in a locale that \
      is not UTF-8 (LC_ALL, else LC_CTYPE, else LANG), ## for a dark module and two spaces for \
      a light one, a line a module row. Error correction level M (15 % of the code may be \
      unreadable). With --json, where standard error carries JSON lines, it is drawn only when \
      standard error is a terminal. A phone cannot reach this machine's return URL: with an API \
      key and a cks_ session, --qr turns --poll on (every 3 s); otherwise start warns that only \
      dodo handle-url or a pasted address can finish the checkout. A checkout URL longer than a QR code holds (2331 bytes) is exit 64 before \
      anything opens.
      """,
    arguments: [
      ArgumentSpec(
        "checkout-url", help: "The checkout URL your backend made (or --product).",
        optional: true)
    ],
    options: SettingOptions.all + [
      StartOptions.browserExitCancels, StartOptions.noOpen, StartOptions.noInput, StartOptions.events,
    ] + StartAccountOptions.options + StartLicenses.options + [CheckoutQRCode.option],
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
      .init(
        .cancelled,
        "The customer left (or went back from the page), a signal arrived, or the timeout ran out (outcome unknown)."),
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
        "A configuration file does not load, its browser command does not parse, the profile is unknown, or --product, --confirm or --poll has no API key."
      ),
    ],
    handler: { invocation, context throws(CLIError) in try StartCommand.run(invocation, context: context) }
  )
}

/// `dodo start CHECKOUT_URL …`, read as gh reads a command: the options (`StartOptions`,
/// checked once), the work (`StartRun`, on `Context.start`'s dependencies), the output
/// (`StartOutput`).
enum StartCommand {
  static func run(_ invocation: Invocation, context: Context) throws(CLIError) -> ExitStatus {
    let options = try StartOptions(invocation, context: context)
    return try StartRun(options: options, context: context, dependencies: context.start).run()
  }
}
