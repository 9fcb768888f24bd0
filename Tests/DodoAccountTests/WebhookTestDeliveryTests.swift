import Testing

@testable import DodoAccount

/// What `webhook send` builds and shows: the signed POST, the checks of its inputs, and the
/// answer's first lines.
@Suite struct WebhookTestDeliveryTests {
  @Test("the delivery carries the three signature headers and JSON's content type")
  func delivery() throws {
    let signer = WebhookSigner(secret: try WebhookSecret(WebhookRelayTests.secret))
    let request = signer.delivery(of: [0x7B, 0x7D], to: "https://example.com/h", id: "msg_1", timestamp: 5)
    #expect(request.method == .post)
    #expect(request.headers.dropLast() == signer.headers(id: "msg_1", timestamp: 5, body: [0x7B, 0x7D])[...])
    #expect(request.headers.last == HTTPHeader("content-type", "application/json"))
  }

  @Test(
    "an endpoint is an http:// or https:// URL with a host",
    arguments: [
      ("http://localhost:3000/h", true), ("HTTPS://example.com", true), ("ftp://example.com", false),
      ("http:///path", false), ("http://", false), ("http://a b/", false),
    ])
  func endpoint(url: String, valid: Bool) {
    #expect(WebhookSigner.isEndpointURL(url) == valid)
  }

  @Test("a message id is not empty and has no spaces or controls")
  func messageID() {
    #expect(WebhookSigner.isUsableMessageID("msg_1"))
    #expect(!WebhookSigner.isUsableMessageID(""))
    #expect(!WebhookSigner.isUsableMessageID("msg 1"))
    #expect(!WebhookSigner.isUsableMessageID("msg\u{1}"))
  }

  @Test("the body's first lines, without CRs and trailing empty lines")
  func firstLines() {
    let response = HTTPResponse(status: 200, body: Array("a\r\nb\n\n\n".utf8))
    #expect(response.firstBodyLines(10) == ["a", "b"])
    #expect(response.firstBodyLines(1) == ["a"])
    #expect(HTTPResponse(status: 204).firstBodyLines(10) == [])
  }
}
