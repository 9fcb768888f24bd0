#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The checkout, from validation to result, as one state machine without I/O.
///
/// `handle(_:)` takes what happened and returns what to do next; `CheckoutDriver` performs the
/// effects against the platform's lock, store, presenter and return channel and feeds their
/// outcome back as the next input. Keeping the rules here (when to record, when to clear,
/// which events to emit, what ends the wait) lets them be tested without any I/O, and lets
/// `dodo start` and the `DodoCheckoutDesktop` library share them.
package struct CheckoutFlow: Sendable {
  /// What happened.
  package enum Input: Sendable, Hashable {
    /// Start the checkout at `now` (the abandoned session's `createdAt`).
    case begin(now: Date)
    /// The lock was taken (`true`) or another checkout holds it (`false`).
    case lockResult(acquired: Bool)
    /// The return channel is listening.
    case channelOpened
    /// The abandoned session was recorded.
    case recorded
    /// The checkout is being presented.
    case presented
    /// The checkout could not be presented.
    case presentationFailed(PresentationFailure)
    /// The return channel reported something while the checkout waited.
    case channel(ReturnChannelEvent)
    /// The sender of the URL being claimed heard the claim (`true`), or had gone (`false`).
    case claimed(heard: Bool)
    /// A step failed (the lock, the channel, the record store or the wait itself).
    case failed(CheckoutError)
    /// The result reached its reader (the CLI printed it).
    case delivered
    /// The result reached its reader, who asked the backend about it first: the backend's
    /// answer, not the return URL, decides whether the record goes.
    case deliveredChecked(BackendCheck)
    /// The result could not be handed over (standard output full or closed).
    case deliveryFailed
  }

  /// What to do.
  package enum Effect: Sendable, Hashable {
    case takeLock
    case openChannel(ReturnURL)
    case record(AbandonedSession)
    case present(CheckoutURL, BrowserCustomization)
    /// Wait for the channel's next event (the driver holds the deadline).
    case wait
    case answer(IncomingURL.ID, claimed: Bool)
    /// Tell the sender of a matching URL that it is claimed, before anything that can block;
    /// whether the sender heard it comes back as `claimed(heard:)`.
    case claim(IncomingURL.ID)
    /// Report `event`; a `closed` that ends a cancelled checkout carries why (`start` prints it).
    case emit(CheckoutEvent, cancellationReason: CancellationReason? = nil)
    /// Hand the result to its reader before the record that would recover it goes.
    case deliver(Delivery)
    /// Remove the abandoned-session record.
    case clearRecord
    case closePresentation
    case closeChannel
    case releaseLock
    /// The checkout is over; this is the last effect.
    case finish(Outcome)
  }

  /// How a checkout ends: a result (any status, `cancelled` included) or an error.
  package typealias Outcome = Result<CheckoutResult, CheckoutError>

  /// What the backend said about a delivered result, when its reader asked (`dodo start --confirm`).
  package enum BackendCheck: Sendable, Hashable {
    /// The backend has an outcome for the session: the record goes when it is final.
    case confirmed(CheckoutStatus)
    /// The backend could not be asked, or has no outcome yet: the record stays.
    case unconfirmed
  }

  /// A result on its way to its reader, with what the reader should be told about it.
  package struct Delivery: Sendable, Hashable {
    package var result: CheckoutResult
    /// `false` for a return that names no payment or subscription, on any route: any local
    /// process or web page can send a status (to a loopback port, or by opening the URL
    /// scheme, which runs `handle-url`), so such a result does not end the session (its
    /// record stays) and is shown as unconfirmed.
    package var isConfirmed: Bool
    /// What of the return URL's query could not be read as URL text (read as given).
    package var unreadablePart: String?

    package init(result: CheckoutResult, isConfirmed: Bool = true, unreadablePart: String? = nil) {
      self.result = result
      self.isConfirmed = isConfirmed
      self.unreadablePart = unreadablePart
    }
  }

  package enum State: Sendable, Hashable {
    case idle, locking, openingChannel, recording, presenting, waiting, claiming, delivering, finished
  }

  /// The checkout URL, validated by the caller before anything was touched.
  package let checkoutURL: CheckoutURL
  /// The return URL, validated (`ReturnURL.forCheckout`) by the caller.
  package let returnURL: ReturnURL
  package let customization: BrowserCustomization

  package var state: State {
    switch phase {
    case .idle: .idle
    case .locking: .locking
    case .openingChannel: .openingChannel
    case .recording: .recording
    case .presenting: .presenting
    case .waiting: .waiting
    case .claiming: .claiming
    case .delivering: .delivering
    case .finished: .finished
    }
  }

  /// The state with what its steps need: the result while it is delivered, so that no step
  /// can find it missing.
  private enum Phase: Sendable {
    case idle
    case locking
    case openingChannel
    case recording
    case presenting
    case waiting
    /// A matching return URL, told it is claimed; acted on only once its sender heard that.
    case claiming(Delivery)
    case delivering(Delivery)
    case finished
  }

  private var phase = Phase.idle
  private var createdAt = Date(timeIntervalSince1970: 0)
  /// Whether an abandoned-session record was written by this checkout.
  private var recorded = false

  /// A checkout of `checkoutURL` that waits for `returnURL`: both are read once, by the caller,
  /// which refuses an invalid one with its own error before anything is touched.
  package init(
    checkoutURL: CheckoutURL, returnURL: ReturnURL, customization: BrowserCustomization = BrowserCustomization()
  ) {
    self.checkoutURL = checkoutURL
    self.returnURL = returnURL
    self.customization = customization
  }

  /// Whether the checkout has ended.
  package var isFinished: Bool { state == .finished }

  package mutating func handle(_ input: Input) -> [Effect] {
    switch (phase, input) {
    case (.idle, .begin(let now)):
      createdAt = now
      phase = .locking
      return [.takeLock]

    case (.locking, .lockResult(let acquired)):
      guard acquired else { return finish(.failure(.alreadyInProgress), held: []) }
      phase = .openingChannel
      return [.openChannel(returnURL)]

    case (.locking, .failed(let error)):
      return finish(.failure(error), held: [])

    case (.openingChannel, .channelOpened):
      guard let sessionId = checkoutURL.sessionId else { return present() }
      phase = .recording
      return [.record(AbandonedSession(sessionId: sessionId, createdAt: createdAt))]

    case (.openingChannel, .failed(let error)):
      return finish(.failure(error), held: [.releaseLock])

    case (.recording, .recorded):
      recorded = true
      return present()

    case (.recording, .failed(let error)):
      return finish(.failure(error), held: [.closeChannel, .releaseLock])

    case (.presenting, .presented):
      phase = .waiting
      return [.emit(.opened), .wait]

    case (.presenting, .presentationFailed(let failure)):
      // Never shown: the record describes nothing, so it goes. Maybe shown: it stays.
      let clear: [Effect] = recorded && !failure.mayBeShowing ? [.clearRecord] : []
      return clear + finish(.failure(failure.error), held: [.closeChannel, .releaseLock])

    case (.waiting, .channel(.url(let incoming))):
      // The return URL's own parameters (a per-run `state`) must come back on every route:
      // any page can open a custom scheme, which runs `handle-url` with a URL of its choice.
      guard let read = returnURL.reading(incoming.url), read.isEchoed else {
        return [.answer(incoming.id, claimed: false), .wait]
      }
      // A status alone can be forged on every route; an id comes from Dodo's redirect. The
      // back button's return (echoing the state too) says only that the customer left.
      let confirmed = read.result.paymentId != nil || read.result.subscriptionId != nil
      let delivery =
        ReturnCancel.isCancel(read.result)
        ? Delivery(result: .cancelled(.customer))
        : Delivery(result: read.result, isConfirmed: confirmed, unreadablePart: read.unreadablePart)
      phase = .claiming(delivery)
      return [.claim(incoming.id)]

    case (.claiming(let delivery), .claimed(let heard)):
      // The claim goes out before the result is written, which can block (a full pipe): a
      // sender that gave up before hearing it was told nothing was claimed, and nothing is.
      guard heard else {
        phase = .waiting
        return [.wait]
      }
      return [.emit(.returnReceived)] + deliver(delivery)

    case (.waiting, .channel(.dismissed(let reason))):
      return deliver(Delivery(result: .cancelled(reason)))

    case (.waiting, .channel(.settled(let result))):
      return deliver(Delivery(result: result))

    case (.waiting, .channel(.timedOut)):
      return deliver(Delivery(result: .cancelled(.timeout)))

    case (.delivering(let delivery), .delivered), (.delivering(let delivery), .deliveryFailed),
      (.delivering(let delivery), .deliveredChecked):
      // A result nobody received is still recoverable from the record: it goes only once
      // the result is out. With a backend check (`start --confirm`), the backend's status,
      // not the return URL's, decides.
      let ends: Bool
      switch input {
      case .delivered: ends = recorded && delivery.result.status.isFinal && delivery.isConfirmed
      case .deliveredChecked(.confirmed(let status)): ends = recorded && status.isFinal
      default: ends = false
      }
      return (ends ? [.clearRecord] : []) + end(.success(delivery.result))

    case (.waiting, .channel(.presenterFailed(let error))), (.waiting, .failed(let error)):
      return end(.failure(error))

    default:
      return []
    }
  }

  private mutating func present() -> [Effect] {
    phase = .presenting
    return [.present(checkoutURL, customization)]
  }

  private mutating func deliver(_ delivery: Delivery) -> [Effect] {
    phase = .delivering(delivery)
    return [.deliver(delivery)]
  }

  /// Ends a checkout that was presented: everything is released and `closed` is emitted,
  /// with why when it ends cancelled.
  private mutating func end(_ outcome: Outcome) -> [Effect] {
    let reason = (try? outcome.get())?.cancellationReason
    return finish(
      outcome, held: [.closePresentation, .closeChannel, .releaseLock, .emit(.closed, cancellationReason: reason)])
  }

  private mutating func finish(_ outcome: Outcome, held: [Effect]) -> [Effect] {
    phase = .finished
    return held + [.finish(outcome)]
  }
}

extension CheckoutStatus {
  /// Whether the outcome is known for good, so that the abandoned-session record can go:
  /// `succeeded`, `failed` and `expired`; `cancelled` and `pending` still need reconciling.
  package var isFinal: Bool {
    switch self {
    case .succeeded, .failed, .expired: true
    case .cancelled, .pending: false
    }
  }
}
