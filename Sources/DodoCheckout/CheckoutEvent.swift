/// What happened during a checkout, for logging only: never decide the outcome on an event.
///
/// Events carry no URL at all, so no query string can leak through them.
public enum CheckoutEvent: Sendable, Hashable, CaseIterable {
  /// The checkout was presented.
  case opened
  /// A URL that matches the return URL arrived.
  case returnReceived
  /// The checkout ended; sent once, also after a platform error once it was presented.
  case closed

  /// `checkout.opened`, `checkout.return_received` or `checkout.closed`.
  public var name: String {
    switch self {
    case .opened: "checkout.opened"
    case .returnReceived: "checkout.return_received"
    case .closed: "checkout.closed"
    }
  }
}
