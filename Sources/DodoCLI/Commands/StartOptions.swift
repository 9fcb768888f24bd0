import DodoCheckout
import DodoConfig
import DodoSetup

/// What one `dodo start` command line asks for, read and checked once (gh's `XOptions`,
/// parsed in `NewCmdX`): the URLs as validated values, the browser command, the flags. A bad
/// URL or option fails here, with its own exit code, before anything is touched.
struct StartOptions {
  static let browserExitCancels = OptionSpec(
    "browser-exit-cancels",
    help: "Cancel when the browser command exits 0 first.")
  static let noOpen = OptionSpec(
    "no-open", help: "Print the checkout URL instead of opening it."
  )
  static let noInput = OptionSpec(
    "no-input", help: "Never read a pasted return URL (--json implies it).")
  static let events = OptionSpec(
    "events", values: ["text", "json"], help: "Report checkout events on standard error.")

  let checkoutURL: CheckoutURL
  let returnURL: ReturnURL
  let customization: BrowserCustomization
  /// The browser command to run: the effective one, else the system's (checked: it splits).
  let browserCommand: String
  /// Whether a browser command was set (flag, environment or profile), not the system's.
  let browserIsSet: Bool
  /// `--timeout` in seconds, as given.
  let timeout: Double?
  let noOpen: Bool
  /// `--no-input`, or `--json`, which implies it.
  let noInput: Bool
  let browserExitCancels: Bool
  /// `--events text|json`.
  let events: String?
  /// `--product` and `--confirm`.
  let account: StartAccount
  /// `--activate-license` and `--license-name`.
  let licenses: StartLicenses
  /// `--qr`: the code to draw, and whether Dodo is polled while the phone pays.
  let qr: StartQR?

  /// Reads the command line, the environment and the configuration; with `--product`, the
  /// checkout session is created here (its URLs are the ones to run).
  init(_ invocation: Invocation, context: Context) throws(CLIError) {
    let configuration = try context.configuration()
    let settings = try context.effectiveSettings(
      SettingOptions.commandLineSettings(from: invocation), in: configuration)
    noOpen = invocation.isSet(Self.noOpen)
    if noOpen, invocation.isSet(SettingOptions.browser) {
      throw CLIError.usage("--browser and --no-open cannot be used together", command: invocation.path)
    }
    account = try StartAccount(invocation: invocation, context: context)
    licenses = try StartLicenses(invocation: invocation, context: context)
    guard let givenReturnURL = settings.returnURL.value else {
      throw CLIError.usage(
        "no return URL: pass --return-url URL, set DODO_RETURN_URL, or set return_url in the profile",
        command: invocation.path)
    }
    let (checkout, returning) = try account.urls(
      checkoutURL: invocation.arguments.first, returnURL: givenReturnURL, page: settings.page)
    // Read once, here: a bad URL gets its own exit code before any directory is touched, and
    // the checkout runs on these values.
    do throws(CheckoutError) {
      checkoutURL = try CheckoutURL(checkout)
      returnURL = try ReturnURL.forCheckout(returning)
    } catch {
      throw CLIError.checkout(error)
    }
    account.adopt(checkoutURL: checkoutURL, returnURL: returnURL)
    if account.pollInterval != nil, checkoutURL.sessionId?.hasPrefix("cks_") != true {
      guard !invocation.isSet(StartAccount.poll) else {
        throw CLIError.usage(
          "--poll needs a checkout URL that names its session (…/session/cks_…), or --product",
          command: invocation.path)
      }
      // `--qr`'s polling: without a session to ask about, the QR code's warning says what can finish it.
      account.pollInterval = nil
    }
    qr = try StartQR(invocation, checkoutURL: checkoutURL, polling: account.pollInterval != nil)
    do throws(SettingProblem) { browserCommand = try settings.browserCommand(in: configuration) } catch {
      throw CLIError(error)
    }
    browserIsSet = settings.browser.value != nil
    customization = settings.customization
    timeout = settings.timeout.value
    noInput = context.json || invocation.isSet(Self.noInput)
    browserExitCancels = invocation.isSet(Self.browserExitCancels)
    events = invocation.value(Self.events)
  }
}
