import DodoCheckout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why Dodo's API did not give what was asked: an HTTP status it answered with, or why no
/// answer came. The message says what to check; it never carries the key.
public struct DodoAPIError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure it is: how Dodo answered, or why no answer came.
  public enum Kind: String, Sendable, Hashable {
    /// 401 or 403: the key is wrong, revoked, or of the other mode.
    case keyRefused
    /// 404: Dodo does not know the ID (in this mode).
    case notFound
    /// 429, still after the retries.
    case rateLimited
    /// 5xx, still after the retries.
    case serverError
    /// Any other non-2xx: the request was refused.
    case rejected
    /// A 2xx whose body is not the answer expected.
    case unreadableAnswer
    /// The connect or whole-request limit ran out.
    case timedOut
    /// The TLS handshake or the certificate check failed.
    case tls
    /// No connection could be made.
    case connection
    /// The transport itself could not run (its helper program is missing or broke).
    case transportUnavailable
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// The HTTP status Dodo answered with; `nil` when no answer came.
  public var httpStatus: Int?
  /// What went wrong and what to check.
  public var message: String
  /// The `code` of Dodo's error body (`INVALID_DISCOUNT_CODE`), kept apart from the message
  /// so that scripts can match it; `nil` when the body has none.
  public var dodoCode: String?

  /// An error of these fields, as a test double.
  public init(_ kind: Kind, httpStatus: Int? = nil, message: String, dodoCode: String? = nil) {
    self.kind = kind
    self.httpStatus = httpStatus
    self.message = message
    self.dodoCode = dodoCode
  }

  public var description: String { message }

  /// Whether the failure is about the whole account or connection rather than about one
  /// session or ID: a refused key, a TLS failure, or no answer from Dodo at all. The
  /// confirming commands end with exit 24 on these, and make one input unconfirmed on the others.
  package var isFatal: Bool {
    switch kind {
    case .keyRefused, .tls, .connection, .transportUnavailable: true
    case .notFound, .rateLimited, .serverError, .rejected, .unreadableAnswer, .timedOut: false
    }
  }

  /// The error for a non-2xx answer, with Dodo's own message when its body has one.
  package static func answered(_ response: HTTPResponse, mode: APIMode) -> DodoAPIError {
    let status = response.status
    let body = ErrorBody.read(response.body)
    let said = body?.shownText.map { " Dodo says: \($0)" } ?? ""
    let (kind, text): (Kind, String)
    switch status {
    case 401, 403:
      (kind, text) = (.keyRefused, "the key is refused: is it a test-mode key used in live mode, or revoked?")
    case 404:
      (kind, text) = (
        .notFound, "not found: Dodo has no such ID in \(mode.rawValue) mode (mistyped, or of the other mode?)"
      )
    case 429:
      let after = response.header("Retry-After").map { " (Retry-After: \($0))" } ?? ""
      (kind, text) = (.rateLimited, "rate limited by Dodo, still after retrying\(after): wait a little and try again")
    case 500...599:
      (kind, text) = (.serverError, "Dodo failed, still after retrying: try again later")
    default:
      (kind, text) = (.rejected, "Dodo refused the request: check the IDs and values given")
    }
    return DodoAPIError(
      kind, httpStatus: status, message: "\(text) (HTTP \(status), \(mode.rawValue) mode).\(said)",
      dodoCode: body?.code.flatMap { $0.isEmpty ? nil : String($0.prefix(100)) })
  }

  /// The error for an exchange that got no answer.
  package static func noAnswer(_ error: TransportError, baseURL: String) -> DodoAPIError {
    switch error.kind {
    case .timedOut:
      DodoAPIError(
        .timedOut,
        message:
          "no answer from \(baseURL) in time (\(error.message)): check the network, or allow more with --api-timeout")
    case .tls:
      DodoAPIError(
        .tls,
        message:
          "the TLS connection to \(baseURL) failed (\(error.message)): check the system's CA certificates and clock, or SSL_CERT_FILE for a server with its own CA"
      )
    case .connection:
      DodoAPIError(
        .connection,
        message: "cannot reach \(baseURL) (\(error.message)): check the network, a proxy, and DODO_PAYMENTS_BASE_URL")
    case .unavailable:
      DodoAPIError(.transportUnavailable, message: "cannot reach Dodo's API: \(error.message)")
    }
  }

  /// The error for a 2xx answer whose body is not what the endpoint returns.
  static func unreadable(_ what: String, status: Int) -> DodoAPIError {
    DodoAPIError(
      .unreadableAnswer, httpStatus: status,
      message: "Dodo's answer could not be read as \(what) (HTTP \(status)): is DODO_PAYMENTS_BASE_URL Dodo's API?")
  }

  /// The message an error body carries, whatever its shape: `message`, `error` (a string, or
  /// an object with `message`), `detail` or `code` of a JSON object; at most 300 characters.
  /// `nil` for anything else: the body's shape is not known, and its absence is no failure.
  static func bodyMessage(_ body: [UInt8]) -> String? { ErrorBody.read(body)?.shownText }

  private struct ErrorBody: Decodable {
    struct Nested: Decodable { var message: String? }
    var text: String?
    var code: String?

    enum CodingKeys: String, CodingKey { case message, error, detail, code }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      let nested: Nested? = c.lenient(.error)
      code = c.lenient(.code)
      text = c.lenient(.message) ?? c.lenient(.error) ?? nested?.message ?? c.lenient(.detail) ?? code
    }

    static func read(_ body: [UInt8]) -> ErrorBody? {
      guard !body.isEmpty else { return nil }
      return try? JSONDecoder().decode(ErrorBody.self, from: Data(body))
    }

    /// The text, at most 300 characters; `nil` when empty.
    var shownText: String? {
      guard let text, !text.isEmpty else { return nil }
      return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
  }
}
