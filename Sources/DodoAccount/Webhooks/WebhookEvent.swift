/// Dodo's webhook events as they arrive: `{business_id, type, timestamp, data}`, where `data`
/// is the object the event is about (`data.payload_type` names it: `Payment`, `Subscription`,
/// `Refund`, `Dispute`, `LicenseKey`) with the fields the API returns for it. `sample` builds
/// one with realistic values, for sending test events.
public enum WebhookEvent {
  /// The event types `sample` builds, in the order Dodo's documentation lists them.
  public static let types: [String] = [
    "payment.succeeded", "payment.failed", "payment.processing", "payment.cancelled",
    "refund.succeeded", "refund.failed",
    "dispute.opened", "dispute.expired", "dispute.accepted", "dispute.cancelled", "dispute.challenged",
    "dispute.won", "dispute.lost",
    "subscription.active", "subscription.renewed", "subscription.on_hold", "subscription.paused",
    "subscription.cancelled", "subscription.failed", "subscription.expired", "subscription.plan_changed",
    "subscription.updated",
    "license_key.created",
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
    let time = Timestamp.iso8601(now)
    return .object([
      .init("business_id", .string(sampleBusinessID)),
      .init("type", .string(type)),
      .init("timestamp", .string(time)),
      .init("data", data ?? EventSamples.data(for: type, now: now)),
    ])
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

/// Unix seconds as ISO 8601 text in UTC.
enum Timestamp {
  /// `2026-12-01T14:48:25Z`.
  static func iso8601(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
  }
}
