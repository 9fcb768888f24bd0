/// A checkout session's request as a command line gives it, one text per value
/// (`dodo checkout create`, `dodo start --product`); a text that does not read is the
/// caller's mistake, said in terms of the option it came from.
extension CheckoutSessionRequest {
  package struct ArgumentError: Error, Sendable, Hashable {
    package var message: String
  }

  /// The request for `products` (`ID` or `ID:QTY`, at least one), `metadata` (`KEY=VALUE`,
  /// a later key winning), a new customer (`name` needs `email`: Dodo knows a new customer
  /// by their email) and discount codes (`discount_codes` left out when none); no return URL yet.
  package init(
    products: [String], metadata pairs: [String], email: String?, name: String?, discountCodes: [String]
  ) throws(ArgumentError) {
    let cart = try Self.cart(products)
    guard !cart.isEmpty else { throw ArgumentError(message: "missing --product ID[:QTY]") }
    var metadata: [String: String] = [:]
    for pair in pairs {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw ArgumentError(message: "invalid value '\(pair)' for '--metadata' (expected KEY=VALUE)")
      }
      metadata[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    let customer = email.map { Customer(email: $0, name: name) }
    if customer == nil, name != nil {
      throw ArgumentError(message: "--name needs --email (a new customer is known by their email)")
    }
    self.init(
      productCart: cart, returnURL: nil, customer: customer, metadata: metadata.isEmpty ? nil : metadata,
      discountCodes: discountCodes.isEmpty ? nil : discountCodes)
  }

  /// The cart of `--product` values, each `ID` or `ID:QTY` (`CartItem(argument:)`).
  package static func cart(_ products: [String]) throws(ArgumentError) -> [CartItem] {
    var cart: [CartItem] = []
    for argument in products {
      guard let item = CartItem(argument: argument) else {
        throw ArgumentError(
          message: "invalid value '\(argument)' for '--product' (expected ID or ID:QTY, QTY a whole number from 1)")
      }
      cart.append(item)
    }
    return cart
  }
}
