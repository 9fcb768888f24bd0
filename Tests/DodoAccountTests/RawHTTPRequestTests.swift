import DodoAccount
import Testing

@Suite struct RawHTTPRequestTests {
  @Test func aRequestWithCRLFLineEnds() throws {
    let text = "POST /webhooks HTTP/1.1\r\nHost: example.com\r\nWebhook-Id: msg_1\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
    let request = try RawHTTPRequest(parsing: Array(text.utf8))
    #expect(request.method == "POST")
    #expect(request.target == "/webhooks")
    #expect(request.headers.count == 3)
    #expect(request.delivery.id == "msg_1")
    #expect(request.body == Array(#"{"a":1}"#.utf8))
  }

  @Test func aPasteWithLFLineEndsAndNoRequestLine() throws {
    let text = "\nwebhook-id: msg_1\nwebhook-timestamp: 1614265330\nwebhook-signature: v1,abc\n\n{\"a\":1}\n"
    let request = try RawHTTPRequest(parsing: Array(text.utf8))
    #expect(request.method == nil)
    #expect(request.delivery.timestamp == "1614265330")
    #expect(request.delivery.signature == "v1,abc")
    #expect(request.body == Array("{\"a\":1}\n".utf8))
  }

  @Test func contentLengthCutsWhatAnEditorAdded() throws {
    let text = "POST / HTTP/1.1\nContent-Length: 2\n\n{}\n"
    #expect(try RawHTTPRequest(parsing: Array(text.utf8)).body == Array("{}".utf8))
  }

  @Test func theStandardWebhooksVectorVerifiesFromARequest() throws {
    let text = """
      POST /webhooks/dodo HTTP/1.1\r
      Host: app.example\r
      Content-Type: application/json\r
      webhook-id: \(Vector.id)\r
      webhook-timestamp: \(Vector.timestamp)\r
      webhook-signature: \(Vector.signature)\r
      \r
      {"test": 2432232314}
      """
    let request = try RawHTTPRequest(parsing: Array(text.utf8))
    #expect(Vector.verify(request.delivery).isValid)
  }

  @Test func malformedRequestsAreNamed() {
    #expect(throws: RawHTTPRequestError.empty) { try RawHTTPRequest(parsing: Array("\n\n".utf8)) }
    #expect(throws: RawHTTPRequestError.noBlankLine) {
      try RawHTTPRequest(parsing: Array("POST / HTTP/1.1\nA: b".utf8))
    }
    #expect(throws: RawHTTPRequestError.notAHeader(line: 2)) {
      try RawHTTPRequest(parsing: Array("POST / HTTP/1.1\nnot a header\n\n".utf8))
    }
    let huge = "POST / HTTP/1.1\nX: " + String(repeating: "a", count: 100_000) + "\n\n"
    #expect(throws: RawHTTPRequestError.headTooLarge) { try RawHTTPRequest(parsing: Array(huge.utf8)) }
    let many = "POST / HTTP/1.1\n" + String(repeating: "X: a\n", count: 1000) + "\n"
    #expect(throws: RawHTTPRequestError.headTooLarge) { try RawHTTPRequest(parsing: Array(many.utf8)) }
    #expect(throws: RawHTTPRequestError.self) { try RawHTTPRequest(parsing: [0xFF, 0xFE, 0x0A, 0x0A]) }
  }
}
