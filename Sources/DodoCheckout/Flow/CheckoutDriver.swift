#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs a `CheckoutFlow` against a lock, a record store, a presenter and a return channel.
///
/// The driver holds no rules of its own: it performs each effect, turns what the effect's
/// protocol call returned or threw into the flow's next input, and keeps the wait's deadline.
package final class CheckoutDriver {
  package let lock: any CheckoutLock
  package let store: any AbandonedSessionStore
  package let presenter: any CheckoutPresenter
  package let channel: any ReturnChannel
  /// How long the checkout waits for the return before it ends as `cancelled`; `nil`: no limit.
  package let timeout: Duration?
  /// Receives `opened`, `returnReceived` and `closed` (with why, for a cancelled checkout),
  /// for logging only.
  package let onEvent: (CheckoutEvent, CancellationReason?) -> Void
  /// Runs once, just before the first wait for the return, which may last minutes (`dodo
  /// start` gives the code that ran so far back to the kernel there).
  package let beforeWaiting: () -> Void
  /// Receives a failure that does not change the outcome (a record that could not be cleared).
  package let onWarning: (CheckoutError) -> Void
  /// Hands a result (not an error) to its reader before its record is cleared; a failure
  /// keeps the record, is passed to `onWarning`, and the result still stands. A reader that
  /// asked the backend about the result returns what it said, which then decides whether
  /// the record goes; `nil`: the return URL decides.
  package let deliver: (CheckoutFlow.Delivery) throws(CheckoutError) -> CheckoutFlow.BackendCheck?

  package init(
    lock: any CheckoutLock, store: any AbandonedSessionStore, presenter: any CheckoutPresenter,
    channel: any ReturnChannel, timeout: Duration? = nil,
    onEvent: @escaping (CheckoutEvent, CancellationReason?) -> Void = { _, _ in },
    beforeWaiting: @escaping () -> Void = {},
    onWarning: @escaping (CheckoutError) -> Void = { _ in },
    deliver: @escaping (CheckoutFlow.Delivery) throws(CheckoutError) -> CheckoutFlow.BackendCheck? = { _ in nil }
  ) {
    self.lock = lock
    self.store = store
    self.presenter = presenter
    self.channel = channel
    self.timeout = timeout
    self.onEvent = onEvent
    self.beforeWaiting = beforeWaiting
    self.onWarning = onWarning
    self.deliver = deliver
  }

  /// Runs `flow` to its end and returns the result; a `CheckoutError` is thrown as is.
  package func run(_ flow: CheckoutFlow, clock: ContinuousClock = ContinuousClock(), now: Date = Date())
    throws(CheckoutError) -> CheckoutResult
  {
    var flow = flow
    var deadline: ContinuousClock.Instant?
    var waited = false
    var pending: [CheckoutFlow.Effect] = flow.handle(.begin(now: now))
    while !pending.isEmpty {
      let effect = pending.removeFirst()
      var next: CheckoutFlow.Input?
      switch effect {
      case .takeLock:
        do throws(CheckoutError) { next = .lockResult(acquired: try lock.tryAcquire()) } catch { next = .failed(error) }
      case .openChannel(let returnURL):
        do throws(CheckoutError) {
          try channel.open(for: returnURL)
          next = .channelOpened
        } catch { next = .failed(error) }
      case .record(let session):
        do throws(CheckoutError) {
          try store.save(session)
          next = .recorded
        } catch { next = .failed(error) }
      case .present(let url, let customization):
        do throws(PresentationFailure) {
          try presenter.present(url, customization: customization)
          next = .presented
        } catch { next = .presentationFailed(error) }
      case .wait:
        if !waited {
          waited = true
          beforeWaiting()
        }
        if deadline == nil, let timeout { deadline = clock.now.advanced(by: timeout) }
        do throws(CheckoutError) { next = .channel(try channel.next(until: deadline)) } catch { next = .failed(error) }
      case .answer(let id, let claimed):
        channel.answer(id, claimed: claimed)
      case .claim(let id):
        next = .claimed(heard: channel.answer(id, claimed: true))
      case .emit(let event, let reason):
        onEvent(event, reason)
      case .deliver(let delivery):
        do throws(CheckoutError) {
          next = try deliver(delivery).map { .deliveredChecked($0) } ?? .delivered
        } catch {
          onWarning(error)
          next = .deliveryFailed
        }
      case .clearRecord:
        do throws(CheckoutError) { try store.clear() } catch { onWarning(error) }
      case .closePresentation:
        presenter.close()
      case .closeChannel:
        channel.close()
      case .releaseLock:
        lock.release()
      case .finish(let outcome):
        return try outcome.get()
      }
      if let next { pending += flow.handle(next) }
    }
    preconditionFailure("a checkout flow always ends with .finish")
  }
}
