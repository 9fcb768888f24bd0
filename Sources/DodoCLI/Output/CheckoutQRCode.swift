import DodoPlatform
import DodoQRCode

/// `--qr` on `start` and `checkout create`: the checkout URL as a QR code on standard error,
/// for paying on a phone (account.md §E).
struct CheckoutQRCode {
  static let option = OptionSpec(
    "qr", help: "Draw the checkout URL as a QR code on standard error.")
  /// Level M: 15 % of the code may be unreadable (a glyph the terminal's font draws with a
  /// gap, a reflection on a screen) at a size that still fits a terminal; L saves only a few
  /// lines, Q and H cost many.
  static let errorCorrection = QRErrorCorrection.medium

  let code: QRCode

  /// The code of `url`; one too long for any QR code is a usage error of `command`.
  init(url: String, command: [String]) throws(CLIError) {
    do throws(QRCodeError) {
      code = try QRCode(encoding: Array(url.utf8), errorCorrection: Self.errorCorrection)
    } catch {
      throw .usage(
        "--qr: the checkout URL is \(url.utf8.count) bytes, more than a QR code holds "
          + "(\(QRCode.byteCapacity(version: 40, errorCorrection: Self.errorCorrection)) at level M): "
          + "leave out --qr and open the URL by other means",
        command: command)
    }
  }

  /// Draws the code on standard error: half blocks in a UTF-8 locale, else `##`; black on
  /// white where colour is on. It holds only dodo's own characters, nothing from outside.
  /// With `--json` standard error carries JSON lines, so the code is drawn only on a terminal,
  /// where no program reads it; otherwise a warning says why not.
  func draw(on context: Context) {
    guard !context.json || context.stderr.isTerminal else {
      context.warn("--qr draws no code with --json when standard error is not a terminal")
      return
    }
    let text = QRCodeText(
      glyphs: LocaleCharset.isUTF8(context.environment) ? .halfBlocks : .ascii, colours: context.stderrStyle.enabled)
    context.stderr.write(text.draw(code))
    context.stderr.flush()
  }
}
