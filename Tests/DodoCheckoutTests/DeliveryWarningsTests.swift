import Testing

@testable import DodoCheckout

/// The warnings a delivered result deserves.
@Suite struct DeliveryWarningsTests {
  @Test("a confirmed, readable return deserves none")
  func none() {
    let delivery = CheckoutFlow.Delivery(result: CheckoutResult(status: .succeeded, paymentId: "pay_1"))
    #expect(delivery.unreadableWarning == nil)
    #expect(delivery.unconfirmedWarning == nil)
  }

  @Test("an unreadable part is named; an unconfirmed return names its status and that the record is kept")
  func both() {
    let delivery = CheckoutFlow.Delivery(
      result: CheckoutResult(status: .failed), isConfirmed: false, unreadablePart: "a space at position 9")
    #expect(
      delivery.unreadableWarning
        == "the return URL's query is not all URL text: a space at position 9; that part was read as given")
    #expect(
      delivery.unconfirmedWarning?.contains("this failed is unconfirmed and the abandoned session is kept") == true)
  }
}
