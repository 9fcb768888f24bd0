/// Verifies webhook deliveries as Standard Webhooks specifies (and Dodo signs them): HMAC-SHA256
/// over `{webhook-id}.{webhook-timestamp}.{raw body}`, any `v1,` signature of the
/// space-separated `webhook-signature` list accepted (several appear while a secret is
/// rotated; other versions are ignored), compared in constant time, and a timestamp within
/// `tolerance` seconds of now, in either direction.
///
/// The verdict names every problem, not only the first, and on a mismatch says which usual
/// accident to the body (a newline, line ends, re-serialized JSON) would explain it.
public struct WebhookVerifier: Sendable {
  /// The default tolerance: 5 minutes, as Standard Webhooks' libraries use.
  public static let defaultTolerance: Int64 = 300
  /// At most this many signatures of a header are looked at: a hostile header cannot make
  /// verification slow.
  static let maximumSignatures = 64

  private let secret: Result<WebhookSecret, WebhookSecretError>
  /// How many seconds a delivery's timestamp may be from now, in either direction.
  public var tolerance: Int64

  /// A verifier for `secret`.
  public init(secret: WebhookSecret, tolerance: Int64 = defaultTolerance) {
    self.secret = .success(secret)
    self.tolerance = tolerance
  }

  /// A verifier for a secret as given (`whsec_…`); a secret that does not decode is one of
  /// the verdict's problems rather than an error, so that every problem is listed together.
  public init(secretText: String, tolerance: Int64 = defaultTolerance) {
    secret = Result { () throws(WebhookSecretError) in try WebhookSecret(secretText) }
    self.tolerance = tolerance
  }

  /// Checks `delivery` as of `now` (Unix seconds).
  public func verify(_ delivery: WebhookDelivery, now: Int64) -> WebhookVerdict {
    var problems: [WebhookProblem] = []
    if delivery.id == nil { problems.append(.missingHeader("webhook-id")) }
    let timestamp = delivery.timestamp.flatMap(Self.seconds)
    switch delivery.timestamp {
    case nil: problems.append(.missingHeader("webhook-timestamp"))
    case .some where timestamp == nil: problems.append(.timestampNotANumber)
    default: break
    }
    if let timestamp {
      let (age, overflow) = now.subtractingReportingOverflow(timestamp)
      if overflow {
        problems.append(
          timestamp < 0
            ? .timestampTooOld(seconds: .max, tolerance: tolerance)
            : .timestampTooNew(seconds: .max, tolerance: tolerance))
      } else if age > tolerance {
        problems.append(.timestampTooOld(seconds: age, tolerance: tolerance))
      } else if age < -tolerance {
        problems.append(.timestampTooNew(seconds: age == .min ? .max : -age, tolerance: tolerance))
      }
    }
    let signatures = Self.v1Signatures(delivery.signature ?? "")
    if delivery.signature == nil {
      problems.append(.missingHeader("webhook-signature"))
    } else if signatures.isEmpty {
      problems.append(.noV1Signature)
    }
    switch secret {
    case .failure(let error): problems.append(.secret(error))
    case .success(let secret):
      if let id = delivery.id, let text = delivery.timestamp, !signatures.isEmpty,
        !Self.matches(signatures, key: secret.key, id: id, timestamp: text, body: delivery.body)
      {
        let accident = BodyAccident.candidates(for: delivery.body).first { _, original in
          Self.matches(signatures, key: secret.key, id: id, timestamp: text, body: original)
        }
        problems.append(.signatureMismatch(accident: accident?.0))
      }
    }
    return WebhookVerdict(
      problems: problems, id: delivery.id, timestamp: timestamp, eventType: WebhookEvent.type(of: delivery.body))
  }

  /// Whether one of `signatures` (decoded) is the MAC of this content.
  private static func matches(
    _ signatures: [[UInt8]], key: [UInt8], id: String, timestamp: String, body: [UInt8]
  ) -> Bool {
    let mac = WebhookSigner.mac(key: key, id: id, timestamp: timestamp, body: body)
    // Every signature is compared, so the time taken does not say which one matched.
    return signatures.reduce(false) { found, signature in Sodium.constantTimeEqual(signature, mac) || found }
  }

  /// The decoded signatures of the `v1,` entries of a `webhook-signature` value; other
  /// versions, and entries that are not base64, are left out.
  static func v1Signatures(_ header: String) -> [[UInt8]] {
    header.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(maximumSignatures).compactMap { entry in
      guard entry.hasPrefix("v1,") else { return nil }
      return Sodium.base64Decoded(String(entry.dropFirst(3)))
    }
  }

