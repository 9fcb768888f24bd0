import DodoCheckout
import DodoPlatform
import Foundation

/// What `DodoCheckout`'s calls run on: the core's `CheckoutFlow` and `CheckoutDriver` with the
/// platform's lock, record file, return channel and browser launcher, as `dodo start` does.
///
/// The environment and the presenter are parameters so that tests can point the directories
/// at temporary ones and "navigate" without a browser.
struct DesktopCheckout: Sendable {
  /// `NAME` → value: the directories (`DODO_STATE_DIR`, `DODO_RUNTIME_DIR`, XDG, `HOME`) and
  /// the browser command (`DODO_BROWSER`, `BROWSER`) come from here.
  var environment: [String: String]
  /// Makes the presenter for a checkout; `nil`: the browser command from `environment`.
  var presenter: (@Sendable (ReturnChannelServer) -> any CheckoutPresenter)?

  init(
    environment: [String: String] = Syscalls.environment(),
    presenter: (@Sendable (ReturnChannelServer) -> any CheckoutPresenter)? = nil
  ) {
    self.environment = environment
    self.presenter = presenter
  }

  /// The browser command, chosen as `dodo start` chooses it without `--browser` and a profile.
  var browserCommand: String { configuredBrowser ?? BrowserLauncher.systemDefault }

  /// `DODO_BROWSER`, else `BROWSER`; `nil` when neither is set.
  private var configuredBrowser: String? {
    let set = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    return set("DODO_BROWSER") ?? set("BROWSER")
  }

  /// What a program's user reads when the platform's opener cannot start: the variables that
  /// set another browser command.
  static let browserHint = "no browser command is set: set DODO_BROWSER (or BROWSER) to one, such as firefox"

  /// The launcher for `browserCommand`.
  func browserLauncher(_ server: ReturnChannelServer) -> BrowserLauncher {
    BrowserLauncher(
      command: browserCommand, server: server, environment: environment,
      settingHint: configuredBrowser == nil ? Self.browserHint : nil)
  }

  func directories() throws(PlatformError) -> DodoDirectories {
    try DodoDirectories.resolve(environment: { environment[$0] }, home: environment["HOME"])
  }

  func start(
    checkoutURL: String, returnURL: String, customization: BrowserCustomization,
    onEvent: @escaping @Sendable (CheckoutEvent) -> Void
  ) async throws(CheckoutError) -> CheckoutResult {
    // Both URLs are read once, before any directory is touched, as `dodo start` does.
    let checkoutURL = try CheckoutURL(checkoutURL)
    let returnURL = try ReturnURL.forCheckout(returnURL)
    if Task.isCancelled { return .cancelled }
    let checkout: LocalCheckout
    do throws(PlatformError) {
      checkout = try LocalCheckout(directories: try directories(), handlesSignals: false)
    } catch {
      throw error.checkoutError
    }
    let server = checkout.server
    let channel = CancellableChannel(server)
    let presenter =
      presenter?(server) ?? browserLauncher(server)
    let handOver = HandOver {
      Result { () throws(CheckoutError) in
        try checkout.run(
          checkoutURL: checkoutURL, returnURL: returnURL, customization: customization, presenter: presenter,
          channel: channel,
          onEvent: { event, _ in onEvent(event) })
      }
    }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<CheckoutResult, CheckoutError>, Never>) in
        // The driver blocks in poll(2) until the checkout ends: a thread of its own keeps
        // that off the main actor and off the cooperative pool.
        Thread { continuation.resume(returning: handOver.run()) }.start()
      }
    } onCancel: {
      channel.cancel()
    }
    // The SDK's result says nothing of why a checkout was cancelled: neither does this one.
    var result = try outcome.get()
    result.cancellationReason = nil
    return result
  }

  func handleOpenURL(_ url: String) -> Bool {
    guard let directories = try? directories() else { return false }
    return (try? ReturnChannelClient.send(url, runtimeDirectory: directories.runtime)) == .claimed
  }

  /// The record's store; `nil` when there is no state directory (and so no record). The
  /// directory is only checked, not created.
  func abandonedSessionStore() throws(CheckoutError) -> AbandonedSessionFile? {
    do throws(PlatformError) {
      let directories = try directories()
      return try directories.existingState().map(AbandonedSessionFile.init(stateDirectory:))
    } catch {
      throw error.checkoutError
    }
  }
}

/// The checkout's run, moved to the checkout's thread and used only there.
private struct HandOver: @unchecked Sendable {
  let run: () -> Result<CheckoutResult, CheckoutError>
}

/// The server as the driver's return channel, plus a `cancel()` that the cancelling task may
/// call at any moment: before the server is open it is remembered and done once it is, after
/// it is closed it does nothing. (`lock()`/`unlock()`, not `withLock`, which needs macOS 14.)
final class CancellableChannel: ReturnChannel, @unchecked Sendable {
  private let server: ReturnChannelServer
  private let lock = NSLock()
  private var isOpen = false
  private var cancelRequested = false

  init(_ server: ReturnChannelServer) { self.server = server }

  func open(for returnURL: ReturnURL) throws(CheckoutError) {
    try server.open(for: returnURL)
    lock.lock()
    defer { lock.unlock() }
    isOpen = true
    if cancelRequested { server.cancel() }
  }

  func next(until deadline: ContinuousClock.Instant?) throws(CheckoutError) -> ReturnChannelEvent {
    try server.next(until: deadline)
  }

  func answer(_ id: IncomingURL.ID, claimed: Bool) -> Bool { server.answer(id, claimed: claimed) }

  func close() {
    lock.lock()
    isOpen = false
    lock.unlock()
    server.close()
  }

  func cancel() {
    lock.lock()
    defer { lock.unlock() }
    cancelRequested = true
    if isOpen { server.cancel() }
  }
}
