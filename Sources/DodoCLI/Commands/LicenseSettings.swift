import DodoAccount
import DodoCheckout
import DodoConfig
import DodoNetwork
import DodoSetup

/// What a license command (or `start --activate-license`) runs with: the app, the days of
/// grace, the mode, the base URL and the time limit. No key: the license endpoints take none.
struct LicenseSettings {
  var appId: String
  var graceDays: Int?
  var mode: APIMode
  var baseURL: String?
  var timeout: Double
}

extension Context {
  /// `--app`, else the profile's `license_app`, else `dodo`; `--grace`, else the profile's
  /// `license_grace_days`; with `needsAPI`, the mode and base URL as every API command has
  /// them (a bad `$DODO_PAYMENTS_BASE_URL` is 78), but no key, whose absence is no error here.
  func licenseSettings(appFlag: String?, graceFlag: String?, needsAPI: Bool, command: [String]) throws(CLIError)
    -> LicenseSettings
  {
    let configuration = try self.configuration()
    let profile: Profile?
    do throws(ConfigError) {
      profile = try configuration.selectedProfile(profileFlag: self.profile, environment: environment)?.value
    } catch { throw configurationError(error) }
    let choice: LicenseChoice
    do throws(LicenseChoice.Problem) {
      choice = try LicenseChoice(appFlag: appFlag, graceFlag: graceFlag, profile: profile)
    } catch {
      switch error {
      case .usage(let message): throw .usage(message, command: command)
      case .configuration(let error): throw .configuration(error)
      }
    }
    let (appId, graceDays) = (choice.appId, choice.graceDays)
    guard needsAPI else {
      return LicenseSettings(appId: appId, graceDays: graceDays, mode: .test, baseURL: nil, timeout: 0)
    }
    let api = try apiSettings(in: configuration)
    return LicenseSettings(
      appId: appId, graceDays: graceDays, mode: api.mode.value, baseURL: api.baseURLOverride?.value,
      timeout: try apiTimeoutSeconds(command: command))
  }

  /// What `config show` lists for the license commands, from the selected profile.
  func shownLicenseSettings(in configuration: Configuration) throws(CLIError) -> [ShownSetting] {
    do throws(ConfigError) {
      let profile = try configuration.selectedProfile(profileFlag: self.profile, environment: environment)?.value
      return LicenseChoice.shown(profile: profile)
    } catch { throw configurationError(error) }
  }

  /// The license cycle for `settings`, over this context's transport (never with a key).
  func licenseKeeper(_ settings: LicenseSettings) throws(CLIError) -> LicenseKeeper {
    LicenseKeeper(
      appId: settings.appId, directories: try checkoutDirectories(), mode: settings.mode, transport: transport,
      baseURL: settings.baseURL, timeout: settings.timeout)
  }
}
