import DodoCheckout
import Testing

/// Spec §1.3: which incoming URLs come back to a return URL.
@Suite struct ReturnURLMatchingTests {
  static let matching: [(returnURL: String, incoming: String)] = [
    // Query, fragment, port and userinfo are ignored.
    ("myapp://checkout/return", "myapp://checkout/return"),
    ("myapp://checkout/return", "myapp://checkout/return?status=succeeded&payment_id=pay_1"),
    ("myapp://checkout/return", "myapp://checkout/return#status=failed"),
    ("myapp://checkout/return", "myapp://checkout/return?#"),
    // Whatever the query and fragment hold, even text that is not URL text (issue 8.14).
    ("myapp://checkout/return", "myapp://checkout/return?status=succeeded&note=100%"),
    ("myapp://checkout/return", "myapp://checkout/return#frag ment"),
    ("myapp://checkout/return", "myapp://checkout/return?x=%"),
    ("myapp://checkout/return", "myapp://checkout/return#%G1"),
    ("myapp://checkout/return", "myapp://checkout/return?a=\u{1B}[31m&b=\n"),
    ("myapp://checkout/return", "myapp://checkout:1234/return"),
    ("myapp://checkout/return", "myapp://checkout:/return"),
    ("myapp://checkout/return", "myapp://user:pw@checkout/return"),
    ("myapp://checkout/return", "myapp://@checkout/return"),
    ("myapp://checkout/return?source=app", "myapp://checkout/return?status=succeeded"),
    ("myapp://user@checkout:99/return", "myapp://checkout/return"),
    ("http://127.0.0.1:53682/return", "http://127.0.0.1:9999/return?status=succeeded"),
    ("http://127.0.0.1:53682/return", "http://127.0.0.1/return"),
    // Scheme and host compare case-insensitively.
    ("myapp://checkout/return", "MYAPP://CHECKOUT/return"),
    ("MyApp://CheckOut/return", "myapp://checkout/return"),
    ("http://[::a]:1/r", "HTTP://[::A]:2/r"),
    // The path compares after percent-decoding.
    ("myapp://checkout/return", "myapp://checkout/%72eturn"),
    ("myapp://checkout/%72eturn", "myapp://checkout/return"),
    ("myapp://checkout/a%2Fb", "myapp://checkout/a/b"),
    ("myapp://checkout/%61%20b", "myapp://checkout/a%20b"),
    ("myapp://checkout/caf%C3%A9", "myapp://checkout/café"),
    ("myapp://checkout/caf%c3%a9", "myapp://checkout/caf%C3%A9"),
    // An empty path is `/`; trailing slashes are dropped, `/` stays `/`.
    ("myapp://checkout", "myapp://checkout/"),
    ("myapp://checkout", "myapp://checkout"),
    ("myapp://checkout", "myapp://checkout///"),
    ("myapp://checkout", "myapp://checkout?status=succeeded"),
    ("myapp://checkout/", "myapp://checkout"),
    ("myapp://checkout/", "myapp://checkout/%2F"),
    ("myapp://checkout/done///", "myapp://checkout/done"),
    ("myapp://checkout/done", "myapp://checkout/done///"),
    ("myapp://checkout/done", "myapp://checkout/done/?status=succeeded"),
    ("myapp://checkout/done", "myapp://checkout/done%2F"),
    ("myapp://checkout/a//b", "myapp://checkout/a//b//"),
  ]

  @Test(arguments: matching)
  func matches(_ returnURL: String, incoming: String) throws {
    #expect(try ReturnURL(returnURL).matches(incoming))
  }

