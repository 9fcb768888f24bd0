import DodoAccount
import Foundation

/// The envelope every event Dodo sends has: `{"business_id", "type", "timestamp", "data"}`.
///
/// Read it from a delivery's body once `WebhookVerifier` found the delivery valid; `data`,
/// the object the event is about (its `payload_type` names it: `Payment`, `Subscription`,
/// `Refund`, …), stays JSON for your own `Decodable` model of the fields you use.
public struct WebhookEnvelope: Sendable, Hashable {
  /// The business the event belongs to.
  public var businessId: String
  /// The event's type: `payment.succeeded`, `subscription.active`, …
  public var type: String
  /// When the event happened, as Dodo writes it (ISO 8601, UTC).
  public var timestamp: String
  /// The `data` member as compact JSON, its keys in their order and its numbers as written.
  public var data: [UInt8]

  /// An envelope of these fields, as a test double.
  public init(businessId: String, type: String, timestamp: String, data: [UInt8]) {
    self.businessId = businessId
    self.type = type
    self.timestamp = timestamp
    self.data = data
  }

  /// The envelope of `body`; `nil` when `body` is not a JSON object with the three strings
  /// and an object as `data`.
  public init?(body: [UInt8]) {
    guard let event = JSONValue(parsing: body), let businessId = event["business_id"]?.stringValue,
      let type = event["type"]?.stringValue, let timestamp = event["timestamp"]?.stringValue,
      let data = event["data"], case .object = data
    else { return nil }
    self.init(businessId: businessId, type: type, timestamp: timestamp, data: data.serialized())
  }
}

extension WebhookVerifier {
  /// Checks `delivery` as of now: what a backend receiving Dodo's webhooks calls for each
  /// request, with the raw body's bytes (before any JSON parsing) and its headers.
  public func verify(_ delivery: WebhookDelivery) -> WebhookVerdict {
    verify(delivery, now: Int64(Date().timeIntervalSince1970.rounded(.down)))
  }
}
