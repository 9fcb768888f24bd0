import DodoTestSupport
import Foundation
import Testing

/// `dodo checkout create --qr` through the built binary and the fake Dodo API: what it prints
/// on standard error, read by a real QR reader, is exactly the session's checkout URL.
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forFakeAPI) && RequiredTools.present(RequiredTools.forQRReader),
    "needs \((RequiredTools.forFakeAPI + RequiredTools.forQRReader).joined(separator: ", "))")
)
struct QRCodeEndToEndTests {
  static let urls = [
    "https://test.checkout.dodopayments.com/session/cks_new",
    "https://test.checkout.dodopayments.com/session/cks_new?"
      + (1...20).map { "utm_field_\($0)=some%20value_\($0 * 104_729)" }.joined(separator: "&"),
  ]

  @Test("the printed code reads back as the checkout URL, in half blocks and in ##", arguments: urls)
  func printedCodeDecodes(url: String) throws {
    let api = try FakeDodoAPI(state: #"{"next_session": {"session_id": "cks_new", "checkout_url": "\#(url)"}}"#)
    let sandbox = CheckoutSandbox()
    for locale in ["C.UTF-8", "C"] {
      let output = try Dodo.run(
        ["checkout", "create", "--product", "pdt_1", "--qr"],
        environment: sandbox.environment(api.environment.merging(["LANG": locale]) { $1 }))
      #expect(output.status == 0, "\(output.stderr)")
      #expect(output.stdout == url + "\n")
      let drawing = output.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        .drop { !$0.hasPrefix("    ") }.joined(separator: "\n")
      let read = try QRCodeReader.decode(QRCodeReader.modules(fromPrinted: drawing))
      #expect(read.stdout == url + "\n", "LANG=\(locale): \(read.stderr)")
    }
  }
}
