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
      return .invalid(invalidConfiguration(error))
    }
    var findings = configuration.files.map { "config file: valid (\($0.path), \(count($0.profiles.count, "profile")))" }
    if let name = settings.profile.value { findings.append("profile: \(name) (\(ConfigCommand.describe(settings.profile.source)))") }
    guard !urlGiven else { return .valid(findings) }
    guard let returnURL = settings.returnURL.value else {
      findings.append("return URL: none configured (set one with --return-url, DODO_RETURN_URL or a profile's return_url)")
      return .valid(findings)
    }
    do throws(CheckoutError) {
      let url = try ReturnURL(returnURL)
      let loopback = url.loopback != nil ? ", loopback: dodo start serves it itself" : ""
      findings.append("return URL: valid (\(ConfigCommand.describe(settings.returnURL.source))\(loopback))")
    } catch {
      return .invalid(invalid(error))
    }
    return .valid(findings)
  }

  /// Reports a configuration problem like any other `validate` problem: as the answer on
  /// standard output with `--json`, else on standard error.
  private func invalidConfiguration(_ error: CLIError) -> ExitStatus {
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("valid")
        json.bool(false)
        json.key("error")
        json.error(code: error.code, message: error.message)
        json.endObject()
      }
    } else {
      Dodo.report(error, context: context)
    }
    return error.exitStatus
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
