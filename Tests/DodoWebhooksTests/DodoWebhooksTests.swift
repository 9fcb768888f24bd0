import DodoWebhooks
import Foundation
import Testing

/// The product as a backend uses it: only `import DodoWebhooks`.
@Suite struct DodoWebhooksTests {
  let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
  let body = Array(
    #"{"business_id":"bus_1","type":"payment.succeeded","timestamp":"2026-12-02T08:00:00Z","data":{"payload_type":"Payment","total_amount":1999.50,"payment_id":"pay_1"}}"#
      .utf8)

  @Test func aDeliverySignedNowVerifiesNow() throws {
    let signer = WebhookSigner(secret: try WebhookSecret(secret))
    let now = Int64(Date().timeIntervalSince1970)
    let headers = signer.headers(id: WebhookSigner.newMessageID(), timestamp: now, body: body)
    let verdict = WebhookVerifier(secretText: secret).verify(WebhookDelivery(headers: headers, body: body))
    #expect(verdict.isValid)
    #expect(verdict.eventType == "payment.succeeded")
  }

  @Test func aDeliverySignedAnHourAgoIsTooOldNow() throws {
    let signer = WebhookSigner(secret: try WebhookSecret(secret))
    let then = Int64(Date().timeIntervalSince1970) - 3600
    let headers = signer.headers(id: "msg_1", timestamp: then, body: body)
    let verdict = WebhookVerifier(secretText: secret).verify(WebhookDelivery(headers: headers, body: body))
    #expect(verdict.problems.map(\.code) == ["timestamp_too_old"])
  }

  @Test func theEnvelopeKeepsDataAsWritten() throws {
    let envelope = try #require(WebhookEnvelope(body: body))
    #expect(envelope.businessId == "bus_1")
    #expect(envelope.type == "payment.succeeded")
    #expect(envelope.timestamp == "2026-12-02T08:00:00Z")
    #expect(
      String(decoding: envelope.data, as: UTF8.self)
        == #"{"payload_type":"Payment","total_amount":1999.50,"payment_id":"pay_1"}"#)
  }

  @Test(arguments: [
    #"{"type":"payment.succeeded","timestamp":"t","data":{}}"#,
    #"{"business_id":"bus_1","type":7,"timestamp":"t","data":{}}"#,
    #"{"business_id":"bus_1","type":"payment.succeeded","timestamp":"t","data":[]}"#,
    #"{"business_id":"bus_1","type":"payment.succeeded","timestamp":"t"}"#,
    "not json",
  ])
  func aBodyWithoutTheEnvelopeHasNone(body: String) {
    #expect(WebhookEnvelope(body: Array(body.utf8)) == nil)
  }
}
