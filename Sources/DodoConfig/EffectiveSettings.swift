import DodoCheckout

/// The settings `dodo start` runs with, each with where it came from.
///
/// Precedence (spec §5): flag, environment, profile, built-in default; an empty variable
/// counts as unset. The defaults are all "none"; no timeout in particular, because the hosted
/// checkout expires the session itself and a customer in a bank's 3-D Secure step should not
/// be cut off.
package struct EffectiveSettings: Sendable, Hashable {
  /// The selected profile's name; `nil` when no profile is in use.
  package var profile: Setting<String?>
  /// Not yet checked when it comes from a flag or the environment: the command that uses it
  /// reports a bad one as `INVALID_RETURN_URL`. A profile's was checked when the file was read.
  package var returnURL: Setting<String?>
  package var browser: Setting<String?>
  /// Seconds; `nil` waits without a limit.
  package var timeout: Setting<Double?>
  package var dismissButtonStyle: Setting<BrowserCustomization.DismissButtonStyle?>
  package var presentationStyle: Setting<BrowserCustomization.PresentationStyle?>
  package var barCollapsingEnabled: Setting<Bool?>
  package var colorScheme: Setting<BrowserCustomization.ColorScheme?>
  /// The page of a session dodo creates (`checkout create`, `start --product`).
  package var theme: Setting<CheckoutPage.Theme?>
  package var language: Setting<String?>
  package var redirectImmediately: Setting<Bool?>

  /// Resolves every setting; fails only when the profile asked for does not exist.
  package init(configuration: Configuration, flags: CommandLineSettings, environment: [String: String])
    throws(ConfigError)
  {
    let selected = try configuration.selectedProfile(profileFlag: flags.profile, environment: environment)
    let chosen = selected?.value
    let custom = flags.customization
    func env(_ name: String) -> Setting<String>? {
      environment[name].flatMap { $0.isEmpty ? nil : Setting($0, from: .environment(name)) }
    }
    profile = Self.first(selected.map { Setting($0.value.name, from: $0.source) })
    returnURL = Self.first(
      Self.flag(flags.returnURL, "--return-url"), env("DODO_RETURN_URL"),
      chosen?.returnURL.map { Setting($0.value.string, from: $0.source) })
    browser = Self.first(Self.flag(flags.browser, "--browser"), env("DODO_BROWSER"), chosen?.browser, env("BROWSER"))
    timeout = Self.first(Self.flag(flags.timeout, "--timeout"), chosen?.timeout)
    dismissButtonStyle = Self.first(
      Self.flag(custom.dismissButtonStyle, "--dismiss-button-style"), chosen?.dismissButtonStyle)
    presentationStyle = Self.first(
      Self.flag(custom.presentationStyle, "--presentation-style"), chosen?.presentationStyle)
    barCollapsingEnabled = Self.first(
      Self.flag(custom.barCollapsingEnabled, "--bar-collapsing-enabled"), chosen?.barCollapsingEnabled)
    colorScheme = Self.first(Self.flag(custom.colorScheme, "--color-scheme"), chosen?.colorScheme)
    theme = Self.first(Self.flag(flags.page.theme, "--theme"), chosen?.theme)
    language = Self.first(Self.flag(flags.page.language, "--language"), chosen?.language)
    redirectImmediately = Self.first(
      Self.flag(flags.page.redirectImmediately, "--redirect-immediately"), chosen?.redirectImmediately)
  }

  /// The page options together, as a session's request takes them.
  package var page: CheckoutPage {
    CheckoutPage(theme: theme.value, language: language.value, redirectImmediately: redirectImmediately.value)
  }

  /// The four customization fields together, as the browser launcher takes them.
  package var customization: BrowserCustomization {
    BrowserCustomization(
      dismissButtonStyle: dismissButtonStyle.value, presentationStyle: presentationStyle.value,
      barCollapsingEnabled: barCollapsingEnabled.value, colorScheme: colorScheme.value)
  }

  private static func flag<Value>(_ value: Value?, _ name: String) -> Setting<Value>? {
    value.map { Setting($0, from: .flag(name)) }
  }

  /// The first setting that is there, highest precedence first; else "none", built in.
  ///
  /// Up to four candidates as parameters, not a variadic list: a list of each setting's type
  /// would make the runtime build the metadata of its array storage at every start, about
  /// 10,000 instructions a type (docs/benchmarks.md).
  private static func first<Value>(
    _ first: Setting<Value>?, _ second: Setting<Value>? = nil, _ third: Setting<Value>? = nil,
    _ fourth: Setting<Value>? = nil
  ) -> Setting<Value?> {
    guard let found = first ?? second ?? third ?? fourth else { return Setting(nil, from: .builtIn) }
    return Setting(found.value, from: found.source)
  }
}
