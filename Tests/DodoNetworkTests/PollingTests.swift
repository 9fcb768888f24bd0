import DodoAccount
import DodoCheckout
import DodoTestSupport
import Foundation
import Testing

@testable import DodoNetwork

/// `start --poll`: the asking (`SessionPoll`) and the waiting around it (`PollingChannel`),
/// on an in-memory API and a clock of the test's own, so that no test waits real seconds.
@Suite struct PollingTests {
  let transport = InMemoryTransport(["/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: nil)])
  var api: DodoAPI { DodoAPI(transport: transport, apiKey: "sk_test_key") }

  @Test func aStatusIsToldOnceAsItChangesAndASuccessIsConfirmedThroughThePayment() {
    var poll = SessionPoll(api: api, sessionId: "cks_1")
    #expect(poll.ask() == .progress(nil))
    #expect(poll.ask() == .unchanged)
    transport.set("/checkouts/cks_1", InMemoryTransport.session("cks_1", payment: "pay_1", status: "failed"))
    #expect(poll.ask() == .progress("failed"))
    transport.set("/checkouts/cks_1", InMemoryTransport.session("cks_1", payment: "pay_2", status: "succeeded"))
    transport.set("/payments/pay_2", InMemoryTransport.payment("pay_2", "succeeded"))
    guard case .paid(let confirmation) = poll.ask() else {
      Issue.record("no success")
      return
    }
    #expect(confirmation.paymentId == "pay_2" && confirmation.totalAmount == 1999)
    #expect(transport.paths.suffix(2) == ["/checkouts/cks_1", "/payments/pay_2"])
    let result = SessionPoll.result(of: confirmation)
    #expect(result.status == .succeeded && result.paymentId == "pay_2" && result.raw.isEmpty)
  }

  @Test func aSessionSaidPaidWhosePaymentIsNotIsProgressNotSuccess() {
    transport.set("/checkouts/cks_1", InMemoryTransport.session("cks_1", payment: "pay_3", status: "succeeded"))
    transport.set("/payments/pay_3", InMemoryTransport.payment("pay_3", "processing"))
    var poll = SessionPoll(api: api, sessionId: "cks_1")
    #expect(poll.ask() == .progress("succeeded"))
  }

  @Test func aFailureIsAWarningOncePerKindAndARefusedKeyStops() {
    var poll = SessionPoll(api: api, sessionId: "cks_1")
    transport.set("/checkouts/cks_1", .json(500, #"{"message":"boom"}"#))
    guard case .warning = poll.ask() else {
      Issue.record("no warning")
      return
    }
    #expect(poll.ask() == .unchanged)
    transport.set("/checkouts/cks_1", .json(401, "{}"))
    guard case .stopped(let message) = poll.ask() else {
      Issue.record("not stopped")
      return
    }
    #expect(message.contains("the key is refused") && !message.contains("sk_test_key"))
  }

  /// A channel whose waits end at once: each `next(until:)` moves the test's clock to the
  /// deadline it was given (time passing), unless a scripted event comes first.
  final class InstantChannel: ReturnChannel {
    var clock: ContinuousClock.Instant
    var script: [(after: Int, event: ReturnChannelEvent)]
    var waits = 0

    init(start: ContinuousClock.Instant, script: [(after: Int, event: ReturnChannelEvent)] = []) {
      clock = start
      self.script = script
    }

    func open(for returnURL: ReturnURL) throws(CheckoutError) {}
    func next(until deadline: ContinuousClock.Instant?) throws(CheckoutError) -> ReturnChannelEvent {
      waits += 1
      if let first = script.first, first.after == waits {
        script.removeFirst()
        return first.event
      }
      guard let deadline else { return .dismissed(.interrupted) }
      clock = max(clock, deadline)
      return .timedOut
    }
    func answer(_ id: IncomingURL.ID, claimed: Bool) -> Bool { true }
    func close() {}
  }

  /// Dodo's API where the session's payment succeeds from the `settlesOn`-th ask on.
  final class SettlingTransport: HTTPTransport, @unchecked Sendable {
    let base: InMemoryTransport
    let settlesOn: Int
    var asked = 0

    init(_ base: InMemoryTransport, settlesOn: Int) {
      self.base = base
      self.settlesOn = settlesOn
    }

    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
      if InMemoryTransport.path(of: request.url) == "/checkouts/cks_1" {
        asked += 1
        if asked == settlesOn {
          base.set("/checkouts/cks_1", InMemoryTransport.session("cks_1", payment: "pay_1", status: "succeeded"))
        }
      }
      return try base.send(request)
    }
  }

  @Test func thePaymentSettlingAfterSomePollsEndsTheWaitAsConfirmed() throws {
    let start = ContinuousClock().now
    let inner = InstantChannel(start: start)
    var reported: [SessionPoll.Step] = []
    transport.set("/payments/pay_1", InMemoryTransport.payment("pay_1", "succeeded"))
    let settling = DodoAPI(transport: SettlingTransport(transport, settlesOn: 3), apiKey: "sk_test_key")
    let channel = PollingChannel(
      inner, poll: SessionPoll(api: settling, sessionId: "cks_1"), interval: .seconds(3), now: { inner.clock },
      report: { reported.append($0) })
    let event = try channel.next(until: start.advanced(by: .seconds(60)))
    guard case .settled(let result) = event else {
      Issue.record("not settled: \(event)")
      return
    }
    #expect(result.status == .succeeded && result.paymentId == "pay_1")
    #expect(reported == [.progress(nil)])
    #expect(inner.clock == start.advanced(by: .seconds(9)))
    #expect(channel.paid?.paymentId == "pay_1")
  }

  @Test func aReturnAndTheDeadlinePassThroughAndAStoppedPollWaitsOnAlone() throws {
    let start = ContinuousClock().now
    let url = ReturnChannelEvent.url(IncomingURL(id: 1, url: "myapp://r?status=failed"))
    let inner = InstantChannel(start: start, script: [(after: 2, event: url)])
    var reported: [SessionPoll.Step] = []
    let channel = PollingChannel(
      inner, poll: SessionPoll(api: api, sessionId: "cks_1"), interval: .seconds(2), now: { inner.clock },
      report: { reported.append($0) })
    #expect(try channel.next(until: start.advanced(by: .seconds(5))) == url)
    #expect(try channel.next(until: start.advanced(by: .seconds(5))) == .timedOut)
    #expect(inner.clock == start.advanced(by: .seconds(5)))
    #expect(transport.paths == ["/checkouts/cks_1", "/checkouts/cks_1"])
    transport.set("/checkouts/cks_1", .json(403, "{}"))
    #expect(try channel.next(until: start.advanced(by: .seconds(20))) == .timedOut)
    guard case .stopped = reported.last else {
      Issue.record("not stopped: \(reported)")
      return
    }
    #expect(transport.paths.count == 3)
  }
}