  /// A `webhook-timestamp`: Unix seconds, digits only (a sign allowed).
  static func seconds(_ text: String) -> Int64? {
    guard text.utf8.count <= 20 else { return nil }
    return Int64(text)
  }
}

/// One delivery as received: the three headers' values (`nil` when absent) and the raw body.
public struct WebhookDelivery: Sendable, Hashable {
  /// `webhook-id`: the message's id, the same on each retry of it.
  public var id: String?
  /// `webhook-timestamp`: Unix seconds, as text.
  public var timestamp: String?
  /// `webhook-signature`: space-separated `v1,BASE64` signatures.
  public var signature: String?
  /// The body's raw bytes, as received: not parsed and written again.
  public var body: [UInt8]

  /// The largest body the webhook commands read or serve: Dodo's events are a few kilobytes.
  package static let maximumBodyBytes = 1 << 20

  /// The delivery of these header values and body.
  public init(id: String?, timestamp: String?, signature: String?, body: [UInt8]) {
    self.id = id
    self.timestamp = timestamp
    self.signature = signature
    self.body = body
  }

  /// The delivery these headers (names compared ignoring case) and body make.
  public init(headers: [HTTPHeader], body: [UInt8]) {
    func value(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name }.map { String(Substring($0.value).trimmingWhiteSpace()) }
    }
    self.init(
      id: value("webhook-id"), timestamp: value("webhook-timestamp"), signature: value("webhook-signature"), body: body)
  }
}

/// What verification found.
public struct WebhookVerdict: Sendable, Hashable {
  /// Every problem found, in a stable order; empty when the delivery is valid.
  public let problems: [WebhookProblem]
  /// `webhook-id`, as received.
  public let id: String?
  /// `webhook-timestamp`, when it is a number.
  public let timestamp: Int64?
  /// The body's `type` (`payment.succeeded`), when the body is JSON with one.
  public let eventType: String?

  /// Whether the delivery is valid: no problem found.
  public var isValid: Bool { problems.isEmpty }
}

/// One reason a delivery is not valid.
public enum WebhookProblem: Sendable, Hashable {
  /// The header of this name is missing.
  case missingHeader(String)
  /// `webhook-signature` has no `v1,` entry (only other versions, or nothing readable).
  case noV1Signature
  /// No `v1` signature matches; `accident` is the change to the body that explains it, when one does.
  case signatureMismatch(accident: BodyAccident?)
  /// `webhook-timestamp` is not a number of seconds.
  case timestampNotANumber
  /// The timestamp is `seconds` in the past, more than `tolerance`.
  case timestampTooOld(seconds: Int64, tolerance: Int64)
  /// The timestamp is `seconds` in the future, more than `tolerance`.
  case timestampTooNew(seconds: Int64, tolerance: Int64)
  /// The secret is not one (not base64, or empty).
  case secret(WebhookSecretError)

  /// A stable name for scripts: `signature_mismatch`, `timestamp_too_old`…
  public var code: String {
    switch self {
    case .missingHeader: "missing_header"
    case .noV1Signature: "no_v1_signature"
    case .signatureMismatch: "signature_mismatch"
    case .timestampNotANumber: "timestamp_not_a_number"
    case .timestampTooOld: "timestamp_too_old"
    case .timestampTooNew: "timestamp_too_new"
    case .secret(let error): error.reason == .notBase64 ? "secret_not_base64" : "secret_empty"
    }
  }

  /// The problem for a person.
  public var message: String {
    switch self {
    case .missingHeader(let name): "the \(name) header is missing"
    case .noV1Signature: "the webhook-signature header has no v1 signature"
    case .signatureMismatch(let accident):
      "the signature does not match" + (accident.map { ": \($0.message)" } ?? " (wrong secret, or a changed body)")
    case .timestampNotANumber: "the webhook-timestamp is not a number of seconds"
    case .timestampTooOld(let seconds, let tolerance):
      "the timestamp is \(seconds) s old, more than the tolerance of \(tolerance) s (a replay, or a stale delivery: --at replays one)"
    case .timestampTooNew(let seconds, let tolerance):
      "the timestamp is \(seconds) s in the future, more than the tolerance of \(tolerance) s (is a clock wrong?)"
    case .secret(let error): error.message
    }
  }
}
