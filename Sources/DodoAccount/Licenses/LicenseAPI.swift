import DodoCheckout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dodo's three license-key endpoints over an `HTTPTransport`. They are public (no API key in
/// Dodo's OpenAPI spec): a customer's machine activates what it bought with no secret of the
/// merchant's, so no request here carries an `Authorization` header, whatever is configured.
/// POSTs, sent once each (an activation is not repeated behind the caller's back).
public struct LicenseAPI: Sendable {
  public let transport: any HTTPTransport
  public let mode: APIMode
  /// Where requests go: the mode's URL, or `$DODO_PAYMENTS_BASE_URL` (no trailing `/`).
  public let baseURL: String
  /// The whole exchange's limit and the connect phase's, in seconds.
  public var timeout: Double = DodoAPI.defaultTimeout
  public var connectTimeout: Double = 10

  public init(transport: any HTTPTransport, mode: APIMode = .test, baseURL: String? = nil) {
    self.transport = transport
    self.mode = mode
    var base = baseURL ?? mode.baseURL
    while base.hasSuffix("/") { base.removeLast() }
    self.baseURL = base
  }

  /// `POST /licenses/activate {license_key, name}`: 201 is the new instance; 403, 404 and
  /// 422 are Dodo's refusals. Any other answer, or none, throws.
  public func activate(licenseKey: String, name: String) throws(DodoAPIError) -> LicenseAnswer<LicenseActivation> {
    let response = try post("/licenses/activate", ["license_key": licenseKey, "name": name])
    if let refusal = LicenseRefusal(activating: response.status) { return .refused(refusal, dodoSays(response)) }
    try requireSuccess(response)
    guard let activation = try? JSONDecoder().decode(LicenseActivation.self, from: Data(response.body)) else {
      throw DodoAPIError.unreadable("a license activation", status: response.status)
    }
    return .done(activation)
  }

  /// `POST /licenses/validate {license_key, license_key_instance_id?}`: `{"valid":true}` is
  /// the only yes. Every answer from Dodo that is not one (`valid:false`, 403, 404, 422, 5xx)
  /// is a refusal: a license check fails closed. Only no answer at all throws.
  public func validate(licenseKey: String, instanceId: String?) throws(DodoAPIError) -> LicenseAnswer<Void> {
    var body = ["license_key": licenseKey]
    if let instanceId { body["license_key_instance_id"] = instanceId }
    let response = try post("/licenses/validate", body)
    guard (200...299).contains(response.status) else {
      return .refused(LicenseRefusal(validating: response.status), dodoSays(response))
    }
    guard let answer = try? JSONDecoder().decode(ValidateAnswer.self, from: Data(response.body)) else {
      return .refused(.unreadable, "HTTP \(response.status) without a {\"valid\":…} answer")
    }
    return answer.valid ? .done(()) : .refused(.invalid, nil)
  }

  /// `POST /licenses/deactivate {license_key, license_key_instance_id}`: 200 frees the seat;
  /// 403 and 404 say Dodo knows no such instance or key. Any other answer, or none, throws.
  public func deactivate(licenseKey: String, instanceId: String) throws(DodoAPIError) -> LicenseAnswer<Void> {
    let response = try post(
      "/licenses/deactivate", ["license_key": licenseKey, "license_key_instance_id": instanceId])
    if let refusal = LicenseRefusal(deactivating: response.status) { return .refused(refusal, dodoSays(response)) }
    try requireSuccess(response)
    return .done(())
  }

  private struct ValidateAnswer: Decodable { var valid: Bool }

