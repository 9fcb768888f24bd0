import DodoCheckout
import DodoConfig
import DodoPlatform

/// Which application's licenses a command uses and how many days of offline grace it
/// allows: `--app`, else the profile's `license_app`, else `dodo`; `--grace`, else the
/// profile's `license_grace_days`, else none.
package struct LicenseChoice: Sendable, Hashable {
  package var appId: String
  package var graceDays: Int?

  /// A flag's bad value is the command line's mistake (`usage`); a profile's, the file's.
  package enum Problem: Error, Sendable {
    case usage(String)
    case configuration(ConfigError)
  }

  package init(appFlag: String?, graceFlag: String?, profile: Profile?) throws(Problem) {
    appId = "dodo"
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
