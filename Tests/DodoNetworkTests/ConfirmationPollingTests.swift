import DodoAccount
import DodoCheckout
import DodoNetwork
import DodoTestSupport
import Foundation
import Testing

/// Answers each path from its own list of answers (the last one repeats), noting when on the
/// virtual clock each request came.
final class ChangingTransport: HTTPTransport, @unchecked Sendable {
  let clock: VirtualClock
  private var answers: [String: [HTTPResponse]]
  private(set) var asked: [(path: String, at: Double)] = []

  init(clock: VirtualClock, _ answers: [String: [HTTPResponse]]) {
    self.clock = clock
    self.answers = answers
  }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let path = InMemoryTransport.path(of: request.url)
    asked.append((path, clock.now()))
    guard var list = answers[path], let first = list.first else { return HTTPResponse(status: 404) }
    if list.count > 1 { list.removeFirst() }
    answers[path] = list
    return first
  }

  /// When the session was asked about.
  var sessionTimes: [Double] { asked.filter { $0.path.hasPrefix("/checkouts/") }.map(\.at) }
}

extension HTTPResponse {
  static func json(_ status: Int, _ body: String, headers: [HTTPHeader] = []) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
  }

  static func session(payment: String?) -> HTTPResponse {
    json(200, #"{"id":"cks_1","payment_id":\#(payment.map { "\"\($0)\"" } ?? "null")}"#)
  }

  static func payment(_ status: String) -> HTTPResponse {
    json(200, #"{"payment_id":"pay_1","status":"\#(status)","total_amount":1999,"currency":"USD"}"#)
  }
}

/// `start --confirm`'s asking again, on a virtual clock: no test waits real seconds.
@Suite struct ConfirmationPollingTests {
  let clock = VirtualClock()
  let claim = CheckoutResult(status: .succeeded, paymentId: "pay_1")

  func confirm(_ transport: ChangingTransport, wait: Double = 30, timeout: Double = 30) throws(DodoAPIError)
    -> ConfirmationReport
  {
    try Confirmer(api: DodoAPI(transport: transport, apiKey: "sk_test_1")).confirm(
      claim, sessionId: "cks_1", polling: Polling(wait: wait, requestTimeout: timeout, clock: clock))
  }

  @Test("asked every 2 s while the session names no payment or it is not final, then confirmed")
  func untilFinal() throws {
    let transport = ChangingTransport(
      clock: clock,
      [
        "/checkouts/cks_1": [.session(payment: nil), .session(payment: nil), .session(payment: "pay_1")],
        "/payments/pay_1": [.payment("processing"), .payment("succeeded")],
      ])
    let report = try confirm(transport)
    #expect(report.verdict == .confirmed)
    #expect(transport.sessionTimes == [0, 2, 4, 6])
  }

  @Test("never final: asked for up to the wait, then unconfirmed")
  func untilTheWaitRunsOut() throws {
    let transport = ChangingTransport(clock: clock, ["/checkouts/cks_1": [.session(payment: nil)]])
    let report = try confirm(transport, wait: 30)
    #expect(report.verdict == .unconfirmed)
    #expect(transport.sessionTimes == Array(stride(from: 0.0, through: 30, by: 2)))
  }

  @Test("--confirm-wait 0 asks once")
  func once() throws {
    let transport = ChangingTransport(clock: clock, ["/checkouts/cks_1": [.session(payment: nil)]])
    #expect(try confirm(transport, wait: 0).verdict == .unconfirmed)
    #expect(transport.sessionTimes == [0])
  }

  @Test("a 5xx or 429 is asked again, not sooner than its Retry-After")
  func retryAfterIsHonoured() throws {
    let busy = HTTPResponse.json(429, "{}", headers: [HTTPHeader("Retry-After", "5")])
    let transport = ChangingTransport(
      clock: clock,
      [
        "/checkouts/cks_1": [busy, .json(503, "{}"), .session(payment: "pay_1")],
        "/payments/pay_1": [.payment("succeeded")],
      ])
    #expect(try confirm(transport).verdict == .confirmed)
    #expect(transport.sessionTimes == [0, 5, 7])
  }

  @Test("a Retry-After longer than a request may last ends the asking")
  func retryAfterPastTheRequestsLimit() throws {
    let busy = HTTPResponse.json(429, "{}", headers: [HTTPHeader("Retry-After", "60")])
    let transport = ChangingTransport(clock: clock, ["/checkouts/cks_1": [busy, .session(payment: "pay_1")]])
    let report = try confirm(transport, wait: 120, timeout: 2)
    #expect(report.verdict == .unconfirmed)
    #expect(transport.sessionTimes == [0])
  }

  @Test("a refused key is thrown at once, and a 404 is not asked again")
  func failuresThatDoNotChange() throws {
    let refused = ChangingTransport(clock: clock, ["/checkouts/cks_1": [.json(401, "{}")]])
    #expect(throws: DodoAPIError.self) { try confirm(refused) }
    #expect(refused.sessionTimes == [0])
    let unknown = ChangingTransport(clock: clock, [:])
    #expect(try confirm(unknown).reason?.hasPrefix("not found") == true)
    #expect(unknown.sessionTimes == [0])
  }

  @Test("an interruption (Ctrl-C) during a pause ends the asking")
  func interrupted() throws {
    let transport = ChangingTransport(clock: clock, ["/checkouts/cks_1": [.session(payment: nil)]])
    let report = try Confirmer(api: DodoAPI(transport: transport, apiKey: "sk_test_1")).confirm(
      claim, sessionId: "cks_1", polling: Polling(wait: 30, requestTimeout: 30, clock: clock),
      interrupted: { transport.sessionTimes.count >= 2 })
    #expect(report.verdict == .unconfirmed)
    #expect(transport.sessionTimes == [0, 2])
  }

  @Test("a clock whose waits return at once still ends after wait / interval asks")
  func aClockThatDoesNotMove() {
    final class Frozen: PacingClock {
      func now() -> Double { 0 }
      func sleep(seconds: Double) {}
    }
    var asks = 0
    Polling(wait: 10, requestTimeout: 30, clock: Frozen()).run({ asks += 1 }, next: { .again(retryAfter: nil) })
    #expect(asks == 6)
  }
}
