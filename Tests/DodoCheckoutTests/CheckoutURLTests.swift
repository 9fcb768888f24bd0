import DodoCheckout
import Testing

/// Spec §1.1: which checkout URLs are valid, the session id and the mode read off them.
@Suite struct CheckoutURLTests {
  /// A URL that must validate, with the session id and mode expected from it.
  struct Valid: Sendable, CustomTestStringConvertible {
    var url: String
    var sessionId: String?
    var isTestMode: Bool
    var testDescription: String { url }
  }

  static let valid: [Valid] = [
    // The two hosts.
    Valid(url: "https://checkout.dodopayments.com/session/cks_123", sessionId: "cks_123", isTestMode: false),
    Valid(url: "https://test.checkout.dodopayments.com/session/cks_123", sessionId: "cks_123", isTestMode: true),
    // Scheme and host compare case-insensitively.
    Valid(url: "HTTPS://checkout.dodopayments.com/session/cks_1", sessionId: "cks_1", isTestMode: false),
    Valid(url: "hTtPs://checkout.dodopayments.com/session/cks_1", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://CHECKOUT.DODOPAYMENTS.COM/session/cks_1", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://Test.Checkout.DodoPayments.Com/session/cks_1", sessionId: "cks_1", isTestMode: true),
    // Port 443 is the default port; an empty port means the default.
    Valid(url: "https://checkout.dodopayments.com:443/session/cks_1", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://test.checkout.dodopayments.com:443/session/cks_1", sessionId: "cks_1", isTestMode: true),
    Valid(url: "https://checkout.dodopayments.com:/session/cks_1", sessionId: "cks_1", isTestMode: false),
    // The path is compared after percent-decoding.
    Valid(url: "https://checkout.dodopayments.com/%73ession/cks_1", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/%73%65%73%73%69%6F%6E/cks_1", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session%2Fcks_1", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session/%63ks_1", sessionId: "cks_1", isTestMode: false),
    // Query and fragment are ignored.
    Valid(
      url: "https://checkout.dodopayments.com/session/cks_1?x=1&session=cks_2", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session/cks_1#/session/cks_2", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session/cks_1?", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session/cks_1#", sessionId: "cks_1", isTestMode: false),
    // The session id is one segment; more path after it is allowed.
    Valid(url: "https://checkout.dodopayments.com/session/cks_1/", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session/cks_1/extra/more", sessionId: "cks_1", isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session/cks_1%2Fextra", sessionId: "cks_1", isTestMode: false),
    // No segment after session: valid, but no session id.
    Valid(url: "https://checkout.dodopayments.com/session/", sessionId: nil, isTestMode: false),
    Valid(url: "https://test.checkout.dodopayments.com/session/?a=b", sessionId: nil, isTestMode: true),
    Valid(url: "https://checkout.dodopayments.com/session/#cks_1", sessionId: nil, isTestMode: false),
    Valid(url: "https://checkout.dodopayments.com/session//cks_1", sessionId: nil, isTestMode: false),
    // Non-ASCII in the id is read as UTF-8 after decoding.
    Valid(url: "https://checkout.dodopayments.com/session/cks_%C3%A9", sessionId: "cks_é", isTestMode: false),
  ]

  @Test(arguments: valid)
  func validCheckoutURL(_ example: Valid) throws {
    let url = try CheckoutURL(example.url)
    #expect(url.string == example.url)
    #expect(url.description == example.url)
    #expect(url.sessionId == example.sessionId)
    #expect(url.isTestMode == example.isTestMode)
  }

  static let invalid: [String] = [
    // Not a URL at all.
    "",
    "not-a-url",
    "checkout.dodopayments.com/session/cks_1",
    "//checkout.dodopayments.com/session/cks_1",
    "/session/cks_1",
    // Scheme.
    "http://checkout.dodopayments.com/session/cks_1",
    "ftp://checkout.dodopayments.com/session/cks_1",
    "httpss://checkout.dodopayments.com/session/cks_1",
    "https:checkout.dodopayments.com/session/cks_1",
    "https:/checkout.dodopayments.com/session/cks_1",
    "https:///session/cks_1",
    // Trailing dot, other subdomains, look-alikes.
    "https://checkout.dodopayments.com./session/cks_1",
    "https://test.checkout.dodopayments.com./session/cks_1",
    "https://checkout.dodopayments.com.evil.com/session/cks_1",
    "https://evilcheckout.dodopayments.com/session/cks_1",
    "https://www.checkout.dodopayments.com/session/cks_1",
    "https://live.checkout.dodopayments.com/session/cks_1",
    "https://test.test.checkout.dodopayments.com/session/cks_1",
    "https://dodopayments.com/session/cks_1",
    "https://checkout.dodopayments.co/session/cks_1",
    "https://checkout-dodopayments.com/session/cks_1",
    "https://checkoutXdodopayments.com/session/cks_1",
    "https://checkout%2Edodopayments.com/session/cks_1",
    "https://evil.com\\.checkout.dodopayments.com/session/cks_1",
    "https://[::1]/session/cks_1",
    "https://127.0.0.1/session/cks_1",
    // Userinfo, also empty or hiding the real host.
    "https://user@checkout.dodopayments.com/session/cks_1",
    "https://user:pass@checkout.dodopayments.com/session/cks_1",
    "https://@checkout.dodopayments.com/session/cks_1",
    "https://evil.com@checkout.dodopayments.com/session/cks_1",
    "https://checkout.dodopayments.com@evil.com/session/cks_1",
    "https://checkout.dodopayments.com\\@evil.com/session/cks_1",
    // Ports other than 443, and ports that are not ports.
    "https://checkout.dodopayments.com:80/session/cks_1",
    "https://checkout.dodopayments.com:8443/session/cks_1",
    "https://checkout.dodopayments.com:0/session/cks_1",
    "https://checkout.dodopayments.com:444/session/cks_1",
    "https://checkout.dodopayments.com:4430/session/cks_1",
    "https://checkout.dodopayments.com:65536/session/cks_1",
    "https://checkout.dodopayments.com:abc/session/cks_1",
    "https://checkout.dodopayments.com:-443/session/cks_1",
    "https://checkout.dodopayments.com:443:443/session/cks_1",
    // The path: /session/ is case-sensitive, must be the first segment, and needs its slash.
    "https://checkout.dodopayments.com",
    "https://checkout.dodopayments.com/",
    "https://checkout.dodopayments.com/session",
    "https://checkout.dodopayments.com/session?x=/session/",
    "https://checkout.dodopayments.com/Session/cks_1",
    "https://checkout.dodopayments.com/SESSION/cks_1",
    "https://checkout.dodopayments.com/%53ession/cks_1",
    "https://checkout.dodopayments.com/sessions/cks_1",
    "https://checkout.dodopayments.com/sessionx/cks_1",
    "https://checkout.dodopayments.com/x/session/cks_1",
    "https://checkout.dodopayments.com//session/cks_1",
    "https://checkout.dodopayments.com/%2Fsession/cks_1",
    "https://checkout.dodopayments.com?/session/cks_1",
    "https://checkout.dodopayments.com#/session/cks_1",
    // Spaces and control characters anywhere, also in the query or fragment.
    " https://checkout.dodopayments.com/session/cks_1",
    "https://checkout.dodopayments.com/session/cks_1 ",
    "https://checkout.dodopayments.com/session/cks 1",
    "https://checkout.dodopayments.com/session/cks_1?a=b c",
    "https://checkout.dodopayments.com/session/cks_1#a b",
    "https://checkout.dodopayments.com/session/cks_1\n",
    "https://checkout.dodopayments.com/session/cks_1\r\n",
    "https://checkout.dodopayments.com/session/\tcks_1",
    "https://checkout.dodopayments.com/session/cks_1\u{0}",
    "https://checkout.dodopayments.com/session/cks_1\u{1B}[31m",
    "https://checkout.dodopayments.com/session/cks_1\u{7F}",
    "https://checkout.dodopayments.com/session/cks_1\u{80}",
    "https://checkout.dodopayments.com/session/cks_1\u{85}",
    "https://checkout.dodopayments.com/session/cks_1\u{9F}",
    // Malformed escapes anywhere.
    "https://checkout.dodopayments.com/session/cks_1%",
    "https://checkout.dodopayments.com/session/cks_1%4",
    "https://checkout.dodopayments.com/session/cks_1%G1",
    "https://checkout.dodopayments.com/session/cks_1%4G",
    "https://checkout.dodopayments.com/session/cks_1%%41",
    "https://checkout.dodopayments.com/session/cks_1?a=%",
    "https://checkout.dodopayments.com/session/cks_1?a=%zz",
    "https://checkout.dodopayments.com/session/cks_1#%",
    "https://checkout.dodopayments.com/%session/cks_1",
  ]

  @Test(arguments: invalid.map(EscapedText.init))
  func invalidCheckoutURL(_ text: EscapedText) {
    #expect {
      _ = try CheckoutURL(text.text)
    } throws: { error in
      guard let error = error as? CheckoutError else { return false }
      return error.code == .invalidCheckoutUrl && error.message.hasPrefix("invalid checkout URL: ")
    }
  }

  /// The look-alike and subdomain hosts are refused because of the host, not by accident.
  @Test(arguments: [
    ("https://checkout.dodopayments.com./session/cks_1", "checkout.dodopayments.com."),
    ("https://checkout.dodopayments.com.evil.com/session/cks_1", "checkout.dodopayments.com.evil.com"),
    ("https://evilcheckout.dodopayments.com/session/cks_1", "evilcheckout.dodopayments.com"),
    ("https://www.checkout.dodopayments.com/session/cks_1", "www.checkout.dodopayments.com"),
  ])
  func hostErrorNamesTheHost(_ url: String, host: String) throws {
    let error = try #require(throws: CheckoutError.self) { try CheckoutURL(url) }
    #expect(error.message.contains("the host must be checkout.dodopayments.com or test.checkout.dodopayments.com"))
    #expect(error.message.contains("'\(host)'"))
  }

  /// Each kind of problem gets its own explanation.
  @Test(arguments: [
    ("http://checkout.dodopayments.com/session/cks_1", "scheme must be https"),
    ("https://user@checkout.dodopayments.com/session/cks_1", "user name or password"),
    ("https://checkout.dodopayments.com:8443/session/cks_1", "port must be 443"),
    ("https://checkout.dodopayments.com/pay/cks_1", "path must start with /session/"),
    ("https:checkout.dodopayments.com/session/cks_1", "must start with https://checkout.dodopayments.com/session/"),
    ("https://checkout.dodopayments.com/session/a b", "space at position 44"),
    ("https://checkout.dodopayments.com/session/a\u{7F}", "control character at position 44"),
    ("https://checkout.dodopayments.com/session/a%4", "malformed percent escape at position 44"),
    ("https://checkout.dodopayments.com:99999/session/a", "port is not a number"),
    ("not-a-url", "no scheme"),
    ("", "it is empty"),
  ])
  func errorMessageSaysWhy(_ url: String, reason: String) throws {
    let error = try #require(throws: CheckoutError.self) { try CheckoutURL(url) }
    #expect(error.code == .invalidCheckoutUrl)
    #expect(error.message.contains(reason), "\(error.message)")
  }

  /// The query may carry a customer's details; an error message never repeats it.
  @Test(arguments: [
    "https://evil.example/session/cks_1?email=secret%40x.com",
    "https://checkout.dodopayments.com/pay?email=secret%40x.com",
    "https://checkout.dodopayments.com/session/cks_1?email=secret%4",
  ])
  func errorMessageLeavesOutTheQuery(_ url: String) throws {
    let error = try #require(throws: CheckoutError.self) { try CheckoutURL(url) }
    #expect(!error.message.contains("secret"))
  }

  /// `start` records the session id and `abandoned show` must read the record back: an id
  /// longer than the record holds is refused up front, before anything is opened or written.
  @Test func sessionIdLengthIsBounded() throws {
    let longest = String(repeating: "%22", count: 1024)
    #expect(try CheckoutURL("https://checkout.dodopayments.com/session/\(longest)/x").sessionId?.utf8.count == 1024)
    let error = try #require(throws: CheckoutError.self) {
      try CheckoutURL("https://checkout.dodopayments.com/session/cks_" + String(repeating: "a", count: 70_000))
    }
    #expect(error == .invalidCheckoutUrl("the session id is longer than 1024 bytes; Dodo's are a few dozen"))
  }

  @Test func equalURLsAreEqualValues() throws {
    let a = try CheckoutURL("https://checkout.dodopayments.com/session/cks_1")
    let b = try CheckoutURL("https://checkout.dodopayments.com/session/cks_1")
    let c = try CheckoutURL("https://test.checkout.dodopayments.com/session/cks_1")
    #expect(a == b)
    #expect(a != c)
    #expect(Set([a, b, c]).count == 2)
  }

  @Test("an opened event names the URL without its query or fragment")
  func withoutQuery() throws {
    let url = try CheckoutURL("https://test.checkout.dodopayments.com/session/cks_1?prefill=a@b.c#top")
    #expect(url.withoutQuery == "https://test.checkout.dodopayments.com/session/cks_1")
    #expect(try CheckoutURL("https://checkout.dodopayments.com/session/cks_2#x").withoutQuery.hasSuffix("cks_2"))
  }
}
