import DodoAccount
import DodoCheckout
import DodoConfig

extension CommandSpec {
  static let checkout: CommandSpec = CommandSpec(
    "checkout",
    abstract: "Create Dodo Payments checkout sessions from the shell.",
    discussion: """
      The backend's half of a checkout, for scripts and testing: 'dodo checkout create' sends \
      POST /checkouts with your API key and prints the checkout URL, which 'dodo start' opens.
      """,
    subcommands: [.checkoutCreate],
    examples: [
      .init("dodo checkout create --product pdt_123", "Create a session for one product; print its checkout URL.")
    ]
  )

  static let checkoutCreate: CommandSpec = CommandSpec(
    "create",
    abstract: "Create a checkout session (POST /checkouts) and print its checkout URL.",
    discussion: """
      Sends POST /checkouts with product_cart from each --product (ID, or ID:QTY; QTY 1 when \
      left out), return_url the effective return URL (--return-url, $DODO_RETURN_URL, then the \
      profile's return_url; left out when there is none), customer {email, name} when --email \
      is given, metadata from each --metadata KEY=VALUE, and discount_codes from each \
      --discount-code.

      Dodo's page as configured: --theme dark|light|system (customization.theme; without it, \
      the business's theme), --language CODE (customization.force_language, a language code \
      such as en, fr or pt-BR; without it, the customer's browser decides) and \
      --redirect-immediately (feature_flags.redirect_immediately: straight to the return URL \
      after payment, without Dodo's result page), each also a profile key (theme, language, \
      redirect_immediately; the flag wins). The SDK's --color-scheme of 'dodo start' is \
      another thing: the controls around the page, not the page.

      Dodo shows a back button only for a session with a cancel_url, and this command sends \
      one only when asked: --cancel-url URL (an absolute URL), or --cancel-url alone for the \
      return URL plus dodo_cancel=1, which a 'dodo start' waiting on that return URL reads as \
      the customer going back (cancelled, reason customer). A word right after --cancel-url \
      is its URL only when it reads as one (SCHEME://…).

      The key comes from $DODO_PAYMENTS_API_KEY (never from a flag, which any local user could \
      read in the process list); test mode unless live mode is asked for. The mode used is said \
      on standard error (with --json, as "mode").

      Text: the checkout URL alone on standard output, so that URL=$(dodo checkout create …) \
      works, and the session id on standard error. JSON: \
      {"sessionId":"cks_…","checkoutUrl":"https://…","mode":"test"}.

      The request is sent once and never retried: a retry could create a second session. When \
      Dodo refuses or fails, or cannot be reached, the exit status is 24 and the error says \
      what to check (a 401: "the key is refused: is it a test-mode key used in live mode, or \
      revoked?"); with --json, \
      {"error":{"code":"API_ERROR","httpStatus":401,"dodoCode":null,"message":…}}, httpStatus \
      null when no answer came, dodoCode the code of Dodo's error body (INVALID_DISCOUNT_CODE) \
      when it has one.

      --qr also draws the checkout URL as a QR code on standard error, after the session id, \
      for paying on a phone (see 'dodo help start' for how it is drawn). It is the session's \
      own URL: Dodo's short links are on another host, which the checkout URL rule refuses. A \
      URL too long for any QR code (more than 2331 bytes) is still printed, then exit 64.
      """,
    options: CheckoutCreateCommand.options,
    examples: [
      .init(
        "URL=$(dodo checkout create --product pdt_123 --return-url \"$RETURN_URL\")",
        "Create a session and keep its checkout URL."),
      .init(
        "dodo checkout create --product pdt_1:2 --email a@example.com --metadata order=42 --json",
        "Two of a product, for a new customer, with metadata; print JSON."),
    ],
    exitStatuses: [
      .init(.success, "The session was created."),
      .init(.apiError, "Dodo refused or failed, or could not be reached (API_ERROR)."),
      .init(.usage, "No --product, or a value that does not parse."),
      .init(.configuration, "No API key, or a configuration that does not load."),
    ],
    handler: { invocation, context throws(CLIError) in
      try CheckoutCreateCommand(context: context).run(invocation)
    }
  )
}

