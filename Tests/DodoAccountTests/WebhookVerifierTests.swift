import DodoAccount
import DodoTestSupport
import Testing

/// Standard Webhooks' own test vector (`libraries/go/webhook_test.go`), as the reference gives it.
enum Vector {
  static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
  static let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
  static let timestamp: Int64 = 1_614_265_330
  static let body = Array(#"{"test": 2432232314}"#.utf8)
  static let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="

  static func delivery(signature: String? = Vector.signature, body: [UInt8] = Vector.body) -> WebhookDelivery {
    WebhookDelivery(id: id, timestamp: String(timestamp), signature: signature, body: body)
  }

  static func verify(_ delivery: WebhookDelivery, now: Int64 = timestamp, secret: String = secret) -> WebhookVerdict {
    WebhookVerifier(secretText: secret).verify(delivery, now: now)
  }
}

@Suite struct WebhookVerifierTests {
  @Test func standardWebhooksTestVectorSigns() throws {
    let signer = WebhookSigner(secret: try WebhookSecret(Vector.secret))
    #expect(signer.signature(id: Vector.id, timestamp: String(Vector.timestamp), body: Vector.body) == Vector.signature)
    let headers = signer.headers(id: Vector.id, timestamp: Vector.timestamp, body: Vector.body)
    #expect(headers.map(\.name) == ["webhook-id", "webhook-timestamp", "webhook-signature"])
    #expect(headers.map(\.value) == [Vector.id, "1614265330", Vector.signature])
  }

  @Test func standardWebhooksTestVectorVerifies() {
    let verdict = Vector.verify(Vector.delivery())
    #expect(verdict.isValid)
    #expect(verdict.problems == [])
    #expect(verdict.id == Vector.id)
    #expect(verdict.timestamp == Vector.timestamp)
  }

  @Test func theSecretsPrefixIsOptional() {
    #expect(Vector.verify(Vector.delivery(), secret: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").isValid)
  }

  /// Computed independently with Python: `hmac.new(base64.b64decode(key), b"msg_1.1700000000.{}", sha256)`.
  @Test func independentlyComputedVectorVerifies() {
    let delivery = WebhookDelivery(
      id: "msg_1", timestamp: "1700000000", signature: "v1,s8tOKwaAlQK71WR9PJY/9uyQRteh9zGUAfljzviJ7TM=",
      body: Array("{}".utf8))
    #expect(WebhookVerifier(secretText: Fixtures.webhookSecret).verify(delivery, now: 1_700_000_000).isValid)
  }

  @Test func anyV1SignatureOfTheListIsAcceptedDuringRotation() {
    let other = "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
    #expect(Vector.verify(Vector.delivery(signature: "\(other) \(Vector.signature)")).isValid)
    #expect(Vector.verify(Vector.delivery(signature: "\(Vector.signature) \(other)")).isValid)
    #expect(Vector.verify(Vector.delivery(signature: "v2,whatever \(Vector.signature) v1a,xyz")).isValid)
  }

  @Test func otherVersionsAreIgnored() {
    let sig = String(Vector.signature.dropFirst(3))
    let verdict = Vector.verify(Vector.delivery(signature: "v2,\(sig) v1a,\(sig)"))
    #expect(verdict.problems == [.noV1Signature])
  }

  @Test func aWrongSignatureIsAMismatch() {
    let verdict = Vector.verify(Vector.delivery(signature: "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="))
    #expect(verdict.problems == [.signatureMismatch(accident: nil)])
    #expect(verdict.problems[0].message.contains("does not match"))
  }

