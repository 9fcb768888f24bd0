import DodoAccount
import DodoCheckout
import DodoTestSupport
import Foundation
import Testing

@Suite struct DodoAPITests {
  let key = "sk_test_secretvalue1234"

  @Test func createSendsTheBodyWithBearerAuthAndJSON() throws {
    let transport = InMemoryTransport([
      "/checkouts": .json(
        200, #"{"session_id":"cks_1","checkout_url":"https://test.checkout.dodopayments.com/session/cks_1"}"#)
    ])
    let api = DodoAPI(transport: transport, apiKey: key, mode: .test)
    let created = try api.createCheckoutSession(
      CheckoutSessionRequest(
        productCart: [CartItem(productId: "pdt_1", quantity: 2)], returnURL: "myapp://return?state=x",
        customer: .init(email: "a@example.com", name: "A"), metadata: ["order": "42"],
        discountCodes: ["SAVE", "TEN"]))
    #expect(
      created
        == CheckoutSessionCreated(
          sessionId: "cks_1", checkoutURL: "https://test.checkout.dodopayments.com/session/cks_1"))
    let request = try #require(transport.requests.first)
    #expect(request.method == .post)
    #expect(request.url == "https://test.dodopayments.com/checkouts")
    #expect(request.headers.contains(HTTPHeader("Authorization", "Bearer \(key)")))
    #expect(request.headers.contains(HTTPHeader("Content-Type", "application/json")))
    let body = try #require(JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    #expect((body["product_cart"] as? [[String: Any]])?.first?["product_id"] as? String == "pdt_1")
    #expect((body["product_cart"] as? [[String: Any]])?.first?["quantity"] as? Int == 2)
    #expect(body["return_url"] as? String == "myapp://return?state=x")
    #expect((body["customer"] as? [String: String]) == ["email": "a@example.com", "name": "A"])
    #expect((body["metadata"] as? [String: String]) == ["order": "42"])
    #expect(body["discount_codes"] as? [String] == ["SAVE", "TEN"])
    #expect(body["discount_code"] == nil)
  }

  @Test func onlyTheCartIsSentWhenNothingElseIsGiven() {
    let body = String(
      decoding: CheckoutSessionRequest(productCart: [CartItem(productId: "pdt_1")]).body(), as: UTF8.self)
    #expect(body == #"{"product_cart":[{"product_id":"pdt_1","quantity":1}]}"#)
  }

  @Test func cartItemsAreReadFromIDAndQuantity() {
    #expect(CartItem(argument: "pdt_1") == CartItem(productId: "pdt_1", quantity: 1))
    #expect(CartItem(argument: "pdt_1:3") == CartItem(productId: "pdt_1", quantity: 3))
    for bad in ["", ":2", "pdt_1:", "pdt_1:0", "pdt_1:-1", "pdt_1:x", "pdt 1", "pdt_1:99999999999"] {
      #expect(CartItem(argument: bad) == nil, "\(bad)")
    }
  }

