import DodoAccount
import DodoCheckout
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The license cycle of account spec §D for one application: Dodo's answers (`LicenseAPI`)
/// kept in the application's store (`LicenseFiles`), with the clock injected so that the
/// offline grace can be tested. `dodo license` and the desktop library both run on it.
package struct LicenseKeeper: Sendable {
  /// Why a step stopped: input that cannot be used, the store, or no usable answer from Dodo.
  package enum Failure: Error, Sendable {
    /// The key, the app id or the choice of key is wrong (a usage error).
    case input(String)
    case store(PlatformError)
    case api(DodoAPIError)

    /// What went wrong, for a person.
    package var message: String {
      switch self {
      case .input(let message): message
      case .store(let error): error.message
      case .api(let error): error.message
      }
    }
  }

  package var appId: String
  package var directories: DodoDirectories
  /// The API in a mode: new activations use `mode`; a stored one, the mode it was made in.
  package var api: @Sendable (APIMode) -> LicenseAPI
  package var mode: APIMode
  package var now: @Sendable () -> Date

  package init(
    appId: String, directories: DodoDirectories, mode: APIMode, api: @escaping @Sendable (APIMode) -> LicenseAPI,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.appId = appId
    self.directories = directories
    self.mode = mode
    self.api = api
    self.now = now
  }

  /// The keeper over `transport` at `baseURL` (`nil`: each mode's own), each request within
  /// `timeout` seconds.
  package init(
    appId: String, directories: DodoDirectories, mode: APIMode, transport: any HTTPTransport, baseURL: String?,
    timeout: Double = DodoAPI.defaultTimeout, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      appId: appId, directories: directories, mode: mode,
      api: { mode in
        var api = LicenseAPI(transport: transport, mode: mode, baseURL: baseURL)
        api.timeout = timeout
        return api
      }, now: now)
  }

  /// This machine's default activation name for `appId` (`LicenseInstanceName`).
  package static func defaultName(appId: String) -> String {
    LicenseInstanceName.default(
      hostName: MachineIdentity.hostName(), machineID: MachineIdentity.machineID(), appId: appId)
  }

  package enum Activation: Sendable {
    case activated(LicenseRecord)
    /// A stored activation of this key that Dodo still validates: not activated again.
    case alreadyActive(LicenseRecord)
    case refused(LicenseRefusal, dodoSays: String?)
  }

  /// Activates `key` as `name`, unless this machine's stored activation of it still validates.
  /// `beforeAsking` is called with each API before its first request (to say which mode).
  package func activate(key: String, name: String, beforeAsking: (LicenseAPI) -> Void = { _ in }) throws(Failure)
    -> Activation
  {
    try check(key)
    guard let files = try store(create: true) else {
      throw .store(PlatformError("cannot create the license store for app '\(appId)'"))
    }
    var asked: Set<APIMode> = []
    if let record = try load(key, from: files) {
      let answer: LicenseAnswer<Void>
      do throws(DodoAPIError) {
        answer = try api(record.mode, &asked, beforeAsking).validate(licenseKey: key, instanceId: record.instanceId)
      } catch { throw .api(error) }
      if case .done = answer {
        var validated = record
        validated.lastValidatedAt = now()
        try save(validated, in: files)
        return .alreadyActive(validated)
      }
    }
    let answer: LicenseAnswer<LicenseActivation>
    do throws(DodoAPIError) { answer = try api(mode, &asked, beforeAsking).activate(licenseKey: key, name: name) } catch
    {
      throw .api(error)
    }
    switch answer {
    case .refused(let refusal, let said): return .refused(refusal, dodoSays: said)
    case .done(let activation):
      let record = LicenseRecord(licenseKey: key, activation: activation, name: name, mode: mode, at: now())
      try save(record, in: files)
      return .activated(record)
    }
  }

  /// What became of one key of `activateEach`: its instance id, or why it was not activated
  /// (a refusal's reason, such as `limit_reached`, or what went wrong).
  package typealias KeyActivation = (maskedKey: String, outcome: Result<String, KeyFailure>)

  package struct KeyFailure: Error, Sendable {
    package var error: String
  }

  /// Activates each of `keys` as `name` (`start --activate-license`): one that fails is a
  /// warning (`warn`) and does not stop the others.
  package func activateEach(_ keys: [String], name: String, warn: (String) -> Void) -> [KeyActivation] {
    keys.map { key in
      let masked = LicenseKey.masked(key)
      let said: String
      let code: String
      do throws(Failure) {
        switch try activate(key: key, name: name) {
        case .activated(let record), .alreadyActive(let record): return (masked, .success(record.instanceId))
        case .refused(let refusal, _): (said, code) = ("\(refusal.rawValue): \(refusal.message)", refusal.rawValue)
        }
      } catch {
        said = error.message
        code = said
      }
      warn("license \(masked) was not activated: \(said)")
      return (masked, .failure(KeyFailure(error: code)))
    }
  }

  package enum Validation: Sendable {
    /// Dodo said yes; the record (when the key is stored) now says when.
    case valid(LicenseRecord?)
    case invalid(LicenseRefusal, dodoSays: String?)
    /// No answer came, within the grace that ends at `graceEnds`.
    case offline(LicenseRecord, graceEnds: Date, DodoAPIError)
  }

  /// Validates `key` (`nil`: the one stored activation) with its stored instance, if any, in
  /// the mode it was activated in. No answer at all is `.offline` within `graceDays` of the
  /// last success, else an error; an answer from Dodo is never covered by grace.
  package func validate(key: String?, graceDays: Int?, beforeAsking: (LicenseAPI) -> Void = { _ in })
    throws(Failure) -> (key: String, mode: APIMode, Validation)
  {
    let files = try store(create: false)
    let key = try choose(key, in: files)
    let record = try files.flatMap { (files) throws(Failure) in try load(key, from: files) }
    let mode = record?.mode ?? mode
    var asked: Set<APIMode> = []
    let answer: LicenseAnswer<Void>
    do throws(DodoAPIError) {
      answer = try api(mode, &asked, beforeAsking).validate(licenseKey: key, instanceId: record?.instanceId)
    } catch {
      let noAnswer: Set<DodoAPIError.Kind> = [.connection, .tls, .timedOut]
      if let record, let days = graceDays, noAnswer.contains(error.kind),
        let ends = LicenseGrace.ends(lastSuccess: record.lastSuccess, days: days, now: now())
      {
        return (key, mode, .offline(record, graceEnds: ends, error))
      }
      throw .api(error)
    }
    switch answer {
    case .refused(let refusal, let said): return (key, mode, .invalid(refusal, dodoSays: said))
    case .done:
      guard var record, let files else { return (key, mode, .valid(nil)) }
      record.lastValidatedAt = now()
      try save(record, in: files)
      return (key, mode, .valid(record))
    }
  }

  package enum Deactivation: Sendable {
    case deactivated(LicenseRecord)
    /// Dodo knows no such instance or key: the stored activation is removed all the same.
    case forgotten(LicenseRecord, LicenseRefusal, dodoSays: String?)
  }

  /// Deactivates this machine's stored activation of `key` (`nil`: the one stored).
  package func deactivate(key: String?, beforeAsking: (LicenseAPI) -> Void = { _ in }) throws(Failure)
    -> Deactivation
  {
    let files = try store(create: false)
    let key = try choose(key, in: files)
    guard let files, let record = try load(key, from: files) else {
      throw .input("\(LicenseKey.masked(key)) is not activated on this machine (see 'dodo license status')")
    }
    var asked: Set<APIMode> = []
    let answer: LicenseAnswer<Void>
    do throws(DodoAPIError) {
      answer = try api(record.mode, &asked, beforeAsking).deactivate(licenseKey: key, instanceId: record.instanceId)
    } catch { throw .api(error) }
    do throws(PlatformError) { _ = try files.remove(key: key) } catch { throw .store(error) }
    switch answer {
    case .done: return .deactivated(record)
    case .refused(let refusal, let said): return .forgotten(record, refusal, dodoSays: said)
    }
  }

  /// Every stored activation, from the store alone.
  package func stored() throws(Failure) -> [LicenseRecord] {
    guard let files = try store(create: false) else { return [] }
    let all: [[UInt8]]
    do throws(PlatformError) { all = try files.all() } catch { throw .store(error) }
    return try all.map { (bytes) throws(Failure) in try decode(bytes, in: files) }
  }

  /// The API in `mode`, announced through `beforeAsking` the first time it is asked for.
  private func api(_ mode: APIMode, _ asked: inout Set<APIMode>, _ beforeAsking: (LicenseAPI) -> Void) -> LicenseAPI {
    let api = self.api(mode)
    if asked.insert(mode).inserted { beforeAsking(api) }
    return api
  }

  private func store(create: Bool) throws(Failure) -> LicenseFiles? {
    do throws(PlatformError) {
      return try LicenseFiles.open(directories: directories, appId: appId, create: create)
    } catch { throw .store(error) }
  }

  private func check(_ key: String) throws(Failure) {
    if let problem = LicenseKey.problem(with: key) { throw .input(problem) }
  }

  /// `key`, or the one stored activation's when it is `nil`.
  private func choose(_ key: String?, in files: LicenseFiles?) throws(Failure) -> String {
    if let key {
      try check(key)
      return key
    }
    let all = try stored()
    guard all.count == 1, let only = all.first else {
      throw .input(
        all.isEmpty
          ? "no license is activated on this machine for app '\(appId)': give the KEY"
          : "\(all.count) licenses are activated for app '\(appId)': give the KEY of one")
    }
    return only.licenseKey
  }

  private func load(_ key: String, from files: LicenseFiles) throws(Failure) -> LicenseRecord? {
    let bytes: [UInt8]?
    do throws(PlatformError) { bytes = try files.read(key: key) } catch { throw .store(error) }
    return try bytes.map { (bytes) throws(Failure) in try decode(bytes, in: files) }
  }

  private func decode(_ bytes: [UInt8], in files: LicenseFiles) throws(Failure) -> LicenseRecord {
    guard let record = LicenseRecord(decoding: bytes) else {
      throw .store(PlatformError("a license record in \(files.path) is corrupt; remove it and activate again"))
    }
    return record
  }

  private func save(_ record: LicenseRecord, in files: LicenseFiles) throws(Failure) {
    do throws(PlatformError) { try files.write(key: record.licenseKey, record.encoded()) } catch {
      throw .store(error)
    }
  }
}
