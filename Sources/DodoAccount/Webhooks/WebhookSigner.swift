/// Signs webhook deliveries as Standard Webhooks (and so Dodo) does: `v1,` and the base64 of
/// HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed with the secret.
public struct WebhookSigner: Sendable {
  /// The secret the signatures are keyed with.
  public let secret: WebhookSecret

  /// A signer for `secret`.
  public init(secret: WebhookSecret) { self.secret = secret }

  /// The `webhook-signature` value for one delivery: `v1,BASE64`.
  public func signature(id: String, timestamp: String, body: [UInt8]) -> String {
    "v1," + Sodium.base64(Self.mac(key: secret.key, id: id, timestamp: timestamp, body: body))
  }

  /// The three headers that go with `body`: `webhook-id`, `webhook-timestamp` and `webhook-signature`.
  public func headers(id: String, timestamp: Int64, body: [UInt8]) -> [HTTPHeader] {
    let timestamp = String(timestamp)
    return [
      HTTPHeader("webhook-id", id),
      HTTPHeader("webhook-timestamp", timestamp),
      HTTPHeader("webhook-signature", signature(id: id, timestamp: timestamp, body: body)),
    ]
  }

  /// A fresh message id: `msg_` and 128 bits of the operating system's randomness, in
  /// URL-safe base64 without padding (22 characters).
  public static func newMessageID() -> String {
    let text = Sodium.base64(Sodium.randomBytes(16)).filter { $0 != "=" }
    return "msg_" + String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
  }

  /// HMAC-SHA256 over the signed content, `{id}.{timestamp}.{body}`: the raw bytes, nothing
  /// re-encoded.
  static func mac(key: [UInt8], id: String, timestamp: String, body: [UInt8]) -> [UInt8] {
    let dot: ArraySlice<UInt8> = [UInt8(ascii: ".")]
    return Sodium.hmacSHA256(key: key, [ArraySlice(id.utf8), dot, ArraySlice(timestamp.utf8), dot, body[...]])
  }
}
