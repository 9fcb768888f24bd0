import DodoCheckout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The core's own in-memory implementations of the flow's protocols, recording every call in
/// one shared log so that tests can check the order of lock, record, present and events.
final class FlowLog {
  var entries: [String] = []
}

final class MemoryLock: CheckoutLock {
  let log: FlowLog
  var held = false
  var busy = false
  var error: CheckoutError?

  init(_ log: FlowLog) { self.log = log }

  func tryAcquire() throws(CheckoutError) -> Bool {
    log.entries.append("lock")
    if let error { throw error }
    if busy { return false }
    held = true
    return true
  }

  func release() {
    log.entries.append("unlock")
    held = false
  }
}

final class MemoryStore: AbandonedSessionStore {
  let log: FlowLog
  var session: AbandonedSession?
  var saveError: CheckoutError?
  var clearError: CheckoutError?

  init(_ log: FlowLog) { self.log = log }

  func save(_ session: AbandonedSession) throws(CheckoutError) {
    log.entries.append("save \(session.sessionId)")
    if let saveError { throw saveError }
    self.session = session
  }

  func load() throws(CheckoutError) -> AbandonedSession? { session }

  func clear() throws(CheckoutError) {
    log.entries.append("clear")
    if let clearError { throw clearError }
    session = nil
  }
}

final class MemoryPresenter: CheckoutPresenter {
  let log: FlowLog
  var failure: PresentationFailure?
  var presented: (CheckoutURL, BrowserCustomization)?

  init(_ log: FlowLog) { self.log = log }

  func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    log.entries.append("present")
    if let failure { throw failure }
    presented = (url, customization)
  }

  func close() { log.entries.append("dismiss") }
}

/// A channel that replays scripted events; running out of them is a timeout.
final class ScriptedChannel: ReturnChannel {
  let log: FlowLog
  var script: [ReturnChannelEvent]
  var openError: CheckoutError?
  var waitError: CheckoutError?
  var answers: [Int: Bool] = [:]
  /// The senders that had gone when they were answered (a `handle-url` that gave up).
  var gone: Set<Int> = []
  var deadlines: [ContinuousClock.Instant?] = []

  init(_ log: FlowLog, _ script: [ReturnChannelEvent] = []) {
    self.log = log
    self.script = script
  }

  func open(for returnURL: ReturnURL) throws(CheckoutError) {
    log.entries.append("listen")
    if let openError { throw openError }
  }

  func next(until deadline: ContinuousClock.Instant?) throws(CheckoutError) -> ReturnChannelEvent {
    deadlines.append(deadline)
    if let waitError { throw waitError }
    return script.isEmpty ? .timedOut : script.removeFirst()
  }

  func answer(_ id: IncomingURL.ID, claimed: Bool) -> Bool {
    log.entries.append("answer \(id) \(claimed)" + (gone.contains(id) ? " unheard" : ""))
    answers[id] = claimed
    return !gone.contains(id)
  }

  func close() { log.entries.append("stop listening") }
}

/// One checkout against the doubles above.
struct FlowHarness {
  let log = FlowLog()
  let lock: MemoryLock
  let store: MemoryStore
  let presenter: MemoryPresenter
  let channel: ScriptedChannel
  var events: [CheckoutEvent] {
    eventLog.entries.compactMap { name in CheckoutEvent.allCases.first { $0.name == name } }
  }
  let eventLog = FlowLog()
  /// The reason each `closed` event carried (`-` for none).
  let closedReasons = FlowLog()
  /// How many times the driver ran its step before the first wait.
  let beforeWaiting = FlowLog()
  let warnings = FlowLog()
  /// What delivering the result throws (standard output that cannot be written).
  var deliveryError: CheckoutError?
  /// What the reader says the backend answered about the result (`start --confirm`); `nil`: not asked.
  var backendCheck: CheckoutFlow.BackendCheck?

  init(_ script: [ReturnChannelEvent] = []) {
    lock = MemoryLock(log)
    store = MemoryStore(log)
    presenter = MemoryPresenter(log)
    channel = ScriptedChannel(log, script)
  }

  func run(
    checkoutURL: String = "https://test.checkout.dodopayments.com/session/cks_123",
    returnURL: String = "myapp://checkout/return", timeout: Duration? = nil
  ) -> Result<CheckoutResult, CheckoutError> {
    let events = eventLog
    let closedReasons = closedReasons
    let beforeWaiting = beforeWaiting
    let warnings = warnings
    let log = log
    let driver = CheckoutDriver(
      lock: lock, store: store, presenter: presenter, channel: channel, timeout: timeout,
      onEvent: { event, reason in
        events.entries.append(event.name)
        log.entries.append(event.name)
        if event == .closed { closedReasons.entries.append(reason?.rawValue ?? "-") }
      },
      beforeWaiting: { beforeWaiting.entries.append("before waiting") },
      onWarning: { warnings.entries.append($0.message) },
      deliver: { [deliveryError, backendCheck] (delivery: CheckoutFlow.Delivery) throws(CheckoutError) in
        let notes =
          (delivery.isConfirmed ? "" : " unconfirmed") + (delivery.unreadablePart.map { " unreadable: \($0)" } ?? "")
        log.entries.append("deliver \(delivery.result.status.rawValue)\(notes)")
        if let deliveryError { throw deliveryError }
        return backendCheck
      })
    // The caller reads both URLs once, before anything is touched, as `dodo start` does.
    return Result { () throws(CheckoutError) in
      let flow = CheckoutFlow(
        checkoutURL: try CheckoutURL(checkoutURL), returnURL: try ReturnURL.forCheckout(returnURL))
      return try driver.run(flow, now: Date(timeIntervalSince1970: 1_800_000_000))
    }
  }
}
