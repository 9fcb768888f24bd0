/// The back button of Dodo's page for a session dodo creates: its `cancel_url` is the run's
/// return URL (with its `state`) plus `dodo_cancel=1`, so going back comes back to the waiting
/// checkout on the same routes as a return, and ends it as cancelled by the customer.
package enum ReturnCancel {
  package static let parameter = "dodo_cancel"

  /// The cancel URL for `returnURL`: the same URL with `dodo_cancel=1` added to its query.
  package static func url(for returnURL: String) -> String {
    ReturnState.adding(parameter + "=1", to: returnURL)
  }

  /// Whether a matching return's `result` came through the cancel URL.
  package static func isCancel(_ result: CheckoutResult) -> Bool {
    result.raw[parameter] == "1"
  }
}
