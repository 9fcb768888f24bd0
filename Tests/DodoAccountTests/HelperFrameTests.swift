import DodoAccount
import Testing

/// The framing between `dodo` and `dodo-https` carries requests and answers byte for byte,
/// and refuses what could smuggle a second header or request.
@Suite struct HelperFrameTests {
  @Test func aRequestRoundTrips() throws {
    let request = HTTPRequest(
      method: .post, url: "https://test.dodopayments.com/checkouts",
      headers: [HTTPHeader("Authorization", "Bearer sk_1"), HTTPHeader("X-Empty", "")],
      body: Array("{\"a\":\n1}\u{0}".utf8),
      timeout: 2.5, connectTimeout: 1)
    #expect(try HelperFrame.decodeRequest(HelperFrame.encode(request)) == request)
  }

  @Test func anAnswerAndAnErrorRoundTrip() throws {
    let response = HTTPResponse(status: 429, headers: [HTTPHeader("Retry-After", "1")], body: Array("body\n".utf8))
    #expect(try HelperFrame.decodeResponse(HelperFrame.encode(response)) == .success(response))
    let error = TransportError(.tls, "certificate\nproblem")
    #expect(
      try HelperFrame.decodeResponse(HelperFrame.encode(error)) == .failure(TransportError(.tls, "certificate problem"))
    )
  }

  @Test func lineBreaksInHeadersAreRefused() {
    let request = HTTPRequest(method: .get, url: "https://x/", headers: [HTTPHeader("A", "b\r\nEvil: 1")])
    #expect(throws: HelperFrame.Malformed.self) { try HelperFrame.encode(request) }
    let url = HTTPRequest(method: .get, url: "https://x/\nGET https://y/")
    #expect(throws: HelperFrame.Malformed.self) { try HelperFrame.encode(url) }
  }

  @Test(arguments: [
    "", "dodo-https 1\n", "dodo-https 2\nGET https://x/\nbody 0\n", "dodo-https 1\nPUT https://x/\nbody 0\n",
    "dodo-https 1\nGET https://x/\nbody 5\nab", "dodo-https 1\nGET https://x/\nbody 0\nextra",
    "dodo-https 1\nGET https://x/\ntimeout -1\nbody 0\n",
  ])
  func malformedRequestsAreRefused(_ text: String) {
    #expect(throws: HelperFrame.Malformed.self) { try HelperFrame.decodeRequest(Array(text.utf8)) }
  }

  @Test func theKeyTravelsInTheFrameOnly() throws {
    let request = HTTPRequest.api(
      .get, "/payments/pay_1", baseURL: "https://test.dodopayments.com/", apiKey: "sk_secret")
    #expect(request.url == "https://test.dodopayments.com/payments/pay_1")
    #expect(request.header("Authorization") == "Bearer sk_secret")
    #expect(String(decoding: try HelperFrame.encode(request), as: UTF8.self).contains("Bearer sk_secret"))
  }
}

extension HTTPRequest {
  fileprivate func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}
