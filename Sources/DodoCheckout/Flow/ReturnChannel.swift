/// Delivers what a waiting checkout reacts to: URLs handed over by `handle-url` (or the
/// loopback listener), the customer leaving, and the presenter failing.
///
/// `next(until:)` is the only place where a checkout blocks, so the platform multiplexes every
/// source there (sockets, signals, the browser process, the clock).
package protocol ReturnChannel: AnyObject {
  /// Starts listening for `returnURL`, before the checkout is presented, so that a return
  /// that comes back at once is not lost.
  func open(for returnURL: ReturnURL) throws(CheckoutError)
  /// Blocks until something happens, or `deadline` passes (`timedOut`); `nil` waits forever.
  func next(until deadline: ContinuousClock.Instant?) throws(CheckoutError) -> ReturnChannelEvent
  /// Tells the sender of URL `id` whether the checkout claimed it, and returns whether the
  /// sender heard it: `false` when it had gone (a `handle-url` that gave up), and then a
  /// claimed URL is not acted on. A sender that cannot be asked (a browser, a pasted line)
  /// counts as having heard.
  @discardableResult
  func answer(_ id: IncomingURL.ID, claimed: Bool) -> Bool
  /// Stops listening; senders still waiting hear "not claimed".
  func close()
}

/// A URL handed to the checkout in progress, with the id its answer goes back to.
package struct IncomingURL: Sendable, Hashable, Identifiable {
  /// How a URL reached the checkout, which says who could have sent it.
  package enum Route: Sendable, Hashable {
    /// From the user's own side: `dodo handle-url` (the desktop's URL handler, a script of
    /// the same user) or a line pasted into the terminal.
    case handler
    /// An HTTP request to the loopback listener: any local process or web page can make one.
    case loopback
  }

  package var id: Int
  package var url: String
  package var route: Route

  package init(id: Int, url: String, route: Route = .handler) {
    self.id = id
    self.url = url
    self.route = route
  }
}

/// What a `ReturnChannel` reports to a waiting checkout.
package enum ReturnChannelEvent: Sendable, Hashable {
  /// A URL arrived; it may or may not match the return URL.
  case url(IncomingURL)
  /// The customer left: the browser closed, Ctrl-C, SIGTERM, a hung-up session, or the
  /// calling task cancelled; the reason says which.
  case dismissed(CancellationReason)
  /// The deadline passed.
  case timedOut
  /// The presenter failed after the checkout was presented (the browser exited non-zero).
  case presenterFailed(CheckoutError)
  /// The backend, asked while the checkout waited (`start --poll`), confirmed this outcome
  /// before any return came: it ends the wait as a confirmed return would.
  case settled(CheckoutResult)
}