  static let notMatching: [(returnURL: String, incoming: String)] = [
    // The path is case-sensitive, and must be the same path.
    ("myapp://checkout/return", "myapp://checkout/Return"),
    ("myapp://checkout/return", "myapp://checkout/RETURN"),
    ("myapp://checkout/return", "myapp://checkout/%52eturn"),
    ("myapp://checkout/return", "myapp://checkout/retur"),
    ("myapp://checkout/return", "myapp://checkout/returnx"),
    ("myapp://checkout/return", "myapp://checkout/return/x"),
    ("myapp://checkout/return", "myapp://checkout/x/return"),
    ("myapp://checkout/return", "myapp://checkout//return"),
    ("myapp://checkout/return", "myapp://checkout/return%00"),
    ("myapp://checkout/return", "myapp://checkout"),
    ("myapp://checkout/return", "myapp://checkout/"),
    ("myapp://checkout", "myapp://checkout/return"),
    ("myapp://checkout/", "myapp://checkout/x"),
    ("myapp://checkout/a//b", "myapp://checkout/a/b"),
    ("myapp://checkout/a%20b", "myapp://checkout/a%2520b"),  // decoded once, not twice
    // Other scheme or host; http is not https.
    ("myapp://checkout/return", "otherapp://checkout/return"),
    ("myapp://checkout/return", "myapp://other/return"),
    ("myapp://checkout/return", "myapp://checkout./return"),
    ("myapp://checkout/return", "myapp://checkoutx/return"),
    ("myapp://checkout/return", "myapp://evil.com@checkoutx/return"),
    ("myapp://checkout/return", "myapp://checkout@evil/return"),
    ("https://myapp.com/return", "http://myapp.com/return"),
    ("http://myapp.com/return", "https://myapp.com/return"),
    ("http://127.0.0.1:53682/return", "http://localhost:53682/return"),
    // Dodo's own hop on its checkout host is not the app's return URL.
    ("myapp://checkout/return", "https://checkout.dodopayments.com/return/pay_123?status=succeeded"),
    ("myapp://checkout/return", "https://checkout.dodopayments.com/checkout/return"),
    // Not URLs, or URLs without an authority.
    ("myapp://checkout/return", ""),
    ("myapp://checkout/return", "not a url"),
    ("myapp://checkout/return", "myapp:/checkout/return"),
    ("myapp://checkout/return", "myapp:checkout/return"),
    ("myapp://checkout/return", "//checkout/return"),
    ("myapp://checkout/return", "myapp://checkout/return "),
    ("myapp://checkout/return", "myapp://checkout/ret%urn?status=succeeded"),
    ("myapp://checkout/return", "myapp://check out/return?status=succeeded"),
    ("myapp://checkout/return", "myapp://checkout/return\n"),
    ("myapp://checkout/return", "myapp://checkout:port/return"),
    // Different bytes that Swift strings would call equal, or that decode to U+FFFD alike.
    ("myapp://checkout/K", "myapp://checkout/%E2%84%AA"),
    ("myapp://checkout/caf%C3%A9", "myapp://checkout/cafe%CC%81"),
    ("myapp://checkout/%FF", "myapp://checkout/%FE"),
    ("myapp://checkout/%FF", "myapp://checkout/%EF%BF%BD"),
  ]

  @Test(arguments: notMatching)
  func doesNotMatch(_ returnURL: String, incoming: String) throws {
    #expect(try !ReturnURL(returnURL).matches(incoming))
  }

  static let echoing: [(returnURL: String, incoming: String, echoed: Bool)] = [
    // No parameters of its own: anything echoes it.
    ("http://127.0.0.1:1/r", "http://127.0.0.1:1/r", true),
    ("http://127.0.0.1:1/r", "http://127.0.0.1:1/r?status=succeeded", true),
    // Its own parameters must come back with the same decoded values; others may be added.
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?state=ab12&status=succeeded", true),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?status=succeeded&state=%61b12", true),
    ("http://127.0.0.1:1/r?state=ab12&v=2", "http://127.0.0.1:1/r?v=2&state=ab12", true),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?state=x&state=ab12", true),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?status=succeeded", false),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?state=ab1", false),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?state=ab123", false),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?state=AB12", false),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?state=", false),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?state=ab12&state=x", false),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r?State=ab12", false),
    ("http://127.0.0.1:1/r?state=ab12&v=2", "http://127.0.0.1:1/r?state=ab12", false),
    ("http://127.0.0.1:1/r?state=ab12", "http://127.0.0.1:1/r#state=ab12", false),
    ("http://127.0.0.1:1/r?state=", "http://127.0.0.1:1/r?state=", true),
    ("http://127.0.0.1:1/r?state=", "http://127.0.0.1:1/r?state=a", false),
  ]

  @Test(
    "a return echoes the return URL's own parameters (a per-run state) only with the same values", arguments: echoing)
  func echoes(_ returnURL: String, incoming: String, echoed: Bool) throws {
    let own = try ReturnURL(returnURL)
    #expect(own.isEchoed(by: incoming) == echoed)
  }

  @Test("the names of the return URL's own parameters, never their values")
  func ownParameterNames() throws {
    #expect(try ReturnURL("http://127.0.0.1:1/r?state=secret&v=2").ownParameterNames == ["state", "v"])
    #expect(try ReturnURL("myapp://checkout/return").ownParameterNames == [])
  }

  /// Every valid return URL matches itself, whatever it carries.
  @Test(arguments: ReturnURLTests.valid.map(\.url))
  func matchesItself(_ url: String) throws {
    #expect(try ReturnURL(url).matches(url))
  }
}
