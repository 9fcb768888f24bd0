import DodoAccount
import DodoCheckout
import DodoPlatform

/// The checkout one `start` runs, its URLs read and checked: a bad one fails with its own exit
/// code before any directory is touched. For a given checkout URL `StartOptions` reads it; for
/// `--product`, the run step, from the session it created.
struct StartCheckout {
  let checkoutURL: CheckoutURL
  let returnURL: ReturnURL
  /// The checkout session Dodo is asked about: the one `--product` created, else the checkout URL's.
  let sessionId: String?
  /// How often Dodo is polled while the checkout waits, in seconds; `nil`: never.
  let pollInterval: Double?
  let qr: StartQR?

  /// `poll` and `qr` as the options asked; `command` names the command in a usage error.
  init(
    checkoutURL checkout: String, returnURL returning: String, sessionId: String?, poll: StartAccountOptions.Poll?,
    qr: Bool, command: [String]
  ) throws(CLIError) {
    do throws(CheckoutError) {
      checkoutURL = try CheckoutURL(checkout)
      returnURL = try ReturnURL.forCheckout(returning)
    } catch {
      throw CLIError.checkout(error)
    }
    self.sessionId = sessionId ?? checkoutURL.sessionId
    var interval = poll?.interval
    if let poll, checkoutURL.sessionId?.hasPrefix("cks_") != true {
      guard !poll.asked else {
        throw CLIError.usage(
          "--poll needs a checkout URL that names its session (…/session/cks_…), or --product", command: command)
      }
      // `--qr`'s polling: without a session to ask about, the QR code's warning says what can finish it.
      interval = nil
    }
    pollInterval = interval
    self.qr = qr ? try StartQR(checkoutURL: checkoutURL, polling: interval != nil, command: command) : nil
  }
}

/// The session `start --product` creates in its run step (`POST /checkouts`, as `dodo checkout
/// create` does).
struct StartProduct {
  let cart: [CartItem]
  /// The given return URL, checked; the run adds a fresh `state` when it has no query of its own.
  let returnURL: String
  let page: CheckoutPage
  /// Unless `--no-cancel-url`: the page's back button returns here and ends the run as cancelled.
  let cancelButton: Bool
  /// How the API is reached (the key is resolved in the run step).
  let api: APIAccessSettings
}

extension StartRun {
  /// Creates `product`'s session (exit 24 when Dodo refuses or fails; never retried), and reads
  /// its URLs as a given checkout's are read.
  func created(_ product: StartProduct, api: DodoAPI) throws(CLIError) -> StartCheckout {
    let returning: String
    do throws(PlatformError) { returning = try ReturnState.addingFresh(to: product.returnURL) } catch {
      throw .platform(error)
    }
    context.announceMode(api)
    let created: CheckoutSessionCreated
    do throws(DodoAPIError) {
      var request = CheckoutSessionRequest(productCart: product.cart, returnURL: returning)
      request.page = product.page
      if product.cancelButton { request.cancelURL = ReturnCancel.url(for: returning) }
      created = try api.createCheckoutSession(request)
    } catch {
      throw .api(error)
    }
    if !context.json { context.stderr.write("Checkout session \(TerminalText.escaped(created.sessionId))\n") }
    return try StartCheckout(
      checkoutURL: created.checkoutURL, returnURL: returning, sessionId: created.sessionId, poll: options.account.poll,
      qr: options.qr, command: options.command)
  }
}
