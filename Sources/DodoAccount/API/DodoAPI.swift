import DodoCheckout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dodo's API, the four endpoints `dodo` uses, over an `HTTPTransport`: every request with
/// `Authorization: Bearer KEY` and JSON. Retrying (GETs on 429 and 5xx) is the transport's
/// business; `POST /checkouts` is sent once.
public struct DodoAPI: Sendable {
  public let transport: any HTTPTransport
  public let mode: APIMode
  /// Where requests go: the mode's URL, or `$DODO_PAYMENTS_BASE_URL` (no trailing `/`).
  public let baseURL: String
  /// The whole exchange's limit and the connect phase's, in seconds.
  public var timeout: Double = DodoAPI.defaultTimeout
  public var connectTimeout: Double = 10
  private let apiKey: String

  /// A request's limit when none is given (`dodo --api-timeout`'s default), in seconds.
  package static let defaultTimeout = 30.0

  public init(transport: any HTTPTransport, apiKey: String, mode: APIMode = .test, baseURL: String? = nil) {
    self.transport = transport
    self.apiKey = apiKey
    self.mode = mode
    var base = baseURL ?? mode.baseURL
    while base.hasSuffix("/") { base.removeLast() }
    self.baseURL = base
  }

  /// The same API, key and mode over another transport (one that paces the requests, say).
  public func over(_ transport: any HTTPTransport) -> DodoAPI {
    var api = DodoAPI(transport: transport, apiKey: apiKey, mode: mode, baseURL: baseURL)
    api.timeout = timeout
    api.connectTimeout = connectTimeout
    return api
  }

  /// `POST /checkouts`.
  public func createCheckoutSession(_ request: CheckoutSessionRequest) throws(DodoAPIError) -> CheckoutSessionCreated {
    try send(.post, "/checkouts", body: request.body(), as: CheckoutSessionCreated.self, what: "a checkout session")
  }

  /// `GET /checkouts/{id}`.
  public func checkoutSession(_ id: String) throws(DodoAPIError) -> CheckoutSessionDetails {
    try send(.get, "/checkouts/" + Self.pathSegment(id), as: CheckoutSessionDetails.self, what: "a checkout session")
  }

  /// `GET /payments/{id}`.
  public func payment(_ id: String) throws(DodoAPIError) -> Payment {
    try send(.get, "/payments/" + Self.pathSegment(id), as: Payment.self, what: "a payment")
  }

  /// `GET /subscriptions/{id}`.
  public func subscription(_ id: String) throws(DodoAPIError) -> Subscription {
    try send(.get, "/subscriptions/" + Self.pathSegment(id), as: Subscription.self, what: "a subscription")
  }

  private func send<Answer: Decodable>(
    _ method: HTTPRequest.Method, _ path: String, body: [UInt8] = [], as type: Answer.Type, what: String
  ) throws(DodoAPIError) -> Answer {
    var request = HTTPRequest.api(
      method, path, baseURL: baseURL, apiKey: apiKey, body: method == .post ? body : nil, timeout: timeout)
    request.connectTimeout = connectTimeout
    let response: HTTPResponse
    // Nothing Dodo (or what answers for it) says reaches the user with the key in it.
    do throws(TransportError) { response = try transport.send(request).redacting(apiKey) } catch {
      throw DodoAPIError.noAnswer(error.redacting(apiKey), baseURL: baseURL)
    }
    guard (200...299).contains(response.status) else { throw DodoAPIError.answered(response, mode: mode) }
    guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(response.body)) else {
      throw DodoAPIError.unreadable(what, status: response.status)
    }
    return answer
  }

  /// An ID as one path segment: every byte but letters, digits, `-`, `_`, `.` and `~`
  /// percent-encoded, so that an ID from a customer's URL cannot reach another endpoint
  /// (`../`, `?`, `#`).
  static func pathSegment(_ id: String) -> String {
    var out = ""
    for byte in id.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if byte < 0x80, c.isLetter || c.isNumber || "-_~".contains(c) || (c == "." && id != "." && id != "..") {
        out.append(c)
      } else {
        out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return out
  }
}
