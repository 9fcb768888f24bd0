/// How the browser around the checkout looks; every field is optional, and `nil` leaves the
/// choice to the browser (for `presentationStyle`, `nil` means `pageSheet`).
public struct BrowserCustomization: Sendable, Hashable {
  public enum DismissButtonStyle: String, Sendable, Hashable, CaseIterable { case done, close, cancel }
  public enum PresentationStyle: String, Sendable, Hashable, CaseIterable { case pageSheet, fullScreen }
  public enum ColorScheme: String, Sendable, Hashable, CaseIterable { case system, light, dark }

  public var dismissButtonStyle: DismissButtonStyle?
  public var presentationStyle: PresentationStyle?
  /// Lets the toolbar collapse as the page scrolls; visible only with `fullScreen`.
  public var barCollapsingEnabled: Bool?
  /// Themes the controls around the page, not the page itself.
  public var colorScheme: ColorScheme?

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
