/// What a delivered result deserves to be warned of before it is printed.
extension CheckoutFlow.Delivery {
  /// A query that is not all URL text: what of it was read as given.
  package var unreadableWarning: String? {
    unreadablePart.map { "the return URL's query is not all URL text: \($0); that part was read as given" }
  }

  /// A return that names no payment or subscription: any local program or web page can send
  /// one, so it is unconfirmed and keeps the record. Said only when no backend was asked
  /// about it: a backend's answer is what counts then.
  package var unconfirmedWarning: String? {
    guard !isConfirmed else { return nil }
    return
      "no payment_id or subscription_id came back, and any local program or web page can send a status (to a "
      + "loopback port, or by opening the return URL's scheme): this \(result.status.rawValue) is unconfirmed and the abandoned session is kept; "
      + "confirm the payment on your backend"
  }
}
