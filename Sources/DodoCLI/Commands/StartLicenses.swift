import DodoAccount
import DodoCheckout
import DodoNetwork

/// `start --activate-license [--license-name NAME]`: a step of the run after the result is
/// known (and, under `--confirm`, confirmed), before it is printed. Each license key the
/// return carried is activated as `dodo license activate` does; one that fails is a warning
/// and does not change the exit status.
struct StartLicenses {
  static let activate = OptionSpec(
    "activate-license", help: "Activate the license keys a success carried, here.")
  static let name = OptionSpec(
    "license-name", value: "NAME", help: "The activations' name (default: host name and tag).")
  static let options = [activate, name]

  /// The settings, when `--activate-license` was given.
  let settings: LicenseSettings?
  let givenName: String?

  /// Reads the options and the license settings (no request, no file).
  init(invocation: Invocation, context: Context) throws(CLIError) {
    givenName = invocation.value(Self.name)
    guard invocation.isSet(Self.activate) else {
      if givenName != nil { throw .usage("--license-name needs --activate-license", command: invocation.path) }
      settings = nil
      return
    }
    settings = try context.licenseSettings(appFlag: nil, graceFlag: nil, needsAPI: true, command: invocation.path)
  }

  /// Activates the keys of `result` when `status` (Dodo's, under `--confirm`) is succeeded;
  /// what became of each, or `nil` when none was tried.
  func activate(_ result: CheckoutResult, status: CheckoutStatus, context: Context, warn: (String) -> Void)
    -> [LicenseKeeper.KeyActivation]?
  {
    guard let settings else { return nil }
    let keys: [String]
    switch ResultLicenseKeys(result, status: status) {
    case .activate(let activating): keys = activating
    case .none(let warning):
      warn(warning)
      return []
    case .notTried(let warning):
      if let warning { warn(warning) }
      return nil
    }
    let keeper: LicenseKeeper
    do throws(CLIError) { keeper = try context.licenseKeeper(settings) } catch {
      warn("no license key was activated: \(error.message)")
      return nil
    }
    return keeper.activateEach(keys, name: givenName ?? LicenseKeeper.defaultName(appId: settings.appId), warn: warn)
  }
}