/// `dodo checkout create`: `POST /checkouts`, the URL printed.
struct CheckoutCreateCommand {
  static let product = OptionSpec(
    "product", value: "ID[:QTY]", required: true, repeating: true,
    help: "A product and its quantity (1 when left out); repeatable, at least one.")
  static let email = OptionSpec("email", value: "EMAIL", help: "The new customer's email.")
  static let name = OptionSpec("name", value: "NAME", help: "The new customer's name; needs --email as well.")
  static let metadata = OptionSpec(
    "metadata", value: "KEY=VALUE", repeating: true, help: "Metadata for the session; repeatable.")
  static let discountCode = OptionSpec(
    "discount-code", value: "CODE", repeating: true, help: "A discount code to apply; repeatable.")
  static let cancelURL = OptionSpec(
    "cancel-url", value: "URL", optionalValue: .url,
    help: "Show a back button going to URL; alone: the return URL plus dodo_cancel=1.")
  static let options =
    [product, SharedOptions.returnURL, email, name, metadata, discountCode, cancelURL, CheckoutQRCode.option]
    + PageOptions.all

  let context: Context

  func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    let request = try Self.request(invocation, context: context)
    let api = try context.dodoAPI(command: invocation.path)
    context.announceMode(api)
    let created: CheckoutSessionCreated
    do throws(DodoAPIError) { created = try api.createCheckoutSession(request) } catch { throw .api(error) }
    // The session exists now: a URL no QR code holds is an error only once the URL is printed.
    var qrCode: Result<CheckoutQRCode, CLIError>?
    if invocation.isSet(CheckoutQRCode.option) {
      qrCode = Result { () throws(CLIError) in try CheckoutQRCode(url: created.checkoutURL, command: invocation.path) }
    }
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("sessionId")
        json.string(created.sessionId)
        json.key("checkoutUrl")
        json.string(created.checkoutURL)
        json.key("mode")
        json.string(api.mode.rawValue)
        json.endObject()
      }
    } else {
      context.stderr.write("Checkout session \(TerminalText.escaped(created.sessionId))\n")
    }
    if case .success(let code) = qrCode { code.draw(on: context) }
    if !context.json { context.stdout.write(TerminalText.escaped(created.checkoutURL) + "\n") }
    if case .failure(let error) = qrCode { throw error }
    return .success
  }

  /// The request the options describe; a value that does not parse is a usage error.
  static func request(_ invocation: Invocation, context: Context) throws(CLIError) -> CheckoutSessionRequest {
    var request: CheckoutSessionRequest
    do throws(CheckoutSessionRequest.ArgumentError) {
      request = try CheckoutSessionRequest(
        products: invocation.values(product), metadata: invocation.values(metadata), email: invocation.value(email),
        name: invocation.value(name), discountCodes: invocation.values(discountCode))
    } catch {
      throw .usage(error.message, command: invocation.path)
    }
    let settings = try context.effectiveSettings(
      CommandLineSettings(
        returnURL: invocation.value(SharedOptions.returnURL), page: PageOptions.page(from: invocation)))
    request.returnURL = settings.returnURL.value
    request.page = settings.page
    if invocation.isSet(cancelURL) {
      request.cancelURL = try Self.cancelURL(invocation.value(cancelURL), returnURL: request.returnURL, invocation)
    }
    return request
  }

  /// `--cancel-url URL` as given (an absolute URL), or `--cancel-url` alone: the return URL
  /// with `dodo_cancel=1`, which a `dodo start` waiting on that return URL reads as the
  /// customer going back.
  private static func cancelURL(_ given: String?, returnURL: String?, _ invocation: Invocation) throws(CLIError)
    -> String
  {
    guard let given else {
      guard let returnURL else {
        throw .usage(
          "--cancel-url without a URL needs a return URL: pass --return-url URL, set DODO_RETURN_URL, or give --cancel-url URL",
          command: invocation.path)
      }
      return ReturnCancel.url(for: returnURL)
    }
    do throws(CheckoutError) { _ = try ReturnURL(given) } catch {
      throw .usage(
        "invalid value '\(given)' for '--cancel-url' (expected an absolute URL such as https://example.com/cart)",
        command: invocation.path)
    }
    return given
  }
}
