import DodoCheckout
import DodoConfig

/// The options that set what a checkout runs with, declared once for `start` and
/// `config show` (which shows what `start` would do with them).
enum SettingOptions {
  static let browser = OptionSpec(
    "browser", value: "CMD",
    help:
      "The command that opens the checkout (%s: the URL).")
  static let timeout = OptionSpec(
    "timeout", value: "SECONDS", help: "Give up after SECONDS: the checkout ends cancelled.")
  // The values written out, not read off `allCases`: an array of each enum would make the
  // runtime build its storage's metadata in every start that declares these options
  // (OptionValuesTests holds them to the enums' cases).
  static let dismissButtonStyle = OptionSpec(
    "dismiss-button-style", values: ["done", "close", "cancel"],
    help: "The label of the button that closes the checkout.")
  static let presentationStyle = OptionSpec(
    "presentation-style", values: ["pageSheet", "fullScreen"],
    help: "How the checkout is presented.")
  static let barCollapsingEnabled = OptionSpec(
    "bar-collapsing-enabled", values: ["true", "false"],
    help: "Let the toolbar collapse on scroll (fullScreen only).")
  static let colorScheme = OptionSpec(
    "color-scheme", values: ["system", "light", "dark"],
    help: "The colour scheme of the controls around the checkout.")

  static let all =
    [
      SharedOptions.returnURL, browser, timeout, dismissButtonStyle, presentationStyle, barCollapsingEnabled,
      colorScheme,
    ] + PageOptions.all

  /// The setting options of `invocation`; `--config` and `--profile` are filled in by
  /// `Context.effectiveSettings`. A timeout that is not a positive number of seconds (at
  /// most a year) is a usage error.
  static func commandLineSettings(from invocation: Invocation) throws(CLIError) -> CommandLineSettings {
    var timeoutSeconds: Double?
    if let text = invocation.value(timeout) {
      guard let seconds = CommandLineSettings.timeout(text) else {
        throw .usage(
          "invalid value '\(text)' for '--timeout' (expected a positive number of seconds, at most \(Int(CommandLineSettings.maximumTimeout)))",
          command: invocation.path)
      }
      timeoutSeconds = seconds
    }
    return CommandLineSettings(
      returnURL: invocation.value(SharedOptions.returnURL), browser: invocation.value(browser), timeout: timeoutSeconds,
      customization: BrowserCustomization(
        dismissButtonStyle: invocation.value(dismissButtonStyle, as: BrowserCustomization.DismissButtonStyle.self),
        presentationStyle: invocation.value(presentationStyle, as: BrowserCustomization.PresentationStyle.self),
        barCollapsingEnabled: invocation.value(barCollapsingEnabled).map { $0 == "true" },
        colorScheme: invocation.value(colorScheme, as: BrowserCustomization.ColorScheme.self)),
      page: try PageOptions.page(from: invocation))
  }
}
