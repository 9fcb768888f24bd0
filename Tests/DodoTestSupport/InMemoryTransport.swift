import DodoAccount
import Foundation

/// Dodo's API in memory: answers each request from a table of paths, and records what it was
/// sent. A path with no entry answers 404 with a JSON message.
package final class InMemoryTransport: HTTPTransport, @unchecked Sendable {
  package enum Answer {
    case json(Int, String)
    case fail(TransportError)
  }

  private let lock = NSLock()
  private var answers: [String: Answer]
  package private(set) var requests: [HTTPRequest] = []

  package init(_ answers: [String: Answer] = [:]) { self.answers = answers }

  package func set(_ path: String, _ answer: Answer) {
    lock.lock()
    answers[path] = answer
    lock.unlock()
  }

  package var paths: [String] {
    lock.lock()
    defer { lock.unlock() }
    return requests.map { Self.path(of: $0.url) }
  }

  package func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    lock.lock()
    requests.append(request)
    let answer = answers[Self.path(of: request.url)]
    lock.unlock()
    switch answer {
    case .json(let status, let body)?:
      return HTTPResponse(
        status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8))
    case .fail(let error)?:
      throw error
    case nil:
      return HTTPResponse(status: 404, body: Array(#"{"code":"NOT_FOUND","message":"Item not found"}"#.utf8))
    }
  }

  package static func path(of url: String) -> String {
    guard let range = url.range(of: "://") else { return url }
    let rest = url[range.upperBound...]
    return String(rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...])
  }

  /// A payment as `GET /payments/{id}` returns it.
  package static func payment(
    _ id: String, _ status: String, subscription: String? = nil, errorCode: String? = nil, session: String? = nil
  ) -> Answer {
    let sub = subscription.map { #""\#($0)""# } ?? "null"
    let code = errorCode.map { #""\#($0)""# } ?? "null"
    let message = errorCode == nil ? "null" : #""The card was declined""#
    let cks = session.map { #""\#($0)""# } ?? "null"
    return .json(
      200,
      #"{"payment_id":"\#(id)","status":"\#(status)","total_amount":1999,"currency":"USD","subscription_id":\#(sub),"error_code":\#(code),"error_message":\#(message),"checkout_session_id":\#(cks),"business_id":"bus_1","customer":{"customer_id":"cus_1","email":"a@example.com","name":"A"},"metadata":{},"created_at":"2026-12-01T10:00:00Z","brand_new_field":[1,2]}"#
    )
  }

  package static func session(_ id: String, payment: String?, status: String? = nil) -> Answer {
    let pay = payment.map { #""\#($0)""# } ?? "null"
    let st = status.map { #""\#($0)""# } ?? "null"
    return .json(
      200, #"{"id":"\#(id)","created_at":"2026-12-01T10:00:00Z","payment_id":\#(pay),"payment_status":\#(st)}"#)
  }

  package static func subscription(_ id: String, _ status: String) -> Answer {
    .json(
      200,
      #"{"subscription_id":"\#(id)","status":"\#(status)","product_id":"pdt_1","recurring_pre_tax_amount":999,"currency":"EUR","next_billing_date":"2027-01-01T00:00:00Z","created_at":"2026-12-01T10:00:00Z"}"#
    )
  }
}
