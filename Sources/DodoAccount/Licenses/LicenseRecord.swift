import DodoCheckout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One activation on this machine, as the license store keeps it (one file per key): the key,
/// Dodo's instance id, the name it was activated under, the mode, the product and customer,
/// and when it was activated and last validated.
public struct LicenseRecord: Sendable, Hashable {
  /// The key as the customer bought it; show `maskedKey` instead.
  public var licenseKey: String
  /// Dodo's id of this machine's activation, `lki_…`.
  public var instanceId: String
  /// The name the activation was made under (Dodo's, when it answered with one).
  public var name: String
  /// Whether the key is test mode's or live mode's.
  public var mode: APIMode
  /// The product the key is for, as Dodo gave it on activation, when it did.
  public var productId: String?
  /// The product's name, when Dodo gave it.
  public var productName: String?
  /// The customer who bought the key, when Dodo gave them.
  public var customerId: String?
  /// The customer's email, when Dodo gave it.
  public var customerEmail: String?
  /// The customer's name, when Dodo gave it.
  public var customerName: String?
  /// When this machine's activation was made.
  public var activatedAt: Date
  /// The last `{"valid":true}` from Dodo; `nil` until the first.
  public var lastValidatedAt: Date?

  package init(licenseKey: String, activation: LicenseActivation, name: String, mode: APIMode, at date: Date) {
    self.licenseKey = licenseKey
    instanceId = activation.id
    self.name = activation.name ?? name
    self.mode = mode
    productId = activation.productId
    productName = activation.productName
    customerId = activation.customerId
    customerEmail = activation.customerEmail
    customerName = activation.customerName
    activatedAt = date
  }

  /// The key as it may be shown: `ABCD…WXYZ`.
  public var maskedKey: String { LicenseKey.masked(licenseKey) }

  /// When Dodo last said yes to this activation: the last validation, else the activation.
  /// Offline grace counts from here.
  public var lastSuccess: Date { max(activatedAt, lastValidatedAt ?? activatedAt) }

  /// The record as stored: JSON, keys sorted, times in ISO 8601 UTC, a newline.
  package func encoded() -> [UInt8] {
    let stored = Stored(
      licenseKey: licenseKey, instanceId: instanceId, name: name, mode: mode.rawValue, productId: productId,
      productName: productName, customerId: customerId, customerEmail: customerEmail, customerName: customerName,
      activatedAt: Self.timestamp(activatedAt), lastValidatedAt: lastValidatedAt.map(Self.timestamp))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return ((try? encoder.encode(stored)).map { Array($0) } ?? []) + [UInt8(ascii: "\n")]
  }

  /// The record stored as `bytes`, or `nil` when they are not one.
  package init?(decoding bytes: [UInt8]) {
    guard let stored = try? JSONDecoder().decode(Stored.self, from: Data(bytes)),
      LicenseKey.problem(with: stored.licenseKey) == nil, !stored.instanceId.isEmpty,
      let mode = APIMode(rawValue: stored.mode), let activatedAt = Self.date(stored.activatedAt)
    else { return nil }
    licenseKey = stored.licenseKey
    instanceId = stored.instanceId
    name = stored.name
    self.mode = mode
    productId = stored.productId
    productName = stored.productName
    customerId = stored.customerId
    customerEmail = stored.customerEmail
    customerName = stored.customerName
    self.activatedAt = activatedAt
    guard let text = stored.lastValidatedAt else { return }
    guard let validated = Self.date(text) else { return nil }
    lastValidatedAt = validated
  }

  private struct Stored: Codable {
    var licenseKey: String
    var instanceId: String
    var name: String
    var mode: String
    var productId: String?
    var productName: String?
    var customerId: String?
    var customerEmail: String?
    var customerName: String?
    var activatedAt: String
    var lastValidatedAt: String?
  }

  /// `2026-11-29T20:06:40Z`.
  package static func timestamp(_ date: Date) -> String {
    UTCTimestamp.iso8601(Int64(date.timeIntervalSince1970.rounded(.down)))
  }

  private static func date(_ text: String) -> Date? { try? Date(text, strategy: Date.ISO8601FormatStyle()) }
}

/// Dodo's advice on offline use, as a rule: grace only when no answer came (the caller's
/// business: an answer from Dodo never reaches here), counted from the last success.
public enum LicenseGrace {
  /// When the grace of `days` after `lastSuccess` ends, when `now` is still before it; `nil`
  /// when it has run out (or `days` is 0).
  public static func ends(lastSuccess: Date, days: Int, now: Date) -> Date? {
    let ends = lastSuccess.addingTimeInterval(Double(days) * 86_400)
    return now < ends ? ends : nil
  }

  /// `2026-12-31`: the UTC day a grace ends on, as the warning and `"graceEnds"` give it.
  public static func day(_ date: Date) -> String {
    String(UTCTimestamp.iso8601(Int64(date.timeIntervalSince1970.rounded(.down))).prefix(10))
  }
}
