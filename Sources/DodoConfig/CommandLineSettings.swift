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

  /// Longer than any checkout session lives; keeps a timeout a sane duration for timers.
  public static let maximumTimeout = 31_536_000.0

  /// A timeout as written on the command line or in a config file: a decimal number of
  /// seconds (`900`, `1.5`), positive and at most `maximumTimeout`; `nil` for anything else.
  public static func timeout(_ text: String) -> Double? {
    guard let seconds = YAMLNode.number(text), seconds > 0, seconds <= maximumTimeout else { return nil }
    return seconds
  }

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
