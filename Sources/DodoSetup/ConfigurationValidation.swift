import DodoCheckout
import DodoConfig

/// The configuration half of `dodo validate`: the config files in effect loaded and the
/// selected profile exists (the caller has both); the browser command start would run must
/// split into words; unless the command line gave one, the return URL start would use is
/// checked too. What it finds is the report's lines, in the order `validate` prints them.
package enum ConfigurationValidation {
  /// The report's lines for `settings` of `configuration`, or the first problem. `warn` gets
  /// the configured return URL's advice as soon as it is known valid, before the browser
  /// command is checked.
  package static func findings(
    _ settings: EffectiveSettings, in configuration: Configuration, returnURLGiven: Bool, warn: (String) -> Void
  ) throws(SettingProblem) -> [String] {
    var findings = configuration.files.map { "config file: valid (\($0.path), \(count($0.profiles.count, "profile")))" }
    if let name = settings.profile.value {
      findings.append("profile: \(name) (\(settings.profile.source.origin))")
    }
    if !returnURLGiven {
      if let returnURL = settings.returnURL.value {
        let url: ReturnURL
        do throws(CheckoutError) { url = try ReturnURL.forCheckout(returnURL) } catch { throw .checkout(error) }
        if let warning = url.customSchemeWarning { warn(warning) }
        let loopback = url.loopbackNote.map { ", loopback: dodo start serves it itself; \($0)" } ?? ""
        findings.append("return URL: valid (\(settings.returnURL.source.origin)\(loopback))")
      } else {
        findings.append(
          "return URL: none configured (set one with --return-url, DODO_RETURN_URL or a profile's return_url)")
      }
    }
    _ = try settings.browserCommand(in: configuration)
    if settings.browser.value != nil {
      findings.append("browser command: valid (\(settings.browser.source.origin))")
    }
    return findings
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
