import DodoCheckout
import DodoPlatform
import Testing

/// Which return URLs' schemes `dodo url-handler` registers.
@Suite struct URLHandlerSchemesTests {
  @Test("custom schemes once each, in order; every http and https return URL skipped")
  func schemes() throws {
    let urls = try [
      "myapp://a", "http://127.0.0.1:1/r", "other://b", "myapp://c", "https://example.com/r", "http://x/y",
    ]
    .map { text throws(CheckoutError) in try ReturnURL(text) }
    let (schemes, skipped) = DesktopURLHandler.schemes(for: urls)
    #expect(schemes == ["myapp", "other"])
    #expect(skipped.map(\.scheme) == ["http", "https", "http"])
    #expect(DesktopURLHandler.schemes(for: []).schemes.isEmpty)
  }
}