  private func post(_ path: String, _ fields: [String: String]) throws(DodoAPIError) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = (try? encoder.encode(fields)).map { Array($0) } ?? []
    // Deliberately not `HTTPRequest.api`: that one carries the API key.
    let request = HTTPRequest(
      method: .post, url: baseURL + path,
      headers: [
        HTTPHeader("Accept", "application/json"), HTTPHeader("User-Agent", "dodo-cli"),
        HTTPHeader("Content-Type", "application/json"),
      ],
      body: body, timeout: timeout, connectTimeout: connectTimeout)
    do throws(TransportError) { return try transport.send(request) } catch {
      throw DodoAPIError.noAnswer(error, baseURL: baseURL)
    }
  }

  private func requireSuccess(_ response: HTTPResponse) throws(DodoAPIError) {
    guard !(200...299).contains(response.status) else { return }
    let said = dodoSays(response).map { " Dodo says: \($0)" } ?? ""
    let kind: DodoAPIError.Kind = (500...599).contains(response.status) ? .serverError : .rejected
    throw DodoAPIError(
      kind, httpStatus: response.status,
      message: "Dodo answered the license request with HTTP \(response.status) (\(mode.rawValue) mode).\(said)")
  }

  private func dodoSays(_ response: HTTPResponse) -> String? { DodoAPIError.bodyMessage(response.body) }
}

/// What a license endpoint answered: done, or refused with Dodo's own message when its body
/// had one.
public enum LicenseAnswer<Value: Sendable>: Sendable {
  case done(Value)
  case refused(LicenseRefusal, String?)
}

/// Why Dodo refused a license request. The raw values are the `"reason"` of `dodo license`'s
/// JSON.
public enum LicenseRefusal: String, Sendable, Hashable {
  /// 404: Dodo knows no such license key (in this mode).
  case notFound = "not_found"
  /// 403: the key is disabled or expired (or, deactivating, the instance is not the key's).
  case inactive
  /// 422 on activation: the key is active on as many machines as it allows.
  case limitReached = "limit_reached"
  /// `{"valid":false}`: the key, or this machine's activation of it, is not valid.
  case invalid
  /// Any other refusal (422 for a malformed request, a 5xx): a license check fails closed.
  case rejected
  /// A 2xx that is not `{"valid":…}`: not a yes.
  case unreadable

  init?(activating status: Int) {
    switch status {
    case 404: self = .notFound
    case 403: self = .inactive
    case 422: self = .limitReached
    default: return nil
    }
  }

  init(validating status: Int) {
    switch status {
    case 404: self = .notFound
    case 403: self = .inactive
    default: self = .rejected
    }
  }

  init?(deactivating status: Int) {
    switch status {
    case 404: self = .notFound
    case 403: self = .inactive
    default: return nil
    }
  }

  /// What it means, for a person.
  public var message: String {
    switch self {
    case .notFound: "no such license key"
    case .inactive: "the key is disabled or expired"
    case .limitReached: "this key is active on the maximum number of machines: deactivate one first"
    case .invalid: "the key, or this machine's activation of it, is not valid"
    case .rejected: "Dodo refused the request"
    case .unreadable: "Dodo's answer could not be read as a verdict"
    }
  }
}

/// The answer to `POST /licenses/activate` (Dodo's `LicenseKeyInstance`).
public struct LicenseActivation: Sendable, Hashable, Decodable {
  /// The instance id, `lki_…`.
  public var id: String
  public var name: String?
  public var licenseKeyId: String?
  public var createdAt: String?
  public var productId: String?
  public var productName: String?
  public var customerId: String?
  public var customerEmail: String?
  public var customerName: String?

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    name = c.lenient(.name)
    licenseKeyId = c.lenient(.licenseKeyId)
    createdAt = c.lenient(.createdAt)
    let product: Party? = c.lenient(.product)
    productId = product?.productId
    productName = product?.name
    let customer: Party? = c.lenient(.customer)
    customerId = customer?.customerId
    customerEmail = customer?.email
    customerName = customer?.name
  }

  private struct Party: Decodable {
    var productId: String?
    var customerId: String?
    var name: String?
    var email: String?

    enum CodingKeys: String, CodingKey {
      case productId = "product_id"
      case customerId = "customer_id"
      case name, email
    }
  }

  enum CodingKeys: String, CodingKey {
    case id, name, product, customer
    case licenseKeyId = "license_key_id"
    case createdAt = "created_at"
  }
}
