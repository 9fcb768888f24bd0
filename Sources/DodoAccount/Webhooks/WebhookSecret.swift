/// A webhook signing secret: `whsec_` and the base64 of the key (the prefix may be left out),
/// as Dodo's dashboard shows it and `DODO_PAYMENTS_WEBHOOK_KEY` holds it.
///
/// The secret never shows itself: its `description` is a placeholder, so that printing or
/// logging one by mistake reveals nothing.
public struct WebhookSecret: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The decoded key that HMAC-SHA256 is keyed with.
  let key: [UInt8]

  /// Reads `text` (surrounding white space ignored, `whsec_` optional).
  public init(_ text: String) throws(WebhookSecretError) {
    var text = Substring(text).trimmingWhiteSpace()
    if text.hasPrefix("whsec_") { text = text.dropFirst(6) }
    guard !text.isEmpty else { throw WebhookSecretError(.empty) }
    guard let key = Sodium.base64Decoded(String(text)), !key.isEmpty else { throw WebhookSecretError(.notBase64) }
    self.key = key
  }

  /// A secret of these key bytes.
  public init(key: [UInt8]) { self.key = key }

  public var description: String { "WebhookSecret(…)" }
  public var debugDescription: String { description }
}

/// Why a text is not a webhook secret. Its message never repeats the text.
public struct WebhookSecretError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the text.
  public enum Reason: String, Sendable, Hashable {
    /// Nothing but white space (and `whsec_`).
    case empty
    /// The part after `whsec_` is not base64.
    case notBase64
  }

  /// What is wrong with the text.
  public let reason: Reason

  /// The error for `reason`.
  public init(_ reason: Reason) { self.reason = reason }

  /// The error for a person.
  public var message: String {
    switch reason {
    case .empty: "the webhook secret is empty"
    case .notBase64: "the webhook secret is not base64 (after its whsec_ prefix): copy it again from the dashboard"
    }
  }

  public var description: String { message }
}

extension Substring {
  /// The text without the white space (space, tab, CR, LF) around it.
  func trimmingWhiteSpace() -> Substring {
    let isBlank = { (c: Character) in c == " " || c == "\t" || c == "\r" || c == "\n" || c == "\r\n" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
