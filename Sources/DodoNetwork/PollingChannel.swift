import DodoAccount
import DodoCheckout

/// A return channel that also asks Dodo about the session every `interval` while it waits
/// (`start --poll`): a success Dodo confirms ends the wait as `settled`, as if its return had
/// come; every other answer goes to `report` and the wait goes on (a declined card may be
/// tried again on the same page). Returns, signals and the deadline pass through unchanged.
///
/// The asking happens between two waits, on the waiting thread: a return that comes while
/// Dodo is being asked waits in the socket's queue for that answer (a fraction of a second
/// as a rule; at most the API's timeout and retries, as for `--confirm`).
package final class PollingChannel: ReturnChannel {
  package let inner: any ReturnChannel
  private var poll: SessionPoll
  private let interval: Duration
  /// What time it is on the clock `inner` waits by (a test's own clock).
  private let now: () -> ContinuousClock.Instant
  /// Receives each step that is not a success, for the user.
  private let report: (SessionPoll.Step) -> Void
  private var nextAsk: ContinuousClock.Instant?
  private var stopped = false
  /// The confirmation that ended the wait, once Dodo gave one.
  package private(set) var paid: Confirmation?

  package init(
    _ inner: any ReturnChannel, poll: SessionPoll, interval: Duration,
    now: @escaping () -> ContinuousClock.Instant = { ContinuousClock().now },
    report: @escaping (SessionPoll.Step) -> Void
  ) {
    self.inner = inner
    self.poll = poll
    self.interval = interval
    self.now = now
    self.report = report
  }

  package func open(for returnURL: ReturnURL) throws(CheckoutError) { try inner.open(for: returnURL) }

  package func next(until deadline: ContinuousClock.Instant?) throws(CheckoutError) -> ReturnChannelEvent {
    while !stopped {
      let due = nextAsk ?? now().advanced(by: interval)
      nextAsk = due
      let event = try inner.next(until: deadline.map { min($0, due) } ?? due)
      // Only the poll's own time running out is this channel's; the checkout's deadline is not.
      guard case .timedOut = event, deadline.map({ now() < $0 }) ?? true, now() >= due else { return event }
      let step = poll.ask()
      nextAsk = now().advanced(by: interval)
      switch step {
      case .paid(let confirmation):
        paid = confirmation
        stopped = true
        return .settled(SessionPoll.result(of: confirmation))
      case .stopped:
        stopped = true
        report(step)
      case .unchanged:
        break
      case .progress, .warning:
        report(step)
      }
    }
    return try inner.next(until: deadline)
  }

  @discardableResult
  package func answer(_ id: IncomingURL.ID, claimed: Bool) -> Bool { inner.answer(id, claimed: claimed) }

  package func close() { inner.close() }
}