  @Test func timestampsOutsideTheToleranceAreRefusedBothWays() {
    let old = Vector.verify(Vector.delivery(), now: Vector.timestamp + 301)
    #expect(old.problems == [.timestampTooOld(seconds: 301, tolerance: 300)])
    let new = Vector.verify(Vector.delivery(), now: Vector.timestamp - 301)
    #expect(new.problems == [.timestampTooNew(seconds: 301, tolerance: 300)])
    #expect(Vector.verify(Vector.delivery(), now: Vector.timestamp + 300).isValid)
    #expect(Vector.verify(Vector.delivery(), now: Vector.timestamp - 300).isValid)
    var verifier = WebhookVerifier(secretText: Vector.secret)
    verifier.tolerance = 10
    #expect(
      verifier.verify(Vector.delivery(), now: Vector.timestamp + 11).problems.map(\.code) == ["timestamp_too_old"])
  }

  @Test func everyProblemIsListed() {
    let delivery = WebhookDelivery(id: Vector.id, timestamp: "1614265330", signature: "v2,abc", body: Vector.body)
    let verdict = WebhookVerifier(secretText: "whsec_not*base64!").verify(delivery, now: Vector.timestamp + 1000)
    #expect(verdict.problems.map(\.code) == ["timestamp_too_old", "no_v1_signature", "secret_not_base64"])
    let mismatch = Vector.verify(
      Vector.delivery(signature: "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="), now: Vector.timestamp - 1000)
    #expect(mismatch.problems.map(\.code) == ["timestamp_too_new", "signature_mismatch"])
  }

  @Test func missingHeadersAreNamed() {
    let verdict = Vector.verify(WebhookDelivery(headers: [], body: Vector.body))
    #expect(
      verdict.problems == [
        .missingHeader("webhook-id"), .missingHeader("webhook-timestamp"), .missingHeader("webhook-signature"),
      ])
  }

  @Test func headerNamesAreCaseInsensitive() {
    let headers = [
      HTTPHeader("Webhook-Id", Vector.id), HTTPHeader("WEBHOOK-TIMESTAMP", "1614265330"),
      HTTPHeader("webhook-signature", Vector.signature),
    ]
    #expect(Vector.verify(WebhookDelivery(headers: headers, body: Vector.body)).isValid)
  }

  @Test func theSecretIsNeverShown() throws {
    let secret = try WebhookSecret(Vector.secret)
    #expect(!"\(secret)".contains("MfKQ"))
    #expect(!String(reflecting: secret).contains("MfKQ"))
    #expect(throws: WebhookSecretError(.notBase64)) { try WebhookSecret("whsec_***") }
    #expect(throws: WebhookSecretError(.empty)) { try WebhookSecret("whsec_") }
  }

  @Test func hostileInputsNeverCrash() {
    let huge = String(repeating: "v1,AAAA ", count: 100_000)
    #expect(!Vector.verify(Vector.delivery(signature: huge)).isValid)
    #expect(!Vector.verify(Vector.delivery(signature: "v1,")).isValid)
    #expect(!Vector.verify(Vector.delivery(signature: "v1,====")).isValid)
    #expect(!Vector.verify(Vector.delivery(signature: String(repeating: "\u{0}", count: 1000))).isValid)
    let delivery = WebhookDelivery(
      id: String(repeating: "x", count: 1_000_000), timestamp: String(repeating: "9", count: 10_000),
      signature: Vector.signature, body: [UInt8](repeating: 0xFF, count: 100_000))
    #expect(Vector.verify(delivery).problems.map(\.code) == ["timestamp_not_a_number", "signature_mismatch"])
    let extreme = WebhookDelivery(
      id: Vector.id, timestamp: "-9223372036854775808", signature: Vector.signature, body: Vector.body)
    #expect(Vector.verify(extreme, now: .max).problems.map(\.code).contains("timestamp_too_old"))
    let deep = Array(String(repeating: "[", count: 100_000).utf8)
    #expect(!Vector.verify(Vector.delivery(body: deep)).isValid)
  }

  @Test func freshMessageIDsAreRandom() {
    let a = WebhookSigner.newMessageID()
    let b = WebhookSigner.newMessageID()
    #expect(a.hasPrefix("msg_") && a.count == 26)
    #expect(a != b)
  }
}
