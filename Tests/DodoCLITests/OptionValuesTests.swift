import DodoCheckout
import Testing

@testable import DodoCLI

@Suite("Options whose values are an enum's cases")
struct OptionValuesTests {
  @Test("each option offers its enum's raw values, in the enum's order")
  func valuesAreTheCases() {
    typealias Customization = BrowserCustomization
    #expect(SettingOptions.dismissButtonStyle.values == Customization.DismissButtonStyle.allCases.map(\.rawValue))
    #expect(SettingOptions.presentationStyle.values == Customization.PresentationStyle.allCases.map(\.rawValue))
    #expect(SettingOptions.colorScheme.values == Customization.ColorScheme.allCases.map(\.rawValue))
    #expect(PageOptions.theme.values == CheckoutPage.Theme.allCases.map(\.rawValue))
  }
}
