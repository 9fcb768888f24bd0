import DodoCheckout
import DodoConfig

/// The configuration half of `dodo validate`: the config files in effect must load and the
/// selected profile must exist; the browser command start would run must split into words;
/// without --return-url, the return URL start would use is checked too.
extension ValidateCommand {
  /// What the check found: lines for the report, or the exit status of the problem it reported.
  enum ConfigurationCheck {
    case valid([String])
    case invalid(ExitStatus)
  }

  func checkConfiguration(returnURLGiven: Bool) -> ConfigurationCheck {
    let configuration: Configuration
    let settings: EffectiveSettings
    do throws(CLIError) {
      configuration = try context.configuration()
      settings = try context.effectiveSettings(CommandLineSettings(), in: configuration)
    } catch {
      return .invalid(invalid(error))
    }
    var findings = configuration.files.map { "config file: valid (\($0.path), \(count($0.profiles.count, "profile")))" }
    if let name = settings.profile.value {
      findings.append("profile: \(name) (\(settings.profile.source.origin))")
    }
    if !returnURLGiven {
      if let returnURL = settings.returnURL.value {
        do throws(CheckoutError) {
          let url = try ReturnURL.forCheckout(returnURL)
          if let warning = url.customSchemeWarning { context.warn(TerminalText.escaped(warning)) }
          let loopback = url.loopbackNote.map { ", loopback: dodo start serves it itself; \($0)" } ?? ""
          findings.append("return URL: valid (\(settings.returnURL.source.origin)\(loopback))")
        } catch {
          return .invalid(invalid(.checkout(error)))
        }
      } else {
        findings.append(
          "return URL: none configured (set one with --return-url, DODO_RETURN_URL or a profile's return_url)")
      }
    }
    do throws(CLIError) {
      _ = try StartOptions.browserCommand(settings, in: configuration, context: context)
    } catch {
      return .invalid(invalid(error))
    }
    if settings.browser.value != nil {
      findings.append("browser command: valid (\(settings.browser.source.origin))")
    }
    return .valid(findings)
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
