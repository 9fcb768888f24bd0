/// Shows the checkout to the customer: the browser command, or the URL for the user to open
/// by hand (`--no-open`, no display).
package protocol CheckoutPresenter: AnyObject {
  /// Presents the checkout. Returns once it is on its way; a later failure (the browser
  /// command exiting non-zero) arrives through the return channel as `presenterFailed`.
  func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure)
  /// The checkout ended: stop presenting it (stop watching the browser command, if one runs).
  func close()
}

/// Why the checkout could not be presented, and whether it may be showing all the same.
package struct PresentationFailure: Error, Sendable, Hashable, CustomStringConvertible {
  package var error: CheckoutError
  /// `false` when the checkout certainly never appeared (a browser command that could not be
  /// started), so that its abandoned-session record can be removed again.
  package var mayBeShowing: Bool

  package init(_ error: CheckoutError, mayBeShowing: Bool) {
    self.error = error
    self.mayBeShowing = mayBeShowing
  }

  /// The error as `CheckoutError` prints it, and whether the checkout may be showing.
  package var description: String {
    "\(error)" + (mayBeShowing ? "; the checkout may be showing" : "; the checkout never appeared")
  }
}
