import DodoAccount
import DodoCheckout
import DodoNetwork

/// `start --activate-license [--license-name NAME]`: a step after the result is known (and,
/// under `--confirm`, confirmed), before it is printed. Each license key the return carried
/// is activated as `dodo license activate` does; one that fails is a warning and does not
/// change the exit status.
final class StartLicenses {
  static let activate = OptionSpec(
    "activate-license", help: "Activate the license keys a success carried, here.")
  static let name = OptionSpec(
    "license-name", value: "NAME", help: "The activations' name (default: host name and tag).")
  static let options = [activate, name]

  private let context: Context
  /// The settings, when `--activate-license` was given.
  private let settings: LicenseSettings?
  private let givenName: String?
  private(set) var entries: [LicenseKeeper.KeyActivation]?

  /// Reads the options and the license settings (no request, no file).
  init(invocation: Invocation, context: Context) throws(CLIError) {
    self.context = context
    givenName = invocation.value(Self.name)
    guard invocation.isSet(Self.activate) else {
      if givenName != nil { throw .usage("--license-name needs --activate-license", command: invocation.path) }
      settings = nil
      return
    }
    settings = try context.licenseSettings(appFlag: nil, graceFlag: nil, needsAPI: true, command: invocation.path)
  }

  /// Activates the keys of `result` when `status` (Dodo's, under `--confirm`) is succeeded.
  func run(_ result: CheckoutResult, status: CheckoutStatus, warn: (String) -> Void) {
    guard let settings else { return }
    guard status == .succeeded else {
      if result.licenseKeys != nil {
        warn("the result is not a (confirmed) success, so its license keys were not activated")
      }
      return
    }
    guard let keys = result.licenseKeys, !keys.isEmpty else {
      entries = []
      warn("the return carried no license key, so none was activated")
      return
    }
    let keeper: LicenseKeeper
    do throws(CLIError) { keeper = try context.licenseKeeper(settings) } catch {
      warn("no license key was activated: \(error.message)")
      return
    }
    let name = givenName ?? LicenseKeeper.defaultName(appId: settings.appId)
    entries = keeper.activateEach(keys, name: name, warn: warn)
  }

  /// `"licenses":[{"licenseKey":…,"instanceId":…}|{"licenseKey":…,"error":…}]`, once run.
  func writeJSON(_ json: JSONWriter) {
    guard let entries else { return }
    json.key("licenses")
    json.beginArray()
    for entry in entries {
      json.beginObject()
      json.key("licenseKey")
      json.string(entry.maskedKey)
      switch entry.outcome {
      case .success(let instance):
        json.key("instanceId")
        json.string(instance)
      case .failure(let failure):
        json.key("error")
        json.string(failure.error)
      }
      json.endObject()
    }
    json.endArray()
  }

  /// `license ABCD…WXYZ: activated (lki_…)` lines for the text result.
  var text: String {
    (entries ?? []).map { entry in
      switch entry.outcome {
      case .success(let instance): "license \(entry.maskedKey): activated (\(TerminalText.escaped(instance)))\n"
      case .failure(let failure): "license \(entry.maskedKey): not activated (\(TerminalText.escaped(failure.error)))\n"
      }
    }.joined()
  }
}
