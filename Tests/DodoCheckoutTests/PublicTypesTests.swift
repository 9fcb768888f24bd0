import DodoCheckout
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The SDK's small public types: event names (spec §1.6) and the customization's values as
/// the CLI flags and config spell them.
@Suite struct PublicTypesTests {
  @Test(arguments: [
    (CheckoutEvent.opened, "checkout.opened"),
    (.returnReceived, "checkout.return_received"),
    (.closed, "checkout.closed"),
  ])
  func eventName(_ event: CheckoutEvent, name: String) {
    #expect(event.name == name)
  }

  @Test func threeEvents() {
    #expect(CheckoutEvent.allCases.count == 3)
  }

  @Test func customizationValuesAsSpelledInTheSpec() {
    #expect(BrowserCustomization.DismissButtonStyle.allCases.map(\.rawValue) == ["done", "close", "cancel"])
    #expect(BrowserCustomization.PresentationStyle.allCases.map(\.rawValue) == ["pageSheet", "fullScreen"])
    #expect(BrowserCustomization.ColorScheme.allCases.map(\.rawValue) == ["system", "light", "dark"])
  }

  @Test func customizationFieldsDefaultToUnset() {
    let unset = BrowserCustomization()
    #expect(unset.dismissButtonStyle == nil && unset.presentationStyle == nil)
    #expect(unset.barCollapsingEnabled == nil && unset.colorScheme == nil)
  }
}
