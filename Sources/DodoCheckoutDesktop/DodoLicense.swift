import DodoAccount
import DodoCheckout
import DodoCurl
import DodoNetwork
import DodoPlatform
import Foundation

/// The license keys a customer bought through Dodo, on this machine: activate one, validate it
/// at launch (with an offline grace, as Dodo advises), deactivate it to free the seat — the
/// cycle `dodo license` runs, on the same store, so the command and the app see the same
/// activations. Dodo's license endpoints are public: no API key is needed, and none is sent.
///
/// ```swift
/// let license = DodoLicense(appId: "com.example.app")
/// switch try await license.validate(graceDays: 7) {
/// case .valid, .offline: startApp()
/// case .invalid(let reason): showPurchaseScreen(reason)
/// }
/// ```
///
/// The store is one file per key under `$XDG_STATE_HOME/dodo/licenses/APP/` (or
/// `$DODO_STATE_DIR/licenses/APP/`), `0600` in a `0700` directory, written atomically. The
/// grace is advisory: the store is a file the machine's owner can edit.
public struct DodoLicense: Sendable {
  /// The application the licenses belong to (`com.example.app`).
  public let appId: String
  private let environment: [String: String]
  private let transport: any HTTPTransport
  private let baseURL: String?
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - appId: The application the licenses belong to (its own store and machine tag):
  ///     letters, digits, `.`, `_` and `-`, such as `com.example.app`.
  ///   - baseURL: Another API base URL (a local fake in tests); `nil`: the mode's, or
  ///     `$DODO_PAYMENTS_BASE_URL` when set.
  public init(appId: String, baseURL: String? = nil) {
    self.init(appId: appId, baseURL: baseURL, transport: nil, environment: Syscalls.environment())
  }

  /// A license over `transport` (`nil`: libcurl in this process), with `environment` for the
  /// directories and `now` for the clock: tests give them. Not public: the transport is the
  /// package's, not the SDK's.
  package init(
    appId: String, baseURL: String?, transport: (any HTTPTransport)?, environment: [String: String],
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.appId = appId
    self.environment = environment
    self.transport = transport ?? CurlTransport(environment: environment)
    self.baseURL = baseURL ?? environment["DODO_PAYMENTS_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    self.now = now
  }

  private func keeper(_ mode: APIMode) throws(DodoLicenseError) -> LicenseKeeper {
    if let problem = LicenseFiles.problem(withAppId: appId) { throw .invalidInput(problem) }
    let environment = environment
    let directories: DodoDirectories
    do throws(PlatformError) {
      directories = try DodoDirectories.resolve(environment: { environment[$0] }, home: environment["HOME"])
    } catch { throw .store(error.message) }
    return LicenseKeeper(
      appId: appId, directories: directories, mode: mode, transport: transport, baseURL: baseURL, now: now)
  }

  /// What `validate` found.
  public enum Validity: Sendable, Hashable {
    /// Dodo said yes.
    case valid
    /// No answer came (no connection, DNS, TLS, a timeout), within the grace that ends then.
    case offline(graceEnds: Date)
    /// Dodo said no (`invalid`, `notFound`, `inactive`, `rejected`): a license check fails closed.
    case invalid(LicenseRefusal)
  }

  /// Activates `licenseKey` on this machine and stores the activation; an activation of it
  /// stored here that still validates is returned as it is, not made again.
  /// - Parameter name: The activation's name; `nil`: the host name and a short machine tag.
  /// - Throws: `DodoLicenseError.refused` with `.notFound`, `.inactive` or `.limitReached`.
  public func activate(licenseKey: String, name: String? = nil, mode: APIMode = .test) async throws(DodoLicenseError)
    -> LicenseRecord
  {
    let (keeper, appId) = (try keeper(mode), appId)
    let outcome = try await Self.off { () throws(LicenseKeeper.Failure) in
      try keeper.activate(key: licenseKey, name: name ?? LicenseKeeper.defaultName(appId: appId))
    }
    switch outcome {
    case .activated(let record), .alreadyActive(let record): return record
    case .refused(let refusal, let said): throw .refused(refusal, dodoSays: said)
    }
  }

  /// Asks Dodo whether `licenseKey` (`nil`: the one stored activation), as activated here, is
  /// valid. Only when no answer comes at all, within `graceDays` of the last success, is it
  /// `.offline`; any answer from Dodo decides.
  /// - Throws: `DodoLicenseError.api` when no answer came outside the grace.
  public func validate(licenseKey: String? = nil, graceDays: Int? = nil) async throws(DodoLicenseError) -> Validity {
    let keeper = try keeper(.test)
    let (_, _, outcome) = try await Self.off { () throws(LicenseKeeper.Failure) in
      try keeper.validate(key: licenseKey, graceDays: graceDays)
    }
    switch outcome {
    case .valid: return .valid
    case .offline(_, let ends, _): return .offline(graceEnds: ends)
    case .invalid(let refusal, _): return .invalid(refusal)
    }
  }

  /// Frees this machine's seat of `licenseKey` (`nil`: the one stored) and forgets it.
  /// - Throws: `DodoLicenseError.refused` when Dodo knows no such instance or key (the stored
  ///   activation is removed all the same); `.api` when no answer came (it is kept).
  public func deactivate(licenseKey: String? = nil) async throws(DodoLicenseError) {
    let keeper = try keeper(.test)
    let outcome = try await Self.off { () throws(LicenseKeeper.Failure) in try keeper.deactivate(key: licenseKey) }
    if case .forgotten(_, let refusal, let said) = outcome { throw .refused(refusal, dodoSays: said) }
  }

  /// The activations stored on this machine for this app, from the store alone.
  public func stored() async throws(DodoLicenseError) -> [LicenseRecord] {
    let keeper = try keeper(.test)
    return try await Self.off { () throws(LicenseKeeper.Failure) in try keeper.stored() }
  }

  /// Runs `body` on a thread of its own (the requests block), off the cooperative pool.
  private static func off<T: Sendable>(_ body: @escaping @Sendable () throws(LicenseKeeper.Failure) -> T)
    async throws(DodoLicenseError) -> T
  {
    let outcome = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<T, LicenseKeeper.Failure>, Never>) in
      Thread { continuation.resume(returning: Result { () throws(LicenseKeeper.Failure) in try body() }) }.start()
    }
    do throws(LicenseKeeper.Failure) { return try outcome.get() } catch {
      switch error {
      case .input(let message): throw .invalidInput(message)
      case .store(let error): throw .store(error.message)
      case .api(let error): throw .api(error)
      }
    }
  }
}

/// Why a `DodoLicense` call did not give what was asked.
public enum DodoLicenseError: Error, Sendable, Hashable {
  /// Dodo refused, with its own message when it gave one.
  case refused(LicenseRefusal, dodoSays: String?)
  /// The key or the app id is not one, or no key was given and not exactly one is stored.
  case invalidInput(String)
  /// The store cannot be used (a file open to others, a link, a full disk).
  case store(String)
  /// No answer from Dodo (outside any grace), or an answer that is not one of the above.
  case api(DodoAPIError)
}
