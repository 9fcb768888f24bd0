import DodoAccount
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
  static let options = [product, SharedOptions.returnURL, email, name, metadata, discountCode]

  let context: Context

  func run(_ invocation: Invocation) throws(CLIError) -> ExitStatus {
    let request = try Self.request(invocation, context: context)
    let api = try context.dodoAPI(command: invocation.path)
    context.announceMode(api)
    let created: CheckoutSessionCreated
    do throws(DodoAPIError) { created = try api.createCheckoutSession(request) } catch { throw .api(error) }
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
      context.stdout.write(TerminalText.escaped(created.checkoutURL) + "\n")
    }
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
    request.returnURL = try context.effectiveSettings(
      CommandLineSettings(returnURL: invocation.value(SharedOptions.returnURL))
    )
    .returnURL.value
    return request
  }
}
