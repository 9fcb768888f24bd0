/// One query parameter of a return URL, name and value percent-decoded.
public struct QueryParameter: Sendable, Hashable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// What a checkout came back with, read off the return URL as the iOS SDK reads it.
public struct CheckoutResult: Sendable, Hashable {
  public var status: CheckoutStatus
  /// `payment_id`; show it, but grant nothing on it before the backend confirms the payment.
  public var paymentId: String?
  /// `subscription_id`, for subscription checkouts.
  public var subscriptionId: String?
  /// Every non-empty `license_key`, in order; `nil` when there is none.
  public var licenseKeys: [String]?
  /// `email`, when the checkout captured one.
  public var customerEmail: String?
  /// Every query parameter in the order its name first appears; a repeated name keeps its
  /// last value. `raw` is the same as a dictionary; the order is kept for output.
  public var parameters: [QueryParameter]

  public init(
    status: CheckoutStatus, paymentId: String? = nil, subscriptionId: String? = nil,
    licenseKeys: [String]? = nil, customerEmail: String? = nil, parameters: [QueryParameter] = []
  ) {
    self.status = status
    self.paymentId = paymentId
    self.subscriptionId = subscriptionId
    self.licenseKeys = licenseKeys
    self.customerEmail = customerEmail
    self.parameters = parameters
  }

  /// Every query parameter, name to value, as the iOS SDK's `raw`.
  public var raw: [String: String] {
    Dictionary(parameters.lazy.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// The `status` parameter as given, `nil` when the URL has none.
  public var rawStatus: String? {
    parameters.first { $0.name == "status" }?.value
  }

  /// The result of a checkout the customer left before it came back.
  public static let cancelled = CheckoutResult(status: .cancelled)
}

extension CheckoutResult {
  /// Reads the result off a whole return URL (its query; the fragment is ignored).
  public init(returnURL url: String) throws(CheckoutError) {
    var url = url
    let read = url.withUTF8 { bytes in Result { () throws(CheckoutError) in
      let parts: URLParts
      do throws(URLSyntaxError) { parts = try URLReader.read(bytes) } catch { throw .invalidURL(error, kind: .incoming) }
      guard let authority = parts.authority, !authority.host.isEmpty else {
        throw .invalidReturnUrl("it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return?status=succeeded'")
      }
      return QueryReader.result(bytes, parts.query ?? 0..<0)
    } }
    self = try read.get()
  }

  /// Reads the result off a bare query string (`status=…&…`, with or without a leading `?`).
  public init(query: String) throws(CheckoutError) {
    var query = query
    let read = query.withUTF8 { bytes in Result { () throws(CheckoutError) in
      do throws(URLSyntaxError) { try URLReader.checkCharacters(bytes) } catch { throw .invalidURL(error, kind: .incoming) }
      var start = 0
      if bytes.first == UInt8(ascii: "?") { start = 1 }
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "#") { end += 1 }
      return QueryReader.result(bytes, start..<end)
    } }
    self = try read.get()
  }
}

/// Reads query parameters into a `CheckoutResult`.
///
/// One pass over the query, hot in `dodo explain-status`: the typed fields are picked out by
/// comparing the name's decoded bytes (their names are ASCII, so bytes and `String` equality
/// agree), and each name and value becomes a `String` once.
enum QueryReader {
  /// Above this many distinct names, a hash index replaces the linear search for repeats,
  /// so that a hostile query with many names stays linear.
  private static let linearSearchLimit = 16

  /// The parameters read into typed fields.
  private enum Field {
    case status, paymentId, subscriptionId, customerEmail, licenseKey
  }

  static func result(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>) -> CheckoutResult {
    var result = CheckoutResult(status: .pending)
    guard !query.isEmpty else { return result }
    var pieces = 1
    for i in query where bytes[i] == UInt8(ascii: "&") { pieces += 1 }
    // One allocation for the parameters instead of one per doubling (bounded: a hostile
    // query of a million `&` reserves no more than a usual one).
    result.parameters.reserveCapacity(min(pieces, 64))
    var index: [String: Int]?
    var i = query.lowerBound
    while i < query.upperBound {
      // One pass finds the piece's end, its first '=', and whether name or value has escapes.
      var end = i
      var equals = -1
      var escapedName = false
      var escapedValue = false
      while end < query.upperBound {
        let c = bytes[end]
        if c == UInt8(ascii: "&") { break }
        if c == UInt8(ascii: "%") {
          if equals < 0 { escapedName = true } else { escapedValue = true }
        } else if equals < 0, c == UInt8(ascii: "=") {
          equals = end
        }
        end += 1
      }
      defer { i = end + 1 }
      if end == i { continue }  // an empty piece ("a=1&&b=2") is no parameter
      let nameRange = i..<(equals < 0 ? end : equals)
      let name = PercentDecoding.string(bytes, nameRange, escaped: escapedName)
      let value = equals < 0 ? "" : PercentDecoding.string(bytes, (equals + 1)..<end, escaped: escapedValue)
      switch field(bytes, nameRange, escaped: escapedName) {
      case .status: result.status = CheckoutStatus(statusParameter: value)
      case .paymentId: result.paymentId = value.isEmpty ? nil : value
      case .subscriptionId: result.subscriptionId = value.isEmpty ? nil : value
      case .customerEmail: result.customerEmail = value.isEmpty ? nil : value
      case .licenseKey where !value.isEmpty:
        if result.licenseKeys == nil { result.licenseKeys = [value] } else { result.licenseKeys!.append(value) }
      case .licenseKey, nil: break
      }
      insert(QueryParameter(name: name, value: value), into: &result.parameters, index: &index)
    }
    return result
  }

  /// The typed field that the name `bytes[range]` (percent-decoded) stands for, if any.
  private static func field(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool) -> Field? {
    if escaped {
      // The names are 5 to 15 bytes long; written with escapes, at most three times that.
      guard range.count >= 5, range.count <= 45 else { return nil }
      if PercentDecoding.decodedEquals(bytes, range, "status") { return .status }
      if PercentDecoding.decodedEquals(bytes, range, "payment_id") { return .paymentId }
      if PercentDecoding.decodedEquals(bytes, range, "subscription_id") { return .subscriptionId }
      if PercentDecoding.decodedEquals(bytes, range, "email") { return .customerEmail }
      if PercentDecoding.decodedEquals(bytes, range, "license_key") { return .licenseKey }
      return nil
    }
    let name = UnsafeBufferPointer(rebasing: bytes[range])
    switch name.count {
    case 6 where ASCII.equals(name, "status"): return .status
    case 10 where ASCII.equals(name, "payment_id"): return .paymentId
    case 15 where ASCII.equals(name, "subscription_id"): return .subscriptionId
    case 5 where ASCII.equals(name, "email"): return .customerEmail
    case 11 where ASCII.equals(name, "license_key"): return .licenseKey
    default: return nil
    }
  }

  private static func insert(_ parameter: QueryParameter, into parameters: inout [QueryParameter], index: inout [String: Int]?) {
    if index == nil {
      if let at = parameters.firstIndex(where: { $0.name == parameter.name }) {
        parameters[at].value = parameter.value
        return
      }
      parameters.append(parameter)
      if parameters.count > linearSearchLimit {
        index = Dictionary(parameters.enumerated().lazy.map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
      }
    } else if let at = index![parameter.name] {
      parameters[at].value = parameter.value
    } else {
      index![parameter.name] = parameters.count
      parameters.append(parameter)
    }
  }
}
