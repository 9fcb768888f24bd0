import DodoCheckout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A checkout on this machine, wired the one way that both `DodoCheckout.start` and
/// `dodo start` run it: the private state and runtime directories, the one-at-a-time lock in
/// both, the abandoned-session record in the state directory, and the return channel's server
/// in the runtime directory, all driven by the core's `CheckoutFlow`.
///
/// What differs between the two is passed in: how the checkout is shown (a browser, or a URL
/// printed for the user), what the server is wrapped in, whether it takes the process's
/// signals, and where events, warnings and the result go.
package final class LocalCheckout {
  /// The return channel's server, for the presenter (a browser launcher watches its process
  /// through it) and for a channel that wraps it.
  package let server: ReturnChannelServer
  private let state: PrivateDirectory
  private let runtime: PrivateDirectory

  /// Prepares the directories (created `0700` where missing, and checked) and the server,
  /// which listens only once the checkout runs and holds the lock.
  package init(directories: DodoDirectories, handlesSignals: Bool) throws(PlatformError) {
    runtime = try directories.prepareRuntime()
    state = try directories.prepareState()
    server = ReturnChannelServer(runtimeDirectory: runtime.path, handlesSignals: handlesSignals)
  }

  /// Runs the checkout to its end on the calling thread, which blocks in `poll(2)` meanwhile.
  ///
  /// - Parameters:
  ///   - checkoutURL, returnURL: Validated by the caller before anything was touched.
  ///   - channel: What the flow waits on: `server` itself, or a wrapper of it.
  ///   - timeout: How long to wait for the return before the checkout ends as cancelled.
  ///   - now: When the checkout starts (its abandoned session's `createdAt`).
  ///   - beforeWaiting: Runs once, just before the first wait (see `CheckoutDriver`).
  ///   - deliver: Hands the result to its reader before the record that would recover it goes;
  ///     returns what the backend said about it, when the reader asked (see `CheckoutDriver`).
  package func run(
    checkoutURL: CheckoutURL, returnURL: ReturnURL, customization: BrowserCustomization,
    presenter: any CheckoutPresenter, channel: (any ReturnChannel)? = nil, timeout: Duration? = nil,
    now: Date = Date(),
    onEvent: @escaping (CheckoutEvent, CancellationReason?) -> Void = { _, _ in },
    beforeWaiting: @escaping () -> Void = {},
    onWarning: @escaping (CheckoutError) -> Void = { _ in },
    deliver: @escaping (CheckoutFlow.Delivery) throws(CheckoutError) -> CheckoutFlow.BackendCheck? = { _ in nil }
  ) throws(CheckoutError) -> CheckoutResult {
    let store = AbandonedSessionFile(stateDirectory: state)
    // Its record stays; it stops being the running checkout's own.
    defer { store.release() }
    let driver = CheckoutDriver(
      lock: CheckoutFileLock(stateDirectory: state, runtimeDirectory: runtime),
      store: store,
      presenter: presenter, channel: channel ?? server, timeout: timeout, onEvent: onEvent,
      beforeWaiting: beforeWaiting, onWarning: onWarning,
      deliver: deliver)
    return try driver.run(
      CheckoutFlow(checkoutURL: checkoutURL, returnURL: returnURL, customization: customization), now: now)
  }
}
