import DodoCheckout
import Testing

@testable import DodoAccount

/// What each input of `dodo confirm` claims and names.
@Suite struct ConfirmationInputTests {
  @Test("a bare ID claims nothing and is asked about as itself")
  func bareID() {
    let input = ConfirmationInput(reading: "sub_1")
    #expect(input.lookup == .subscription("sub_1"))
    #expect(input.result == nil)
    #expect(input.problem == nil)
  }

  @Test("a return URL claims its status and names its payment first")
  func returnURL() {
    let input = ConfirmationInput(reading: "myapp://r?status=failed&payment_id=pay_1&subscription_id=sub_1")
    #expect(input.result?.status == .failed)
    #expect(input.lookup == .payment("pay_1"))
  }

  @Test("an input that names no payment, or does not decode, says why it is not asked about")
  func problems() {
    let nothing = ConfirmationInput(reading: "status=succeeded")
    #expect(nothing.result?.status == .succeeded)
    #expect(nothing.lookup == nil)
    #expect(nothing.problem == "it names no payment_id or subscription_id to ask Dodo about")
    let unreadable = ConfirmationInput(reading: "not one!")
    #expect(unreadable.lookup == nil)
    #expect(unreadable.problem?.hasPrefix("cannot be read: ") == true)
  }

  @Test("an argument or line without the spaces and tabs around it; a blank one is no input")
  func given() throws {
    let input = try #require(ConfirmationInput(given: " \tpay_1 \t"))
    #expect(input.text == "pay_1")
    #expect(input.lookup == .payment("pay_1"))
    #expect(ConfirmationInput(given: "a b")?.text == "a b")
    #expect(ConfirmationInput(given: "") == nil)
    #expect(ConfirmationInput(given: " \t ") == nil)
  }
}
