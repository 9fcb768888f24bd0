import Testing

@testable import DodoAccount

/// A checkout session's request read from command-line texts, and what each mistake says.
@Suite struct CheckoutSessionArgumentsTests {
  @Test("products, metadata, a new customer and a discount code")
  func request() throws {
    let request = try CheckoutSessionRequest(
      products: ["pdt_1", "pdt_2:3"], metadata: ["order=42", "note=a=b", "order=43"], email: "bob@example.com",
      name: "Bob", discountCodes: ["TEN", "FIVE"])
    #expect(request.productCart == [CartItem(productId: "pdt_1"), CartItem(productId: "pdt_2", quantity: 3)])
    #expect(request.metadata == ["order": "43", "note": "a=b"])
    #expect(request.customer == .init(email: "bob@example.com", name: "Bob"))
    #expect(request.discountCodes == ["TEN", "FIVE"])
    #expect(request.returnURL == nil)
    let bare = try CheckoutSessionRequest(products: ["p"], metadata: [], email: nil, name: nil, discountCodes: [])
    #expect(bare.metadata == nil)
    #expect(bare.discountCodes == nil)
  }

  @Test(
    "each mistake in the terms of its option",
    arguments: [
      ([], [], nil, nil, "missing --product ID[:QTY]"),
      (["p:0"], [], nil, nil, "invalid value 'p:0' for '--product' (expected ID or ID:QTY, QTY a whole number from 1)"),
      (["p"], ["=v"], nil, nil, "invalid value '=v' for '--metadata' (expected KEY=VALUE)"),
      (["p"], [], nil, "Bob", "--name needs --email (a new customer is known by their email)"),
    ] as [([String], [String], String?, String?, String)])
  func mistakes(products: [String], metadata: [String], email: String?, name: String?, message: String) {
    let error = #expect(throws: CheckoutSessionRequest.ArgumentError.self) {
      try CheckoutSessionRequest(products: products, metadata: metadata, email: email, name: name, discountCodes: [])
    }
    #expect(error?.message == message)
  }
}
