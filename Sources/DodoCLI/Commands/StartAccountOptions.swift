import DodoAccount
import DodoCheckout
import DodoNetwork

/// `start`'s options for Dodo's API, read and checked without touching anything: `--product`
/// (the session the run creates), `--confirm` and `--poll`. Any of them needs a key, whose
/// absence is a configuration error (78) here; the key itself is resolved in the run step.
struct StartAccountOptions {
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

  /// Polling Dodo while the checkout waits: every `interval` seconds; `asked` by `--poll`, or
  /// turned on by `--qr` with a key (then a checkout URL naming no session turns it off).
  struct Poll {
    var interval: Double
    var asked: Bool
  }

  let products: [CartItem]
  let confirming: Bool
  /// `--confirm-wait`: how long Dodo is asked again for a final outcome, in seconds.
  let confirmWait: Double
  let poll: Poll?
  /// `--no-cancel-url`: the created session gets no back button.
  let noCancelURL: Bool
  /// How the API is reached when `--product`, `--confirm` or polling needs it; the key's
  /// source only, not yet the key.
  let api: APIAccessSettings?

  init(invocation: Invocation, context: Context) throws(CLIError) {
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
      poll = Poll(interval: seconds, asked: true)
    } else if invocation.isSet(CheckoutQRCode.option), try context.apiSettings().apiKey != nil {
      // A phone cannot reach this machine's return URL: with a key, `--qr` asks Dodo instead (§E).
      poll = Poll(interval: Self.defaultPollInterval, asked: false)
    } else {
      poll = nil
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
    api = confirming || !items.isEmpty || poll != nil ? try context.apiAccessSettings(command: invocation.path) : nil
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
}
