import DodoCheckout

/// The settings given as command-line options, already parsed by the CLI (which owns the
/// option syntax and its usage errors); `nil` for an option that was not given.
public struct CommandLineSettings: Sendable, Hashable {
  /// `--config FILE`
  public var config: String?
  /// `--profile NAME`
  public var profile: String?
  /// `--return-url URL`, checked by the command that uses it (a bad one is
  /// `INVALID_RETURN_URL`, not a config error).
  public var returnURL: String?
  /// `--browser CMD`
  public var browser: String?
  /// `--timeout SECONDS`
  public var timeout: Double?
  /// `--dismiss-button-style`, `--presentation-style`, `--bar-collapsing-enabled`, `--color-scheme`
  public var customization: BrowserCustomization

  public init(
    config: String? = nil, profile: String? = nil, returnURL: String? = nil, browser: String? = nil,
    timeout: Double? = nil, customization: BrowserCustomization = BrowserCustomization()
  ) {
    self.config = config
    self.profile = profile
    self.returnURL = returnURL
    self.browser = browser
    self.timeout = timeout
    self.customization = customization
  }
}
