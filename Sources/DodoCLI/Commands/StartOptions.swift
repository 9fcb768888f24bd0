import DodoCheckout
import DodoConfig
import DodoSetup

/// What one `dodo start` command line asks for, read and checked once (gh's `XOptions`,
/// parsed in `NewCmdX`): plain values, with the URLs validated. A bad URL or option fails
/// here, with its own exit code; nothing is sent, written or run while they are read.
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

  /// The checkout to run: the one a given checkout URL names, or the session `--product` creates.
  enum Checkout {
    case given(StartCheckout)
    case product(StartProduct)
  }

  /// The command, for a usage error found once the session is created (`--poll`, `--qr`).
  let command: [String]
  let checkout: Checkout
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
  let events: EventFormat?
  /// `--product`, `--confirm` and `--poll`.
  let account: StartAccountOptions
  /// `--activate-license` and `--license-name`.
  let licenses: StartLicenses
  /// `--qr`.
  let qr: Bool

  /// Reads the command line, the environment and the configuration.
  init(_ invocation: Invocation, context: Context) throws(CLIError) {
    command = invocation.path
    let configuration = try context.configuration()
    let settings = try context.effectiveSettings(
      SettingOptions.commandLineSettings(from: invocation), in: configuration)
    noOpen = invocation.isSet(Self.noOpen)
    if noOpen, invocation.isSet(SettingOptions.browser) {
      throw CLIError.usage("--browser and --no-open cannot be used together", command: invocation.path)
    }
    account = try StartAccountOptions(invocation: invocation, context: context)
    licenses = try StartLicenses(invocation: invocation, context: context)
    guard let givenReturnURL = settings.returnURL.value else {
      throw CLIError.usage(
        "no return URL: pass --return-url URL, set DODO_RETURN_URL, or set return_url in the profile",
        command: invocation.path)
    }
    qr = invocation.isSet(CheckoutQRCode.option)
    if let api = account.api, !account.products.isEmpty {
      // The given return URL is checked before Dodo is asked to return to it.
      do throws(CheckoutError) { _ = try ReturnURL.forCheckout(givenReturnURL) } catch { throw .checkout(error) }
      checkout = .product(
        StartProduct(
          cart: account.products, returnURL: givenReturnURL, page: settings.page, cancelButton: !account.noCancelURL,
          api: api))
    } else {
      checkout = .given(
        try StartCheckout(
          checkoutURL: invocation.arguments.first ?? "", returnURL: givenReturnURL, sessionId: nil, poll: account.poll,
          qr: qr, command: invocation.path))
    }
    do throws(SettingProblem) { browserCommand = try settings.browserCommand(in: configuration) } catch {
      throw CLIError(error)
    }
    browserIsSet = settings.browser.value != nil
    customization = settings.customization
    timeout = settings.timeout.value
    noInput = context.json || invocation.isSet(Self.noInput)
    browserExitCancels = invocation.isSet(Self.browserExitCancels)
    events = invocation.value(Self.events).flatMap(EventFormat.init(rawValue:))
  }
}

/// How `start` reports checkout events on standard error (`--events`).
enum EventFormat: String {
  /// A line per event: its time and name.
  case text
  /// A JSON object per event, on a line of its own.
  case json
}
