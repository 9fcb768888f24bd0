import DodoCheckout
import DodoConfig
import DodoPlatform

/// Which application's licenses a command uses and how many days of offline grace it
/// allows: `--app`, else the profile's `license_app`, else `dodo`; `--grace`, else the
/// profile's `license_grace_days`, else none.
package struct LicenseChoice: Sendable, Hashable {
  package var appId: String
  package var graceDays: Int?

  /// The application whose licenses a command uses when neither `--app` nor the profile names one.
  package static let defaultAppId = "dodo"

  /// A flag's bad value is the command line's mistake (`usage`); a profile's, the file's.
  package enum Problem: Error, Sendable {
    case usage(String)
    case configuration(ConfigError)
  }

  package init(appFlag: String?, graceFlag: String?, profile: Profile?) throws(Problem) {
    appId = Self.defaultAppId
    if let flag = appFlag {
      if let problem = LicenseFiles.problem(withAppId: flag) { throw .usage(problem) }
      appId = flag
    } else if let setting = profile?.licenseApp {
      if let problem = LicenseFiles.problem(withAppId: setting.value) {
        throw .configuration(ConfigError(path: nil, message: "license_app (\(setting.source)): \(problem)"))
      }
      appId = setting.value
    }
    graceDays = profile?.licenseGraceDays?.value
    if let text = graceFlag {
      guard let days = CommandLineSettings.graceDays(text) else {
        throw .usage(
          "invalid value '\(text)' for '--grace' (expected a whole number of days from 0 to \(CommandLineSettings.maximumGraceDays))"
        )
      }
      graceDays = days
    }
  }
}

extension LicenseChoice {
  /// What `config show` lists for the license commands: the profile's `license_app` (else
  /// `dodo`, built in) and `license_grace_days` (else none), as a command without `--app`
  /// and `--grace` takes them.
  package static func shown(profile: Profile?) -> [ShownSetting] {
    let app = profile?.licenseApp
    let grace = profile?.licenseGraceDays
    return [
      ShownSetting("license_app", "licenseApp", app?.value ?? defaultAppId, source: app?.source ?? .builtIn),
      ShownSetting(
        "license_grace_days", "licenseGraceDays", grace.map { String($0.value) },
        number: grace.map { Double($0.value) },
        source: grace?.source ?? .builtIn),
    ]
  }
}
