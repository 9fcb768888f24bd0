import DodoAccount
import DodoCheckout
import DodoNetwork

/// `start --activate-license [--license-name NAME]`: a step after the result is known (and,
/// under `--confirm`, confirmed), before it is printed. Each license key the return carried
/// is activated as `dodo license activate` does; one that fails is a warning and does not
/// change the exit status.
final class StartLicenses {
  static let activate = OptionSpec(
    "activate-license", help: "After a succeeded result, activate the license keys it carried on this machine.")
  static let name = OptionSpec(
    "license-name", value: "NAME", help: "The activations' name (default: the host name and a machine tag).")
  static let options = [activate, name]

  /// One key's outcome, as `"licenses"` shows it.
  enum Entry {
    case activated(maskedKey: String, instanceId: String)
    case failed(maskedKey: String, error: String)
  }

  private let context: Context
  /// The settings, when `--activate-license` was given.
  private let settings: LicenseSettings?
  private let givenName: String?
  private(set) var entries: [Entry]?

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
    let name = givenName ?? LicenseRun.defaultName(appId: settings.appId)
    entries = keys.map { key in
      let masked = LicenseKey.masked(key)
      do throws(LicenseKeeper.Failure) {
        switch try keeper.activate(key: key, name: name) {
        case .activated(let record), .alreadyActive(let record):
          return .activated(maskedKey: masked, instanceId: record.instanceId)
        case .refused(let refusal, _):
          warn("license \(masked) was not activated: \(refusal.rawValue): \(refusal.message)")
          return .failed(maskedKey: masked, error: refusal.rawValue)
        }
      } catch {
        let message: String
        switch error {
        case .input(let text): message = text
        case .store(let error): message = error.message
        case .api(let error): message = error.message
        }
        warn("license \(masked) was not activated: \(message)")
        return .failed(maskedKey: masked, error: message)
      }
    }
  }

  /// `"licenses":[{"licenseKey":…,"instanceId":…}|{"licenseKey":…,"error":…}]`, once run.
  func writeJSON(_ json: JSONWriter) {
    guard let entries else { return }
    json.key("licenses")
    json.beginArray()
    for entry in entries {
      json.beginObject()
      switch entry {
      case .activated(let key, let instance):
        json.key("licenseKey")
        json.string(key)
        json.key("instanceId")
        json.string(instance)
      case .failed(let key, let error):
        json.key("licenseKey")
        json.string(key)
        json.key("error")
        json.string(error)
      }
      json.endObject()
    }
    json.endArray()
  }

  /// `license ABCD…WXYZ: activated (lki_…)` lines for the text result.
  var text: String {
    (entries ?? []).map { entry in
      switch entry {
      case .activated(let key, let instance): "license \(key): activated (\(TerminalText.escaped(instance)))\n"
      case .failed(let key, let error): "license \(key): not activated (\(TerminalText.escaped(error)))\n"
      }
    }.joined()
  }
}
