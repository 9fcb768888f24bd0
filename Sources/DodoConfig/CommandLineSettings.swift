import DodoCheckout

/// The settings given as command-line options, already parsed by the CLI (which owns the
/// option syntax and its usage errors); `nil` for an option that was not given.
package struct CommandLineSettings: Sendable, Hashable {
  /// `--config FILE`
  package var config: String?
  /// `--profile NAME`
  package var profile: String?
  /// `--return-url URL`, checked by the command that uses it (a bad one is
  /// `INVALID_RETURN_URL`, not a config error).
  package var returnURL: String?
  /// `--browser CMD`
  package var browser: String?
  /// `--timeout SECONDS`
  package var timeout: Double?
  /// `--dismiss-button-style`, `--presentation-style`, `--bar-collapsing-enabled`, `--color-scheme`
  package var customization: BrowserCustomization
  /// `--theme`, `--language`, `--redirect-immediately`: the page of a session dodo creates.
  package var page: CheckoutPage

  /// Longer than any checkout session lives; keeps a timeout a sane duration for timers.
  package static let maximumTimeout = 31_536_000.0

  /// A timeout as written on the command line or in a config file: a decimal number of
  /// seconds (`900`, `1.5`), positive and at most `maximumTimeout`; `nil` for anything else.
  package static func timeout(_ text: String) -> Double? {
    guard let seconds = YAMLNode.number(text), seconds > 0, seconds <= maximumTimeout else { return nil }
    return seconds
  }

  /// Ten years: more grace than that is no license check at all.
  package static let maximumGraceDays = 3650

  /// Days of license grace as written on the command line or in a config file: a whole
  /// number from 0 to `maximumGraceDays`, digits only; `nil` for anything else.
  package static func graceDays(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let days = Int(text),
      days <= maximumGraceDays
    else { return nil }
    return days
  }

  package init(
    config: String? = nil, profile: String? = nil, returnURL: String? = nil, browser: String? = nil,
    timeout: Double? = nil, customization: BrowserCustomization = BrowserCustomization(),
    page: CheckoutPage = CheckoutPage()
  ) {
    self.config = config
    self.profile = profile
    self.returnURL = returnURL
    self.browser = browser
    self.timeout = timeout
    self.customization = customization
    self.page = page
  }
}
