import DodoCheckout
import Testing

/// Spec §1.2: which return URLs are valid, and the parts read off them.
@Suite struct ReturnURLTests {
  /// A URL that must validate, with the parts expected from it.
  struct Valid: Sendable, CustomTestStringConvertible {
    var url: String
    var scheme: String
    var host: String
    var normalizedPath: String
    var port: Int?
    var testDescription: String { url }
  }

  static let valid: [Valid] = [
    // The spec's examples.
    Valid(url: "myapp://checkout/return", scheme: "myapp", host: "checkout", normalizedPath: "/return"),
    Valid(
      url: "https://myapp.com/checkout/return", scheme: "https", host: "myapp.com", normalizedPath: "/checkout/return"),
    Valid(
      url: "http://127.0.0.1:53682/return", scheme: "http", host: "127.0.0.1", normalizedPath: "/return", port: 53682),
    // Scheme and host are kept lower-cased; the path keeps its case.
    Valid(url: "MyApp://CheckOut/Return", scheme: "myapp", host: "checkout", normalizedPath: "/Return"),
    // Empty path, root path, trailing slashes.
    Valid(url: "myapp://checkout", scheme: "myapp", host: "checkout", normalizedPath: "/"),
    Valid(url: "myapp://checkout/", scheme: "myapp", host: "checkout", normalizedPath: "/"),
    Valid(url: "myapp://checkout///", scheme: "myapp", host: "checkout", normalizedPath: "/"),
    Valid(url: "myapp://checkout/done///", scheme: "myapp", host: "checkout", normalizedPath: "/done"),
    Valid(url: "myapp://checkout/a//b/", scheme: "myapp", host: "checkout", normalizedPath: "/a//b"),
    // Percent-decoded path, UTF-8 and not.
    Valid(url: "myapp://checkout/%72eturn%2F", scheme: "myapp", host: "checkout", normalizedPath: "/return"),
    Valid(url: "myapp://checkout/a%20b", scheme: "myapp", host: "checkout", normalizedPath: "/a b"),
    Valid(url: "myapp://checkout/caf%C3%A9", scheme: "myapp", host: "checkout", normalizedPath: "/café"),
    Valid(url: "myapp://checkout/%FF", scheme: "myapp", host: "checkout", normalizedPath: "/\u{FFFD}"),
    // Ports: explicit, empty (none), leading zeros.
    Valid(url: "https://myapp.com:8443/r", scheme: "https", host: "myapp.com", normalizedPath: "/r", port: 8443),
    Valid(url: "https://myapp.com:/r", scheme: "https", host: "myapp.com", normalizedPath: "/r"),
    Valid(url: "http://localhost:0/r", scheme: "http", host: "localhost", normalizedPath: "/r", port: 0),
    Valid(url: "http://localhost:65535/r", scheme: "http", host: "localhost", normalizedPath: "/r", port: 65535),
    Valid(url: "http://localhost:080/r", scheme: "http", host: "localhost", normalizedPath: "/r", port: 80),
    // IPv6 literals keep their brackets.
    Valid(url: "http://[::1]:53682/return", scheme: "http", host: "[::1]", normalizedPath: "/return", port: 53682),
    Valid(url: "http://[::1]/return", scheme: "http", host: "[::1]", normalizedPath: "/return"),
    Valid(url: "http://[FE80::A]:8080", scheme: "http", host: "[fe80::a]", normalizedPath: "/", port: 8080),
    // Userinfo, query and fragment are allowed (and ignored by matching).
    Valid(url: "myapp://user:pw@checkout/return", scheme: "myapp", host: "checkout", normalizedPath: "/return"),
    Valid(url: "myapp://checkout/return?source=app#top", scheme: "myapp", host: "checkout", normalizedPath: "/return"),
    Valid(url: "myapp://checkout?x=1", scheme: "myapp", host: "checkout", normalizedPath: "/"),
    // Every scheme character.
    Valid(url: "my-app+x.1://h/p", scheme: "my-app+x.1", host: "h", normalizedPath: "/p"),
  ]

  @Test(arguments: valid)
  func validReturnURL(_ example: Valid) throws {
    let url = try ReturnURL(example.url)
    #expect(url.string == example.url)
    #expect(url.description == example.url)
    #expect(url.scheme == example.scheme)
    #expect(url.host == example.host)
    #expect(url.normalizedPath == example.normalizedPath)
    #expect(url.port == example.port)
  }

