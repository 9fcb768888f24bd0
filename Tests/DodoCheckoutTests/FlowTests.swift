import DodoCheckout
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("Checkout flow")
struct FlowTests {
  static let returnURL = "myapp://checkout/return"

  @Test("a matching return URL is claimed, read, clears the record and closes once")
  func succeeded() throws {
    let harness = FlowHarness([
      .url(IncomingURL(id: 7, url: "myapp://checkout/return?status=succeeded&payment_id=pay_1"))
    ])
    let result = try harness.run().get()
    #expect(result.status == .succeeded)
    #expect(result.paymentId == "pay_1")
    #expect(
      harness.log.entries == [
        "lock", "listen", "save cks_123", "present", "checkout.opened", "answer 7 true", "checkout.return_received",
        "deliver succeeded", "clear", "dismiss", "stop listening", "unlock", "checkout.closed",
      ])
    #expect(harness.store.session == nil)
    #expect(harness.events == [.opened, .returnReceived, .closed])
    #expect(!harness.lock.held)
  }

  @Test(
    "the record is cleared only for a final status",
    arguments: [
      ("succeeded", true), ("active", true), ("failed", true), ("expired", true),
      ("processing", false), ("requires_customer_action", false), ("", false),
    ])
  func clearedOnlyWhenFinal(status: String, cleared: Bool) throws {
    let harness = FlowHarness([.url(IncomingURL(id: 1, url: "\(Self.returnURL)?status=\(status)&payment_id=pay_1"))])
    _ = try harness.run().get()
    #expect((harness.store.session == nil) == cleared)
    #expect(harness.log.entries.contains("clear") == cleared)
  }

  @Test("a return through the cancel URL is claimed and ends cancelled by the customer; the record stays")
  func backButton() throws {
    let harness = FlowHarness(
      [
        .url(
          IncomingURL(id: 4, url: "myapp://checkout/return?state=s1&dodo_cancel=1&status=succeeded&payment_id=pay_1"))
      ])
    let result = try harness.run(returnURL: "myapp://checkout/return?state=s1").get()
    #expect(result.status == .cancelled)
    #expect(result.cancellationReason == .customer)
    #expect(result.paymentId == nil)
    #expect(harness.store.session != nil)
    #expect(harness.log.entries.contains("answer 4 true") && !harness.log.entries.contains("clear"))
  }

  @Test("a cancel URL without the run's state is not claimed: the wait goes on")
  func backButtonWithoutState() throws {
    let harness = FlowHarness(
      [.url(IncomingURL(id: 4, url: "myapp://checkout/return?dodo_cancel=1")), .dismissed(.interrupted)])
    let result = try harness.run(returnURL: "myapp://checkout/return?state=s1").get()
    #expect(result.cancellationReason == .interrupted)
    #expect(harness.log.entries.contains("answer 4 false"))
  }

  @Test("the record saved is the session id and the start time")
  func recordContents() throws {
    let harness = FlowHarness([.dismissed(.interrupted)])
    _ = try harness.run().get()
    #expect(
      harness.store.session
        == AbandonedSession(sessionId: "cks_123", createdAt: Date(timeIntervalSince1970: 1_800_000_000)))
  }

  @Test("URLs that do not match are answered no and the wait goes on")
  func unrelatedURLs() throws {
    let unrelated = [
      "https://example.com/", "myapp://checkout/other?status=succeeded", "myapps://checkout/return?status=succeeded",
      "myapp://other/return?status=succeeded", "not a url",
    ]
    var script = unrelated.enumerated().map { ReturnChannelEvent.url(IncomingURL(id: $0.offset, url: $0.element)) }
    script.append(.url(IncomingURL(id: 99, url: "MyApp://CHECKOUT/return/?status=failed")))
    let harness = FlowHarness(script)
    let result = try harness.run().get()
    #expect(result.status == .failed)
    for id in unrelated.indices { #expect(harness.channel.answers[id] == false) }
    #expect(harness.channel.answers[99] == true)
    #expect(harness.events == [.opened, .returnReceived, .closed])
  }

  @Test(
    "dismissal and timeout end as cancelled, say why, and keep the record",
    arguments: [
      (ReturnChannelEvent.dismissed(.interrupted), CancellationReason.interrupted),
      (.dismissed(.browserClosed), .browserClosed),
      (.timedOut, .timeout),
    ])
  func cancelled(event: ReturnChannelEvent, reason: CancellationReason) throws {
    let harness = FlowHarness([event])
    let result = try harness.run().get()
    #expect(result.status == .cancelled)
    #expect(result.cancellationReason == reason)
    #expect(harness.store.session?.sessionId == "cks_123")
    #expect(harness.events == [.opened, .closed])
    #expect(!harness.log.entries.contains("clear"))
  }

  @Test("the timeout becomes the wait's deadline, set once")
  func deadline() throws {
    let harness = FlowHarness([.url(IncomingURL(id: 1, url: "x://y")), .dismissed(.interrupted)])
    _ = try harness.run(timeout: .seconds(30)).get()
    #expect(harness.channel.deadlines.count == 2)
    #expect(harness.channel.deadlines[0] != nil)
    #expect(harness.channel.deadlines[0] == harness.channel.deadlines[1])
    let unlimited = FlowHarness([.dismissed(.interrupted)])
    _ = try unlimited.run().get()
    #expect(unlimited.channel.deadlines == [nil])
  }

  @Test("invalid URLs fail before anything is touched")
  func invalid() {
    let badCheckout = FlowHarness()
    #expect(badCheckout.run(checkoutURL: "https://example.com/session/x").failure?.code == .invalidCheckoutUrl)
    #expect(badCheckout.log.entries.isEmpty)
    let badReturn = FlowHarness()
    #expect(badReturn.run(returnURL: "myapp://").failure?.code == .invalidReturnUrl)
    #expect(badReturn.log.entries.isEmpty)
  }

  @Test("a held lock is ALREADY_IN_PROGRESS and nothing else happens")
  func alreadyInProgress() {
    let harness = FlowHarness()
    harness.lock.busy = true
    #expect(harness.run().failure == .alreadyInProgress)
    #expect(harness.log.entries == ["lock"])
    #expect(harness.events.isEmpty)
  }

  @Test("a lock that cannot be taken is a platform error")
  func lockError() {
    let harness = FlowHarness()
    harness.lock.error = .platformError("flock: no")
    #expect(harness.run().failure?.code == .platformError)
    #expect(harness.log.entries == ["lock"])
  }

  @Test("a channel that cannot listen releases the lock and records nothing")
  func channelError() {
    let harness = FlowHarness()
    harness.channel.openError = .platformError("bind: in use")
    #expect(harness.run().failure?.code == .platformError)
    #expect(harness.log.entries == ["lock", "listen", "unlock"])
  }

  @Test("a record that cannot be saved stops before presenting")
  func recordError() {
    let harness = FlowHarness()
    harness.store.saveError = .platformError("disk full")
    #expect(harness.run().failure?.code == .platformError)
    #expect(harness.log.entries == ["lock", "listen", "save cks_123", "stop listening", "unlock"])
  }

  @Test("a checkout URL without a session id records nothing")
  func noSessionId() throws {
    let harness = FlowHarness([.dismissed(.interrupted)])
    _ = try harness.run(checkoutURL: "https://checkout.dodopayments.com/session/").get()
    #expect(!harness.log.entries.contains { $0.hasPrefix("save") })
    #expect(harness.store.session == nil)
    let succeeded = FlowHarness([.url(IncomingURL(id: 1, url: "\(Self.returnURL)?status=succeeded"))])
    _ = try succeeded.run(checkoutURL: "https://checkout.dodopayments.com/session/").get()
    #expect(!succeeded.log.entries.contains("clear"))
  }

  @Test("a presenter that never started removes the record again, without events")
  func neverShown() {
    let harness = FlowHarness()
    harness.presenter.failure = PresentationFailure(.platformError("no such browser"), mayBeShowing: false)
    #expect(harness.run().failure?.message == "no such browser")
    #expect(harness.store.session == nil)
    #expect(harness.log.entries == ["lock", "listen", "save cks_123", "present", "clear", "stop listening", "unlock"])
    #expect(harness.events.isEmpty)
  }

  @Test("a presenter failure when the checkout may be showing keeps the record")
  func mayBeShowing() {
    let harness = FlowHarness()
    harness.presenter.failure = PresentationFailure(.platformError("unclear"), mayBeShowing: true)
    #expect(harness.run().failure?.code == .platformError)
    #expect(harness.store.session?.sessionId == "cks_123")
    #expect(harness.events.isEmpty)
  }

  @Test("a presenter failing after presenting is a platform error, closes once and keeps the record")
  func presenterFailed() {
    let harness = FlowHarness([
      .url(IncomingURL(id: 1, url: "x://y")),
      .presenterFailed(.platformError("the browser command exited with status 3")),
    ])
    #expect(harness.run().failure?.message == "the browser command exited with status 3")
    #expect(harness.store.session?.sessionId == "cks_123")
    #expect(harness.events == [.opened, .closed])
    #expect(!harness.lock.held)
  }

  @Test("a wait that fails is a platform error after opened, with closed")
  func waitFailed() {
    let harness = FlowHarness()
    harness.channel.waitError = .platformError("poll: bad")
    #expect(harness.run().failure?.code == .platformError)
    #expect(harness.events == [.opened, .closed])
    #expect(harness.store.session != nil)
  }

  @Test("a record that cannot be cleared is a warning; the result stands")
  func clearWarning() throws {
    let harness = FlowHarness([.url(IncomingURL(id: 1, url: "\(Self.returnURL)?status=succeeded&payment_id=pay_1"))])
    harness.store.clearError = .platformError("unlink: busy")
    #expect(try harness.run().get().status == .succeeded)
    #expect(harness.warnings.entries == ["unlink: busy"])
  }

  @Test("a result that cannot be delivered keeps the record, is a warning, and stands")
  func deliveryFailed() throws {
    var harness = FlowHarness([.url(IncomingURL(id: 1, url: "\(Self.returnURL)?status=succeeded&payment_id=pay_1"))])
    harness.deliveryError = .platformError("cannot write standard output: No space left on device")
    #expect(try harness.run().get().paymentId == "pay_1")
    #expect(harness.store.session != nil)
    #expect(!harness.log.entries.contains("clear"))
    #expect(harness.warnings.entries == ["cannot write standard output: No space left on device"])
    #expect(!harness.lock.held)
  }

  @Test(
    "a result checked with the backend keeps or clears the record by the backend's status, not the URL's",
    arguments: [
      ("succeeded", CheckoutFlow.BackendCheck.confirmed(.failed), true),
      ("succeeded", .confirmed(.pending), false),
      ("succeeded", .unconfirmed, false),
      ("processing", .confirmed(.succeeded), true),
      ("processing", .confirmed(.cancelled), false),
    ])
  func backendDecidesTheRecord(status: String, check: CheckoutFlow.BackendCheck, clears: Bool) throws {
    var harness = FlowHarness([
      .url(IncomingURL(id: 1, url: "\(Self.returnURL)?status=\(status)&payment_id=pay_1"))
    ])
    harness.backendCheck = check
    #expect(try harness.run().get().rawStatus == status)
    #expect((harness.store.session == nil) == clears)
    #expect(harness.log.entries.contains("clear") == clears)
  }

  @Test("the claim is answered first, then the result is delivered, then the record is cleared")
  func deliveredBeforeClearing() throws {
    var flow = try CheckoutFlow(
      checkoutURL: CheckoutURL("https://checkout.dodopayments.com/session/cks_1"), returnURL: ReturnURL(Self.returnURL))
    _ = flow.handle(.begin(now: Date(timeIntervalSince1970: 0)))
    _ = flow.handle(.lockResult(acquired: true))
    _ = flow.handle(.channelOpened)
    _ = flow.handle(.recorded)
    _ = flow.handle(.presented)
    let url = "\(Self.returnURL)?status=succeeded&payment_id=pay_1"
    let result = try CheckoutResult(returnURL: url)
    #expect(flow.handle(.channel(.url(IncomingURL(id: 3, url: url)))) == [.claim(3)])
    #expect(flow.state == .claiming)
    #expect(
      flow.handle(.claimed(heard: true)) == [.emit(.returnReceived), .deliver(CheckoutFlow.Delivery(result: result))])
    var failed = flow
    #expect(
      flow.handle(.delivered) == [
        .clearRecord, .closePresentation, .closeChannel, .releaseLock, .emit(.closed), .finish(.success(result)),
      ])
    #expect(
      failed.handle(.deliveryFailed) == [
        .closePresentation, .closeChannel, .releaseLock, .emit(.closed), .finish(.success(result)),
      ])
  }

  @Test("a URL whose sender had gone when it was claimed is never acted on, and the wait goes on")
  func senderGone() throws {
    let harness = FlowHarness([
      .url(IncomingURL(id: 1, url: "\(Self.returnURL)?status=succeeded&payment_id=pay_1")),
      .url(IncomingURL(id: 2, url: "\(Self.returnURL)?status=failed&payment_id=pay_2")),
    ])
    harness.channel.gone = [1]
    let result = try harness.run().get()
    #expect(result.status == .failed)
    #expect(result.paymentId == "pay_2")
    #expect(!harness.log.entries.contains("deliver succeeded"))
    #expect(harness.log.entries.contains("answer 1 true unheard"))
    #expect(harness.events == [.opened, .returnReceived, .closed])
  }

  @Test(
    "a return without a payment or subscription id is shown unconfirmed and keeps the record, on every route",
    arguments: [
      ("?status=succeeded", false), ("?status=failed&payment_id=", false), ("?status=expired", false),
      ("?status=succeeded&payment_id=pay_1", true), ("?status=failed&subscription_id=sub_1", true),
    ], [IncomingURL.Route.loopback, .handler])
  func returnWithoutID(return: (query: String, cleared: Bool), route: IncomingURL.Route) throws {
    let returnURL = "http://127.0.0.1:53682/return"
    let harness = FlowHarness([.url(IncomingURL(id: 4, url: returnURL + `return`.query, route: route))])
    let result = try harness.run(returnURL: returnURL).get()
    #expect(result == (try CheckoutResult(returnURL: returnURL + `return`.query)))
    #expect((harness.store.session == nil) == `return`.cleared)
    #expect(
      harness.log.entries.contains("deliver \(result.status.rawValue)\(`return`.cleared ? "" : " unconfirmed")"))
    #expect(harness.channel.answers[4] == true)
  }

  @Test(
    "a return that does not echo the return URL's own parameters is not claimed, on every route",
    arguments: [IncomingURL.Route.loopback, .handler])
  func ownParametersOnEveryRoute(route: IncomingURL.Route) throws {
    let returnURL = "myapp://checkout/return?state=SECRET"
    let forged = [
      "myapp://checkout/return?status=succeeded&payment_id=pay_1",
      "myapp://checkout/return?status=succeeded&payment_id=pay_1&state=SECREX",
      "myapp://checkout/return?status=succeeded&payment_id=pay_1&state=",
    ]
    var script = forged.enumerated().map {
      ReturnChannelEvent.url(IncomingURL(id: $0.offset, url: $0.element, route: route))
    }
    let genuine = "myapp://checkout/return?state=SECRET&status=failed&payment_id=pay_1"
    script.append(.url(IncomingURL(id: 9, url: genuine, route: route)))
    let harness = FlowHarness(script)
    let result = try harness.run(returnURL: returnURL).get()
    #expect(result.status == .failed)
    for id in forged.indices { #expect(harness.channel.answers[id] == false) }
    #expect(harness.channel.answers[9] == true)
    #expect(harness.store.session == nil)
  }

  @Test("a return whose query is not all URL text is claimed, read as far as it goes, and says what was not read")
  func unreadableQuery() throws {
    let url = "\(Self.returnURL)?status=succeeded&payment_id=pay_1&note=100%#frag ment"
    let harness = FlowHarness([.url(IncomingURL(id: 2, url: url))])
    let result = try harness.run().get()
    #expect(result.status == .succeeded)
    #expect(result.paymentId == "pay_1")
    #expect(result.raw["note"] == "100%")
    #expect(harness.channel.answers[2] == true)
    #expect(harness.store.session == nil)
    let note = "it has a malformed percent escape at position 67 ('%' must be followed by two hex digits)"
    #expect(harness.log.entries.contains("deliver succeeded unreadable: \(note)"))
  }

  @Test(
    "a loopback return URL without a port is invalid before anything is touched",
    arguments: [
      "http://127.0.0.1/return", "http://localhost:0/return", "http://[::1]/return",
    ])
  func loopbackWithoutPort(returnURL: String) {
    let harness = FlowHarness()
    #expect(throws: CheckoutError.self) { try harness.run(returnURL: returnURL).get() }
    #expect(harness.log.entries.isEmpty)
  }

  @Test(
    "a cancelled checkout's closed event says why, as its result does",
    arguments: [
      (ReturnChannelEvent.timedOut, "timeout"), (.dismissed(.interrupted), "interrupted"),
      (.dismissed(.browserClosed), "browser_closed"),
    ])
  func closedSaysWhy(event: ReturnChannelEvent, reason: String) throws {
    let harness = FlowHarness([event])
    #expect(try harness.run().get().cancellationReason?.rawValue == reason)
    #expect(harness.closedReasons.entries == [reason])
  }

  @Test("a checkout that came back closes without a reason; the step before waiting runs once")
  func closedWithoutReason() throws {
    let harness = FlowHarness([
      .url(IncomingURL(id: 1, url: "\(Self.returnURL)?status=failed")),
      .url(IncomingURL(id: 2, url: "\(Self.returnURL)?status=succeeded&payment_id=pay_1")),
    ])
    _ = try harness.run().get()
    #expect(harness.closedReasons.entries == ["-"])
    #expect(harness.beforeWaiting.entries.count == 1)
  }

  @Test("the machine ignores inputs that do not fit its state")
  func ignoresStrayInputs() throws {
    var flow = try CheckoutFlow(
      checkoutURL: CheckoutURL("https://checkout.dodopayments.com/session/cks_1"), returnURL: ReturnURL(Self.returnURL))
    #expect(flow.handle(.channel(.dismissed(.interrupted))).isEmpty)
    #expect(flow.handle(.begin(now: Date())) == [.takeLock])
    #expect(flow.handle(.presented).isEmpty)
    #expect(flow.state == .locking)
    #expect(flow.handle(.lockResult(acquired: false)) == [.finish(.failure(.alreadyInProgress))])
    #expect(flow.isFinished)
    #expect(flow.handle(.begin(now: Date())).isEmpty)
  }

  @Test("events carry no URL")
  func eventsHaveNoURL() {
    #expect(CheckoutEvent.allCases.map(\.name) == ["checkout.opened", "checkout.return_received", "checkout.closed"])
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
