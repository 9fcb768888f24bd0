import DodoCheckout
import DodoConfig

/// The configuration half of `dodo validate`: the config files in effect must load and the
/// selected profile must exist; with no URL given, the effective return URL is checked too.
extension ValidateCommand {
  /// What the check found: lines for the report, or the exit status of the problem it reported.
  enum ConfigurationCheck {
    case valid([String])
    case invalid(ExitStatus)
  }

  func checkConfiguration(urlGiven: Bool) -> ConfigurationCheck {
    let configuration: Configuration
    let settings: EffectiveSettings
    do throws(CLIError) {
      configuration = try context.configuration()
      settings = try context.effectiveSettings(CommandLineSettings(), in: configuration)
    } catch {
      return .invalid(invalid(error))
    }
    var findings = configuration.files.map { "config file: valid (\($0.path), \(count($0.profiles.count, "profile")))" }
    if let name = settings.profile.value { findings.append("profile: \(name) (\(ConfigCommand.describe(settings.profile.source)))") }
    guard !urlGiven else { return .valid(findings) }
    guard let returnURL = settings.returnURL.value else {
      findings.append("return URL: none configured (set one with --return-url, DODO_RETURN_URL or a profile's return_url)")
      return .valid(findings)
    }
    do throws(CheckoutError) {
      let url = try SharedOptions.startReturnURL(returnURL)
      let loopback = SharedOptions.loopbackNote(url).map { ", loopback: dodo start serves it itself; \($0)" } ?? ""
      findings.append("return URL: valid (\(ConfigCommand.describe(settings.returnURL.source))\(loopback))")
    } catch {
      return .invalid(invalid(.checkout(error)))
    }
    return .valid(findings)
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