  @Test func liveModeAndABaseURLOverride() throws {
    let transport = InMemoryTransport(["/payments/pay_1": InMemoryTransport.payment("pay_1", "succeeded")])
    _ = try DodoAPI(transport: transport, apiKey: key, mode: .live).payment("pay_1")
    _ = try DodoAPI(transport: transport, apiKey: key, mode: .test, baseURL: "https://127.0.0.1:8443/").payment("pay_1")
    #expect(
      transport.requests.map(\.url) == [
        "https://live.dodopayments.com/payments/pay_1", "https://127.0.0.1:8443/payments/pay_1",
      ])
    #expect(transport.requests.allSatisfy { $0.method == .get && $0.body.isEmpty })
  }

  @Test func anIDIsOnePathSegment() throws {
    let transport = InMemoryTransport()
    _ = try? DodoAPI(transport: transport, apiKey: key).payment("../checkouts?x=1#f")
    _ = try? DodoAPI(transport: transport, apiKey: key).payment("..")
    #expect(transport.paths == ["/payments/..%2Fcheckouts%3Fx%3D1%23f", "/payments/%2E%2E"])
  }

  @Test func answersWithUnknownAndMissingFieldsAreRead() throws {
    let transport = InMemoryTransport([
      "/payments/pay_1": .json(200, #"{"payment_id":"pay_1","status":"processing","total_amount":"oops","x":{"y":1}}"#),
      "/checkouts/cks_1": .json(200, #"{"id":"cks_1"}"#),
    ])
    let api = DodoAPI(transport: transport, apiKey: key)
    let payment = try api.payment("pay_1")
    #expect(payment.status == "processing")
    #expect(payment.totalAmount == nil)
    #expect(try api.checkoutSession("cks_1").paymentId == nil)
  }

  @Test(arguments: [
    (401, DodoAPIError.Kind.keyRefused, "the key is refused: is it a test-mode key used in live mode, or revoked?"),
    (403, .keyRefused, "the key is refused"),
    (404, .notFound, "not found"),
    (429, .rateLimited, "rate limited"),
    (500, .serverError, "try again later"),
    (503, .serverError, "try again later"),
    (422, .rejected, "refused the request"),
  ])
  func errorStatusesSayWhatToCheck(status: Int, kind: DodoAPIError.Kind, says: String) throws {
    let transport = InMemoryTransport(["/payments/pay_1": .json(status, #"{"message":"Nope"}"#)])
    #expect {
      try DodoAPI(transport: transport, apiKey: key).payment("pay_1")
    } throws: { error in
      guard let error = error as? DodoAPIError else { return false }
      return error.kind == kind && error.httpStatus == status && error.message.contains(says)
        && error.message.contains("Dodo says: Nope") && !error.message.contains(key)
    }
  }

  @Test func anErrorBodyOfAnyShapeIsNoFailure() {
    for body in [
      "", "<html>bad gateway</html>", "[1,2]", #"{"error":{"message":"deep"}}"#, #"{"error":"flat"}"#, "null",
    ] {
      let transport = InMemoryTransport(["/payments/pay_1": .json(502, body)])
      do {
        _ = try DodoAPI(transport: transport, apiKey: key).payment("pay_1")
        Issue.record("no error for \(body)")
      } catch {
        #expect(error.httpStatus == 502)
        if body.contains("deep") { #expect(error.message.hasSuffix("Dodo says: deep")) }
        if body.contains("flat") { #expect(error.message.hasSuffix("Dodo says: flat")) }
      }
    }
  }

  @Test(arguments: [
    (TransportError.Kind.timedOut, DodoAPIError.Kind.timedOut, "--api-timeout", false),
    (.tls, .tls, "SSL_CERT_FILE", true),
    (.connection, .connection, "check the network", true),
    (.unavailable, .transportUnavailable, "helper missing", true),
  ])
  func noAnswerHasNoStatus(kind: TransportError.Kind, mapped: DodoAPIError.Kind, says: String, fatal: Bool) {
    let transport = InMemoryTransport(["/payments/pay_1": .fail(TransportError(kind, "helper missing"))])
    do {
      _ = try DodoAPI(transport: transport, apiKey: key).payment("pay_1")
      Issue.record("no error")
    } catch {
      #expect(error.kind == mapped)
      #expect(error.httpStatus == nil)
      #expect(error.message.contains(says))
      #expect(error.isFatal == fatal)
    }
  }

  @Test func aSuccessThatIsNotTheAnswerIsAnError() {
    let transport = InMemoryTransport(["/checkouts": .json(200, "<html>captive portal</html>")])
    #expect(throws: DodoAPIError.self) {
      try DodoAPI(transport: transport, apiKey: key).createCheckoutSession(CheckoutSessionRequest(productCart: []))
    }
  }
}

/// A server or proxy that echoes the request: the key never reaches what is shown.
@Suite struct DodoAPIRedactionTests {
  let key = "sk_test_secretvalue1234"

  @Test func anErrorBodyThatEchoesTheKeyIsRedacted() throws {
    let transport = InMemoryTransport([
      "/payments/pay_1": .json(400, #"{"message":"bad header Authorization: Bearer sk_test_secretvalue1234"}"#)
    ])
    let error = #expect(throws: DodoAPIError.self) {
      try DodoAPI(transport: transport, apiKey: key).payment("pay_1")
    }
    let message = try #require(error?.message)
    #expect(!message.contains(key), "\(message)")
    #expect(message.contains("Bearer [redacted]"), "\(message)")
  }

  @Test func anAnswerOrATransportErrorThatEchoesTheKeyIsRedacted() throws {
    let transport = InMemoryTransport([
      "/checkouts/cks_1": .fail(TransportError(.connection, "proxy said: sk_test_secretvalue1234 is not allowed"))
    ])
    let error = #expect(throws: DodoAPIError.self) {
      try DodoAPI(transport: transport, apiKey: key).checkoutSession("cks_1")
    }
    #expect(error?.message.contains(key) == false, "\(String(describing: error))")
    let redacted = HTTPResponse(status: 200, headers: [HTTPHeader("X-Echo", "Bearer \(key)")], body: Array(key.utf8))
    #expect(redacted.redacting(key).body == Array("[redacted]".utf8))
    #expect(redacted.redacting(key).header("x-echo") == "Bearer [redacted]")
  }
}
