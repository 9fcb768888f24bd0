import DodoAccount
import Testing

@testable import DodoCurl

/// The transport speaks https, and http only to a loopback host, whatever the caller passes.
@Suite struct CurlURLCheckTests {
  @Test(arguments: [
    "https://test.dodopayments.com/checkouts", "http://127.0.0.1:8080/x", "http://localhost:1/", "http://[::1]:2/",
  ])
  func allowed(_ url: String) throws {
    try CurlURLCheck.check(url)
  }

  @Test(arguments: ["http://example.com/", "ftp://127.0.0.1/", "file:///etc/passwd", "http://127.0.0.1.example.com/"])
  func refused(_ url: String) {
    #expect(throws: TransportError.self) { try CurlURLCheck.check(url) }
  }

  @Test func aMissingExtraCAFileIsATLSError() {
    let error = #expect(throws: TransportError.self) {
      _ = try CurlTransport(extraCAFile: "/nonexistent/ca.pem").send(
        HTTPRequest(method: .get, url: "https://127.0.0.1:1/"))
    }
    #expect(error?.kind == .tls)
  }
}

/// A proxy would read plain http (the key in clear) and answer for a loopback host.
@Suite struct CurlProxyBypassTests {
  @Test(arguments: [
    ("http://127.0.0.1:8080/x", true), ("http://localhost:1/", true), ("https://127.0.0.1:8443/", true),
    ("https://[::1]:2/", true), ("https://test.dodopayments.com/checkouts", false),
  ])
  func loopbackAndPlainHTTPGoDirect(_ url: String, direct: Bool) throws {
    #expect(try CurlURLCheck.check(url) == direct)
  }
}
