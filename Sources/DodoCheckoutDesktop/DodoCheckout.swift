import DodoCheckout
import Foundation

/// The Dodo Payments hosted checkout on the desktop, with the iOS SDK's four calls, and
/// `confirm(_:checkoutUrl:apiKey:mode:)`, which asks Dodo's API what really happened.
///
/// The checkout opens in the system browser (`$DODO_BROWSER`, then `$BROWSER`, then
/// `xdg-open` on Linux or `open` on macOS). The return comes back either to a loopback return
/// URL (`http://127.0.0.1:PORT/…`, `http://[::1]:PORT/…`, `http://localhost:PORT/…`) that the
/// checkout serves itself while it runs, or to a custom-scheme return URL that the system hands
/// to your app, which forwards it with `handleOpenURL(_:)`, or to `dodo handle-url`.
///
/// It shares its files with the `dodo` command: one checkout at a time across both (the lock
/// in the runtime directory), and the same abandoned-session record, so `dodo abandoned show`
/// sees a record written by an app and the other way round.
public enum DodoCheckout {
  /// Opens a hosted checkout in the browser, waits for it to return, and gives its result.
  ///
  /// Safe to call from the main actor: the wait runs on a thread of its own. Cancelling the
  /// calling task ends the checkout as `cancelled` and keeps the abandoned-session record (the
  /// customer may still pay in the browser); a task cancelled before the call opens nothing.
  ///
  /// - Parameters:
  ///   - checkoutUrl: The `checkout_url` of the checkout session your backend created.
  ///   - returnUrl: Where the checkout returns; matched on scheme, host and path.
  ///   - customization: Passed to the browser command as `DODO_*` environment variables.
  ///   - onEvent: Receives `.opened`, `.returnReceived` and `.closed`, on the checkout's own
  ///     thread; for logging only, never to decide the outcome.
  /// - Returns: The result read from the return URL's query, or `cancelled` when the customer
  ///   left or the task was cancelled.
  /// - Throws: `CheckoutError` for misuse or a platform failure only: `invalidCheckoutUrl`,
  ///   `invalidReturnUrl`, `alreadyInProgress` (another checkout runs, in this process or in
  ///   another), or `platformError` (the browser, the lock, the record or the return channel
  ///   failed).
  public static func start(
    checkoutUrl: URL, returnUrl: URL, customization: BrowserCustomization = BrowserCustomization(),
    onEvent: @escaping @Sendable (CheckoutEvent) -> Void = { _ in }
  ) async throws(CheckoutError) -> CheckoutResult {
    try await DesktopCheckout().start(
      checkoutURL: checkoutUrl.absoluteString, returnURL: returnUrl.absoluteString, customization: customization,
      onEvent: onEvent)
  }

  /// Hands a URL that the system opened your app with to the checkout in progress.
  ///
  /// Forward every URL: only one that matches the running checkout's return URL is taken. The
  /// checkout may run in this process or in a `dodo start`; the URL goes over the same private
  /// return channel that `dodo handle-url` uses, and the call waits (briefly) for the answer.
  /// Not from `onEvent`: the checkout answers on the thread that runs `onEvent`, so the answer
  /// would come only after the wait gave up (`false`, after 10 seconds).
  ///
  /// - Parameter url: The URL the system opened the app with.
  /// - Returns: `true` when a running checkout took the URL as its return; `false` for any other
  ///   URL, or when no checkout runs (handle that URL yourself).
  @discardableResult
  public static func handleOpenURL(_ url: URL) -> Bool {
    DesktopCheckout().handleOpenURL(url.absoluteString)
  }

  /// The checkout session that was presented but has no final outcome yet, if any.
  ///
  /// It stays recorded when the checkout ended `cancelled` or `pending`, or when the program
  /// died during a checkout. Ask your backend for the session's outcome.
  ///
  /// - Returns: The record, or `nil` when there is none or it cannot be read.
  public static func getAbandonedSession() -> AbandonedSession? {
    try? DesktopCheckout().abandonedSessionStore()?.load()
  }

  /// Removes the abandoned-session record; call it once the session's outcome is final.
  public static func clearAbandonedSession() {
    try? DesktopCheckout().abandonedSessionStore()?.clear()
  }
}
