import DodoCheckout

/// A named set of settings from a config file, as written there; every field is optional.
///
/// Each value carries its file, line and column, which is what `config show` reports as its
/// source when the profile supplies it.
public struct Profile: Sendable, Hashable {
  public var name: String
  /// Where the profile's name is written.
  public var source: SettingSource
  public var returnURL: Setting<ReturnURL>?
  /// The command that opens the checkout; `%s` in it stands for the checkout URL.
  public var browser: Setting<String>?
  /// Seconds to wait for the return URL before the checkout counts as cancelled.
  public var timeout: Setting<Double>?
  public var dismissButtonStyle: Setting<BrowserCustomization.DismissButtonStyle>?
  public var presentationStyle: Setting<BrowserCustomization.PresentationStyle>?
  public var barCollapsingEnabled: Setting<Bool>?
  public var colorScheme: Setting<BrowserCustomization.ColorScheme>?

  public init(name: String, source: SettingSource) {
    self.name = name
    self.source = source
  }
}
