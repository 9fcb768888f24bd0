import DodoTestSupport
import Testing

@testable import DodoAccount

/// `webhook listen`'s relay: a valid delivery is answered 204 and passed on to the app with
/// its own headers, an invalid one is answered 401 and never reaches the app.
@Suite struct WebhookRelayTests {
  static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
  static let body = Array(#"{"type":"payment.succeeded"}"#.utf8)

  func signed(at time: Int64) throws -> [HTTPHeader] {
    let request = WebhookSigner(secret: try WebhookSecret(Self.secret))
      .delivery(of: Self.body, to: "http://127.0.0.1:1/", id: "msg_1", timestamp: time)
    return [HTTPHeader("Host", "127.0.0.1:8787"), HTTPHeader("Content-Length", "28"), HTTPHeader("X-Trace", "t")]
      + request.headers
  }

  @Test("a valid delivery goes to the app byte for byte, without the hop's headers, and is answered 204")
  func forwardsValid() throws {
    let app = InMemoryTransport(["/hooks": .json(202, "{}")])
    let relay = WebhookRelay(
      verifier: WebhookVerifier(secretText: Self.secret), forwardTo: "http://localhost:3000/hooks", transport: app)
    let outcome = relay.handle(headers: try signed(at: 1_700_000_000), body: Self.body, now: 1_700_000_010)
    #expect(outcome.verdict.isValid)
    #expect(outcome.status == "204 No Content")
    #expect(outcome.body.isEmpty)
    #expect(try outcome.forwarded?.get().status == 202)
    let sent = try #require(app.requests.first)
    #expect(sent.method == .post)
    #expect(sent.url == "http://localhost:3000/hooks")
    #expect(sent.body == Self.body)
    #expect(
      sent.headers.map(\.name) == ["X-Trace", "webhook-id", "webhook-timestamp", "webhook-signature", "content-type"])
  }

  @Test("an invalid delivery is answered 401 and never forwarded")
  func refusesInvalid() throws {
    let app = InMemoryTransport()
    let relay = WebhookRelay(
      verifier: WebhookVerifier(secretText: Self.secret), forwardTo: "http://localhost:3000/hooks", transport: app)
    let outcome = relay.handle(headers: try signed(at: 1_700_000_000), body: Self.body + [0x0A], now: 1_700_000_010)
    #expect(!outcome.verdict.isValid)
    #expect(outcome.verdict.accident != nil)
    #expect(outcome.status == "401 Unauthorized")
    #expect(outcome.body == "The webhook signature is not valid.\n")
    #expect(outcome.forwarded == nil)
    #expect(app.requests.isEmpty)
  }

  @Test("without an app, a valid delivery is only answered; an app that does not answer is said")
  func noApp() throws {
    let verifier = WebhookVerifier(secretText: Self.secret)
    let alone = WebhookRelay(verifier: verifier, forwardTo: nil, transport: InMemoryTransport())
    let headers = try signed(at: 1_700_000_000)
    #expect(alone.handle(headers: headers, body: Self.body, now: 1_700_000_000).forwarded == nil)
    let down = WebhookRelay(
      verifier: verifier, forwardTo: "http://localhost:3000/hooks",
      transport: InMemoryTransport(["/hooks": .fail(TransportError(.connection, "refused"))]))
    let outcome = down.handle(headers: headers, body: Self.body, now: 1_700_000_000)
    #expect(outcome.status == "204 No Content")
    #expect(outcome.forwarded == .failure(TransportError(.connection, "refused")))
  }
}
