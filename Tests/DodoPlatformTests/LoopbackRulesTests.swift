import DodoCheckout
import Testing

@testable import DodoPlatform

/// `LoopbackRules`, the check that stops forged loopback returns, on its own: each request
/// head is checked against a return URL, and what it gives is compared with the table.
@Suite("LoopbackRules: Host, fetch metadata and state echo")
struct LoopbackRulesTests {
  /// What `check` gave, as text: the URL, or the rejection's name.
  static func verdict(_ returnURL: String, port: Int, _ head: String) throws -> String {
    let rules = LoopbackRules(returnURL: try ReturnURL(returnURL), port: port)
    // The head as the connection hands it over: up to the blank line, without it.
    var head = head
    while head.hasSuffix("\n") { head.removeLast() }
    let text = head.replacingOccurrences(of: "\n", with: "\r\n")
    guard let parsed = HTTPRequestHead(ArraySlice(Array(text.utf8))) else { return "unparsed" }
    switch rules.check(parsed) {
    case .url(let url): return url
    case .reject(let rejection): return "\(rejection)"
    case .incomplete: return "incomplete"
    }
  }

  static let v4 = "http://127.0.0.1:53682/return"
  static let returned = "http://127.0.0.1:53682/return?status=succeeded"

  @Test(
    "Host must be the return URL's own host and port, in any case; IPv6 keeps its brackets",
    arguments: [
      (v4, 53682, "127.0.0.1:53682", returned),
      (v4, 53682, "127.0.0.1", "misdirected"),
      (v4, 53682, "127.0.0.1:53683", "misdirected"),
      (v4, 53682, "evil.example:53682", "misdirected"),
      (v4, 53682, "localhost:53682", "misdirected"),
      (v4, 53682, " 127.0.0.1:53682 ", returned),
      ("http://LocalHost:53682/return", 53682, "LOCALHOST:53682", "http://localhost:53682/return?status=succeeded"),
      ("http://localhost:53682/return", 53682, "localhost.:53682", "misdirected"),
      ("http://[::1]:53682/return", 53682, "[::1]:53682", "http://[::1]:53682/return?status=succeeded"),
      ("http://[::1]:53682/return", 53682, "[::1]", "misdirected"),
      ("http://[::1]:53682/return", 53682, "::1:53682", "misdirected"),
      ("http://[::1]:53682/return", 53682, "[0:0:0:0:0:0:0:1]:53682", "misdirected"),
      ("http://[::1]:53682/return", 53682, "127.0.0.1:53682", "misdirected"),
      // A browser leaves out the default port.
      ("http://localhost:80/return", 80, "localhost", "http://localhost:80/return?status=succeeded"),
      ("http://localhost:80/return", 80, "localhost:80", "http://localhost:80/return?status=succeeded"),
    ])
  func host(returnURL: String, port: Int, host: String, expected: String) throws {
    let head = "GET /return?status=succeeded HTTP/1.1\nHost: \(host)\n\n"
    #expect(try Self.verdict(returnURL, port: port, head) == expected)
  }

  @Test("no Host, or two, is a bad request")
  func hostMissingOrTwice() throws {
    #expect(try Self.verdict(Self.v4, port: 53682, "GET /return HTTP/1.1\n\n") == "badRequest")
    #expect(
      try Self.verdict(
        Self.v4, port: 53682, "GET /return HTTP/1.1\nHost: 127.0.0.1:53682\nHost: 127.0.0.1:53682\n\n") == "badRequest")
  }

  @Test(
    "a request a page makes on its own is refused; a top-level navigation passes",
    arguments: [
      // The checkout's own redirect: a navigation from another site.
      (["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"], returned),
      (["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate"], returned),
      (["Sec-Fetch-Site: CROSS-SITE", "Sec-Fetch-Mode: Navigate", "Sec-Fetch-Dest: Document"], returned),
      (
        [
          "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document",
          "Origin: https://checkout.dodopayments.com",
        ], returned
      ),
      // An <img>, a fetch, a frame, an embed of another page.
      (["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: image"], "crossSite"),
      (["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: cors", "Sec-Fetch-Dest: empty"], "crossSite"),
      (["Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: iframe"], "crossSite"),
      (["Sec-Fetch-Site: same-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: image"], "crossSite"),
      (["Sec-Fetch-Site: cross-site"], "crossSite"),
      // This origin's own requests, and one typed into the address bar.
      (["Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: cors", "Sec-Fetch-Dest: empty"], returned),
      (["Sec-Fetch-Site: none", "Sec-Fetch-Mode: no-cors"], returned),
      // A browser without fetch metadata: Origin says who asked.
      (["Origin: https://evil.example"], "crossSite"),
      (["Origin: null"], "crossSite"),
      (["Origin: http://127.0.0.1:53682"], returned),
      (["Origin: HTTP://127.0.0.1:53682"], returned),
      (["Origin: http://127.0.0.1:53683"], "crossSite"),
      (["Sec-Fetch-Site: same-origin", "Origin: https://evil.example"], "crossSite"),
      ([], returned),
    ])
  func crossSite(headers: [String], expected: String) throws {
    let head =
      "GET /return?status=succeeded HTTP/1.1\nHost: 127.0.0.1:53682\n" + headers.map { $0 + "\n" }.joined() + "\n"
    #expect(try Self.verdict(Self.v4, port: 53682, head) == expected)
  }

  @Test(
    "a return URL's own parameters must come back with their values; other paths pass to the listener",
    arguments: [
      ("/return?status=succeeded&state=abc", "http://127.0.0.1:53682/return?status=succeeded&state=abc"),
      ("/return/?state=abc&status=failed", "http://127.0.0.1:53682/return/?state=abc&status=failed"),
      ("/return?state=ab%63", "http://127.0.0.1:53682/return?state=ab%63"),
      ("/return?state=xyz&state=abc", "http://127.0.0.1:53682/return?state=xyz&state=abc"),
      ("/return?status=succeeded", "missingOwnParameters"),
      ("/return?status=succeeded&state=abd", "otherOwnParameters"),
      ("/return?status=succeeded&state=ab", "otherOwnParameters"),
      ("/return?status=succeeded&state=abcd", "otherOwnParameters"),
      ("/return?status=succeeded&state=ABC", "otherOwnParameters"),
      ("/return?state=abc&state=xyz", "otherOwnParameters"),
      ("/return?STATE=abc", "missingOwnParameters"),
      ("/return#state=abc", "missingOwnParameters"),
      ("/RETURN?status=succeeded", "http://127.0.0.1:53682/RETURN?status=succeeded"),
      ("/other?status=succeeded", "http://127.0.0.1:53682/other?status=succeeded"),
      ("http://127.0.0.1:53682/return?state=abc", "http://127.0.0.1:53682/return?state=abc"),
      ("HTTP://127.0.0.1:53682/return?state=abc", "http://127.0.0.1:53682/return?state=abc"),
      ("http://127.0.0.1:53682/return", "missingOwnParameters"),
      ("http://evil.example/return?state=abc", "misdirected"),
      ("*", "badRequest"),
    ])
  func stateEcho(target: String, expected: String) throws {
    let head = "GET \(target) HTTP/1.1\nHost: 127.0.0.1:53682\n\n"
    #expect(try Self.verdict("http://127.0.0.1:53682/return?state=abc", port: 53682, head) == expected)
  }
}
