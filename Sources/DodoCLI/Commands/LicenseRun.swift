import DodoAccount
import DodoCheckout
import DodoConfig
import DodoNetwork
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `dodo license activate|validate|deactivate|status`: reads the command line and the
/// settings, runs `LicenseKeeper`, and hands what it said to `LicenseOutput`.
struct LicenseRun {
  let invocation: Invocation
  let context: Context

  init(_ invocation: Invocation, _ context: Context) {
    self.invocation = invocation
    self.context = context
  }

  func activate() throws(CLIError) -> ExitStatus {
    let key = try self.key(required: true) ?? ""
    let settings = try self.settings()
    let keeper = try self.keeper(settings)
    let name = invocation.value(LicenseOptions.name) ?? LicenseKeeper.defaultName(appId: settings.appId)
    guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      throw .usage("--name must be non-empty text without control characters", command: invocation.path)
    }
    let outcome = try run { () throws(LicenseKeeper.Failure) in
      try keeper.activate(key: key, name: name, beforeAsking: announce)
    }
    return LicenseOutput(context: context).activation(outcome, key: key, mode: keeper.mode)
  }

  func validate() throws(CLIError) -> ExitStatus {
    let key = try self.key(required: false)
    let settings = try self.settings()
    let keeper = try self.keeper(settings)
    let (chosen, mode, outcome) = try run { () throws(LicenseKeeper.Failure) in
      try keeper.validate(key: key, graceDays: settings.graceDays, beforeAsking: announce)
    }
    return LicenseOutput(context: context).validation(outcome, key: chosen, mode: mode)
  }

  func deactivate() throws(CLIError) -> ExitStatus {
    let key = try self.key(required: false)
    let keeper = try self.keeper(try settings())
    let outcome = try run { () throws(LicenseKeeper.Failure) in
      try keeper.deactivate(key: key, beforeAsking: announce)
    }
    return LicenseOutput(context: context).deactivation(outcome)
  }

  func status() throws(CLIError) -> ExitStatus {
    let settings = try self.settings(needsAPI: false)
    let keeper = try self.keeper(settings)
    let records = try run { () throws(LicenseKeeper.Failure) in try keeper.stored() }
    return LicenseOutput(context: context).status(records, appId: settings.appId)
  }

  private func settings(needsAPI: Bool = true) throws(CLIError) -> LicenseSettings {
    try context.licenseSettings(
      appFlag: invocation.value(LicenseOptions.app), graceFlag: invocation.value(LicenseOptions.grace),
      needsAPI: needsAPI, command: invocation.path)
  }

  private func keeper(_ settings: LicenseSettings) throws(CLIError) -> LicenseKeeper {
    try context.licenseKeeper(settings)
  }

  private func announce(_ api: LicenseAPI) { context.announceMode(mode: api.mode, baseURL: api.baseURL) }

  /// The key argument: `-` reads the first line of standard input.
  private func key(required: Bool) throws(CLIError) -> String? {
    guard let argument = invocation.arguments.first else {
      if required {
        throw .usage("missing the license KEY (or - to read it from standard input)", command: invocation.path)
      }
      return nil
    }
    guard argument == "-" else { return argument }
    let line: String?
    do throws(PlatformError) { line = try InputFile.firstLine(stdinFD: context.stdinFD, limit: 4096) } catch {
      throw .platform(error)
    }
    guard let line else { throw .usage("standard input holds no license key", command: invocation.path) }
    return line
  }

  private func run<T>(_ body: () throws(LicenseKeeper.Failure) -> T) throws(CLIError) -> T {
    do throws(LicenseKeeper.Failure) { return try body() } catch {
      switch error {
      case .input(let message): throw .usage(message, command: invocation.path)
      case .store(let error): throw .platform(error)
      case .api(let error): throw .api(error)
      }
    }
  }
}