  static let invalid: [String] = [
    // The spec's examples.
    "not-a-url",
    "myapp:/x",
    "myapp:x",
    "myapp://",
    // No scheme, a bad scheme, a relative reference.
    "",
    "://checkout/return",
    "//checkout/return",
    "/return",
    "1app://checkout/return",
    "my_app://checkout/return",
    "-app://checkout/return",
    // No host.
    "myapp:///return",
    "myapp://@/return",
    "myapp://user@/return",
    "myapp://:80/return",
    "myapp://?status=succeeded",
    "myapp://#x",
    // Ports that are not ports.
    "http://127.0.0.1:65536/return",
    "http://127.0.0.1:99999/return",
    "http://127.0.0.1:123456/return",
    "http://127.0.0.1:port/return",
    "http://127.0.0.1:-1/return",
    "http://127.0.0.1:+1/return",
    "http://127.0.0.1:1:2/return",
    // Broken IPv6 literals.
    "http://[::1/return",
    "http://[::1]x/return",
    "http://[::1]:x/return",
    // Spaces, control characters, malformed escapes.
    "myapp://check out/return",
    "myapp://checkout/return ",
    "myapp://checkout/return\n",
    "myapp://checkout/re\u{0}turn",
    "myapp://checkout/return\u{7F}",
    "myapp://checkout/return\u{85}",
    "myapp://checkout/return%",
    "myapp://checkout/return%4",
    "myapp://checkout/return%G1",
    "myapp://checkout/return?x=%zz",
  ]

  @Test(arguments: invalid.map(EscapedText.init))
  func invalidReturnURL(_ text: EscapedText) {
    #expect {
      _ = try ReturnURL(text.text)
    } throws: { error in
      guard let error = error as? CheckoutError else { return false }
      return error.code == .invalidReturnUrl && error.message.hasPrefix("invalid return URL: ")
    }
  }

  /// `dodo start` serves only `http` on a loopback host with an explicit port itself.
  @Test(
    arguments: [
      ("http://127.0.0.1:53682/return", LoopbackAddress(host: "127.0.0.1", port: 53682)),
      ("http://localhost:8080/cb", LoopbackAddress(host: "localhost", port: 8080)),
      ("HTTP://LocalHost:8080/cb", LoopbackAddress(host: "localhost", port: 8080)),
      ("http://[::1]:9000/cb", LoopbackAddress(host: "::1", port: 9000)),
      ("http://user@127.0.0.1:1/cb?x=1", LoopbackAddress(host: "127.0.0.1", port: 1)),
      ("http://127.0.0.1/return", nil),
      ("http://127.0.0.1:/return", nil),
      ("https://127.0.0.1:53682/return", nil),
      ("http://127.0.0.2:53682/return", nil),
      ("http://127.0.0.1.:53682/return", nil),
      ("http://[::2]:53682/return", nil),
      ("http://example.com:80/return", nil),
      ("myapp://localhost:80/return", nil),
    ] as [(String, LoopbackAddress?)])
  func loopback(_ url: String, expected: LoopbackAddress?) throws {
    #expect(try ReturnURL(url).loopback == expected)
  }

  /// A loopback return URL with no port to listen on: `dodo start` refuses it.
  @Test(arguments: [
    ("http://127.0.0.1/return", true), ("http://localhost:0/return", true), ("http://[::1]:/r", true),
    ("http://127.0.0.1:53682/return", false), ("https://127.0.0.1/return", false), ("http://example.com/r", false),
    ("myapp://localhost/r", false),
  ])
  func lacksLoopbackPort(_ url: String, expected: Bool) throws {
    #expect(try ReturnURL(url).lacksLoopbackPort == expected)
  }

  /// `redacted` is what logs may show: never the query, fragment or userinfo.
  @Test(arguments: [
    ("myapp://checkout/return", "myapp://checkout/return"),
    ("MyApp://CheckOut/Return/?email=a%40b.com#frag", "myapp://checkout/Return"),
    ("myapp://user:secret@checkout/return", "myapp://checkout/return"),
    ("http://127.0.0.1:53682/return?token=x", "http://127.0.0.1:53682/return"),
    ("http://[::1]:1", "http://[::1]:1/"),
  ])
  func redacted(_ url: String, expected: String) throws {
    #expect(try ReturnURL(url).redacted == expected)
  }

  @Test func equalURLsAreEqualValues() throws {
    let a = try ReturnURL("myapp://checkout/return")
    let b = try ReturnURL("myapp://checkout/return")
    let c = try ReturnURL("myapp://checkout/return/")
    #expect(a == b)
    #expect(a != c)  // the value keeps the text it was given
    #expect(Set([a, b, c]).count == 2)
  }
}
