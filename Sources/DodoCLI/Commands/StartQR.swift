import DodoCheckout
import DodoPlatform

/// `start --qr`: the checkout URL as a QR code on standard error before the checkout is
/// shown, for paying on a phone. A phone cannot reach this machine's return URL, so unless
/// Dodo is polled (a key and a `cks_` session) only `handle-url` or a pasted address can finish it.
struct StartQR {
  let code: CheckoutQRCode
  /// Whether Dodo is asked how the checkout ended while it waits (`--poll`, or `--qr` with a key).
  let polling: Bool

  /// A URL too long for any QR code is a usage error of `command`, before anything opens.
  init(checkoutURL: CheckoutURL, polling: Bool, command: [String]) throws(CLIError) {
    code = try CheckoutQRCode(url: checkoutURL.string, command: command)
    self.polling = polling
  }
}

/// Draws the QR code, warns when nothing but a return by hand can finish the checkout, then
/// shows the checkout as `shown` does.
final class QRCodePresenter: CheckoutPresenter {
  let context: Context
  let qr: StartQR
  let shown: any CheckoutPresenter

  init(context: Context, qr: StartQR, shown: any CheckoutPresenter) {
    self.context = context
    self.qr = qr
    self.shown = shown
  }

  func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    qr.code.draw(on: context)
    if !qr.polling {
      context.warn(
        "--qr: a phone cannot reach this machine's return URL, and without an API key (and a cks_ session) dodo "
          + "cannot ask Dodo how the checkout ended: only 'dodo handle-url URL' or pasting the address the "
          + "browser ended on can finish it")
      context.stderr.flush()
    }
    try shown.present(url, customization: customization)
  }

  func close() { shown.close() }
}
