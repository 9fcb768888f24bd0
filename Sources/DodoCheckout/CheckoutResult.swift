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
    self = try url.withUTF8Bytes { bytes throws(CheckoutError) in
      let parts: URLParts
      do throws(URLSyntaxError) { parts = try URLReader.read(bytes) } catch { throw .invalidURL(error, kind: .incoming) }
      guard let authority = parts.authority, !authority.host.isEmpty else {
        throw .invalidReturnUrl("it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return?status=succeeded'")
      }
      return QueryReader.result(bytes, parts.query ?? 0..<0)
    }
  }

  /// Reads the result off a bare query string (`status=…&…`, with or without a leading `?`).
  public init(query: String) throws(CheckoutError) {
    var query = query
    self = try query.withUTF8Bytes { bytes throws(CheckoutError) in
      do throws(URLSyntaxError) { try URLReader.checkCharacters(bytes) } catch { throw .invalidURL(error, kind: .incoming) }
      var start = 0
      if bytes.first == UInt8(ascii: "?") { start = 1 }
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "#") { end += 1 }
      return QueryReader.result(bytes, start..<end)
    }
  }
}

/// Reads query parameters into a `CheckoutResult`.
enum QueryReader {
  /// Above this many distinct names, a hash index replaces the linear search for repeats,
  /// so that a hostile query with many names stays linear.
  private static let linearSearchLimit = 16

  static func result(_ bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>) -> CheckoutResult {
    var result = CheckoutResult(status: .pending)
    // One allocation for the parameters instead of one per doubling.
    var pieces = 1
    for i in query where bytes[i] == UInt8(ascii: "&") { pieces += 1 }
    result.parameters.reserveCapacity(pieces)
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
        if c == UInt8(ascii: "=") && equals < 0 {
          equals = end
        } else if c == UInt8(ascii: "%") {
          if equals < 0 { escapedName = true } else { escapedValue = true }
        }
        end += 1
      }
      defer { i = end + 1 }
      if end == i { continue }  // an empty piece ("a=1&&b=2") is no parameter
      let name = PercentDecoding.string(bytes, i..<(equals < 0 ? end : equals), escaped: escapedName)
      let value = equals < 0 ? "" : PercentDecoding.string(bytes, (equals + 1)..<end, escaped: escapedValue)
      if name == "license_key", !value.isEmpty {
        if result.licenseKeys == nil { result.licenseKeys = [value] } else { result.licenseKeys!.append(value) }
      }
      insert(QueryParameter(name: name, value: value), into: &result.parameters, index: &index)
    }
    for parameter in result.parameters {
      let value = parameter.value.isEmpty ? nil : parameter.value
      switch parameter.name {
      case "status": result.status = CheckoutStatus(statusParameter: parameter.value)
      case "payment_id": result.paymentId = value
      case "subscription_id": result.subscriptionId = value
      case "email": result.customerEmail = value
      default: break
      }
    }
    return result
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
