/// How the browser around the checkout looks; every field is optional, and `nil` leaves the
/// choice to the browser (for `presentationStyle`, `nil` means `pageSheet`).
public struct BrowserCustomization: Sendable, Hashable {
  /// The label of the button that leaves the checkout.
  public enum DismissButtonStyle: String, Sendable, Hashable, CaseIterable { case done, close, cancel }
  /// A sheet over the app, or the whole window.
  public enum PresentationStyle: String, Sendable, Hashable, CaseIterable { case pageSheet, fullScreen }
  /// The appearance of the controls around the page: the system's, or always light or dark.
  public enum ColorScheme: String, Sendable, Hashable, CaseIterable { case system, light, dark }

  /// The label of the button that leaves the checkout.
  public var dismissButtonStyle: DismissButtonStyle?
  /// A sheet over the app (`pageSheet`, the default) or the whole window (`fullScreen`).
  public var presentationStyle: PresentationStyle?
  /// Lets the toolbar collapse as the page scrolls; visible only with `fullScreen`.
  public var barCollapsingEnabled: Bool?
  /// Themes the controls around the page, not the page itself.
  public var colorScheme: ColorScheme?

  /// A customization; each field left `nil` leaves that choice to the browser.
  public init(
    dismissButtonStyle: DismissButtonStyle? = nil, presentationStyle: PresentationStyle? = nil,
    barCollapsingEnabled: Bool? = nil, colorScheme: ColorScheme? = nil
  ) {
    self.dismissButtonStyle = dismissButtonStyle
    self.presentationStyle = presentationStyle
    self.barCollapsingEnabled = barCollapsingEnabled
    self.colorScheme = colorScheme
  }
}
