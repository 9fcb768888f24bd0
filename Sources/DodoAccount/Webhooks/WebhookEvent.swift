import DodoCheckout

/// Dodo's webhook events as they arrive: `{business_id, type, timestamp, data}`, where `data`
/// is the object the event is about (`data.payload_type` names it: `Payment`, `Subscription`,
/// `Refund`, `Dispute`, `LicenseKey`, `Payout`, `CreditLedgerEntry`, …) with the fields the
/// official SDKs' models give it. `sample` builds one with realistic values, for sending test events.
public enum WebhookEvent {
  /// The event types `sample` builds: every type Dodo publishes, in the order of the official
  /// SDKs' `WebhookEventType` (Dodo's Python SDK 1.123.0; a test compares them).
  public static let types: [String] = [
    "payment.succeeded", "payment.failed", "payment.processing", "payment.cancelled",
    "refund.succeeded", "refund.failed",
    "dispute.opened", "dispute.expired", "dispute.accepted", "dispute.cancelled", "dispute.challenged",
    "dispute.won", "dispute.lost",
    "subscription.active", "subscription.renewed", "subscription.on_hold", "subscription.past_due",
    "subscription.paused", "subscription.unpaused", "subscription.cancelled", "subscription.failed",
    "subscription.expired", "subscription.plan_changed", "subscription.updated",
    "subscription.update_payment_method",
    "license_key.created",
    "payout.created", "payout.on_hold", "payout.in_progress", "payout.failed", "payout.success",
    "credit.added", "credit.deducted", "credit.expired", "credit.rolled_over", "credit.rollover_forfeited",
    "credit.overage_charged", "credit.overage_reset", "credit.manual_adjustment", "credit.balance_low",
    "abandoned_checkout.detected", "abandoned_checkout.recovered",
    "dunning.started", "dunning.recovered",
    "entitlement_grant.created", "entitlement_grant.delivered", "entitlement_grant.failed",
    "entitlement_grant.revoked",
  ]

  /// The sample business every sample event belongs to.
  public static let sampleBusinessID = "bus_7kZP3xJq1Vn2RtYw9sLdA"

  /// The `type` of a JSON body, when it has one.
  public static func type(of body: [UInt8]) -> String? {
    JSONValue(parsing: body)?["type"]?.stringValue
  }

  /// An event of `type` that happened at `now` (Unix seconds); `data` replaces the sample
  /// object when given.
  public static func sample(type: String, now: Int64, data: JSONValue? = nil) throws(WebhookEventError) -> JSONValue {
    guard types.contains(type) else { throw .unknownType(type) }
    let time = UTCTimestamp.iso8601(now)
    return .object([
      .init("business_id", .string(sampleBusinessID)),
      .init("type", .string(type)),
      .init("timestamp", .string(time)),
      .init("data", data ?? EventSamples.data(for: type, now: now)),
    ])
  }

  /// The sample of `type` (`data` replacing its object when given), with each of
  /// `assignments` (`PATH=VALUE`, see `setting`) applied in order: what `dodo webhook send` sends.
  public static func sample(type: String, now: Int64, data: JSONValue?, setting assignments: [String])
    throws(WebhookEventError) -> JSONValue
  {
    var event = try sample(type: type, now: now, data: data)
    for assignment in assignments { event = try setting(assignment, in: event) }
    return event
  }

  /// `event` with `PATH=VALUE` applied. `PATH` is dotted (`payment_id`, `customer.email`,
  /// `product_cart.0.quantity`) and leads into `data`, unless it starts with `data.` or names
  /// a top-level key (`business_id`, `type`, `timestamp`). `VALUE` is read as JSON when it is
  /// JSON (a number, `true`, `false`, `null`, `"quoted"`, an object or array), else it is a string.
  public static func setting(_ assignment: String, in event: JSONValue) throws(WebhookEventError) -> JSONValue {
    guard let equals = assignment.firstIndex(of: "=") else { throw .badAssignment(assignment) }
    var path = assignment[..<equals].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !path.isEmpty, !path.contains(where: \.isEmpty) else { throw .badAssignment(assignment) }
    let text = assignment[assignment.index(after: equals)...]
    let value = JSONValue(parsing: Array(text.utf8)) ?? .string(String(text))
    if !(path.count == 1 && ["business_id", "type", "timestamp", "data"].contains(path[0])) && path[0] != "data" {
      path.insert("data", at: 0)
    }
    return try set(value, at: path[...], in: event, assignment: assignment)
  }

  private static func set(
    _ value: JSONValue, at path: ArraySlice<String>, in container: JSONValue, assignment: String
  ) throws(WebhookEventError) -> JSONValue {
    guard let key = path.first else { return value }
    switch container {
    case .object(var members):
      if let index = members.firstIndex(where: { $0.key == key }) {
        members[index].value = try set(value, at: path.dropFirst(), in: members[index].value, assignment: assignment)
      } else {
        members.append(.init(key, try set(value, at: path.dropFirst(), in: .object([]), assignment: assignment)))
      }
      return .object(members)
    case .array(var elements):
      guard let index = Int(key), elements.indices.contains(index) else { throw .notAContainer(assignment) }
      elements[index] = try set(value, at: path.dropFirst(), in: elements[index], assignment: assignment)
      return .array(elements)
    default:
      throw .notAContainer(assignment)
    }
  }
}

/// Why an event could not be built.
public enum WebhookEventError: Error, Sendable, Hashable, CustomStringConvertible {
  case unknownType(String)
  /// A `--set` without `=`, or with an empty path segment.
  case badAssignment(String)
  /// A `--set` path that goes through a value that is not an object (or an array index out of range).
  case notAContainer(String)

  public var description: String {
    switch self {
    case .unknownType(let type):
      "unknown event type '\(type)' (known: \(WebhookEvent.types.joined(separator: ", ")))"
    case .badAssignment(let text): "'\(text)' is not PATH=VALUE (a dotted path such as customer.email, then =)"
    case .notAContainer(let text): "cannot set '\(text)': the path leads through a value that is not an object"
    }
  }
}
