import DodoQRCode
import DodoTestSupport
import Foundation
import Testing

/// URLs of the lengths a checkout brings: a short one, a typical session, one with a long
/// query, and one long enough for a large version.
private let checkoutURLs = [
  "https://test.checkout.dodopayments.com/session/cks_1",
  "https://checkout.dodopayments.com/session/cks_0NCZbT8oJ2yb3pEqZ9QkA",
  "https://checkout.dodopayments.com/session/cks_0NCZbT8oJ2yb3pEqZ9QkA?"
    + (1...12).map { "utm_param_\($0)=value%20\($0)%2Fwith-escapes_\($0 * 7919)" }.joined(separator: "&"),
  "https://checkout.dodopayments.com/session/cks_big?data="
    + String(
      (0..<1500).map { index in
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")[index * 37 % 64]
      }),
]

/// The printed drawing, decoded by a real reader: zbarimg must read back exactly the URL.
@Suite(
  "QR codes read by zbarimg",
  .enabled(if: RequiredTools.present(RequiredTools.forQRReader), "needs zbarimg (Debian zbar-tools)"))
struct QRCodeZbarTests {
  @Test("half blocks, with and without colours, and ## in a non-UTF-8 locale", arguments: checkoutURLs)
  func printedCodeDecodes(url: String) throws {
    let code = try QRCode(encoding: Array(url.utf8))
    for text in [
      QRCodeText(glyphs: .halfBlocks, colours: false), QRCodeText(glyphs: .halfBlocks, colours: true),
      QRCodeText(glyphs: .ascii, colours: false),
    ] {
      let read = try QRCodeReader.decode(QRCodeReader.modules(fromPrinted: text.draw(code)))
      #expect(read.status == 0, "version \(code.version): \(read.stderr)")
      #expect(read.stdout == url + "\n", "version \(code.version), \(text.glyphs)")
    }
  }

  @Test("every level reads back, at the smallest and largest versions", arguments: QRErrorCorrection.allCases)
  func everyLevel(level: QRErrorCorrection) throws {
    for url in [checkoutURLs[0], checkoutURLs[2]] {
      let code = try QRCode(encoding: Array(url.utf8), errorCorrection: level)
      let read = try QRCodeReader.decode(
        QRCodeReader.modules(fromPrinted: QRCodeText(glyphs: .halfBlocks, colours: false).draw(code)), scale: 3)
      #expect(read.stdout == url + "\n", "version \(code.version) at \(level)")
    }
  }
}

/// The module matrix against libqrencode's for the same bytes and level: identical, mask
/// included.
@Suite(
  "QR codes compared with libqrencode",
  .enabled(if: RequiredTools.present(RequiredTools.forQRencode), "needs qrencode (Debian qrencode)"))
struct QRCodeLibqrencodeTests {
  private static let levels: [(QRErrorCorrection, String)] = [
    (.low, "L"), (.medium, "M"), (.quartile, "Q"), (.high, "H"),
  ]

  private func matrix(_ code: QRCode) -> [[Bool]] {
    (0..<code.size).map { y in (0..<code.size).map { x in code.isDark(x: x, y: y) } }
  }

  @Test("the same symbol as libqrencode, every level", arguments: checkoutURLs)
  func sameSymbol(url: String) throws {
    for (level, name) in Self.levels {
      // The largest URL does not fit level H at all.
      guard let ours = try? QRCode(encoding: Array(url.utf8), errorCorrection: level) else { continue }
      let theirs = try QRCodeReader.libqrencode(url, level: name)
      #expect(ours.size == theirs.count, "level \(name)")
      // Same mask, same modules: the data, error correction, placement and function patterns.
      let sameMask = try QRCode(encoding: Array(url.utf8), errorCorrection: level, mask: QRCodeReader.mask(of: theirs))
      #expect(matrix(sameMask) == theirs, "level \(name), version \(ours.version)")
      // The penalty rules pick libqrencode's mask.
      #expect(ours.mask == QRCodeReader.mask(of: theirs), "level \(name), version \(ours.version)")
    }
  }

  @Test("every version from 1 to 40 at level M")
  func everyVersion() throws {
    let long = "https://checkout.dodopayments.com/session/cks_" + String(repeating: "0123456789", count: 240)
    for version in 1...40 {
      // The longest text of this version.
      let text = String(long.prefix(QRCode.byteCapacity(version: version)))
      let ours = try QRCode(encoding: Array(text.utf8))
      let theirs = try QRCodeReader.libqrencode(text, level: "M")
      #expect(ours.version == version)
      #expect(ours.mask == QRCodeReader.mask(of: theirs), "version \(version)")
      #expect(matrix(ours) == theirs, "version \(version)")
    }
  }
}
