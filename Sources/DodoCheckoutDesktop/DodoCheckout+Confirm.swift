import DodoAccount
import DodoCheckout
import DodoCurl
import DodoPlatform
import Foundation

extension DodoCheckout {
  /// Asks Dodo Payments what really happened to a checkout, as `dodo start --confirm` does.
  ///
  /// A `CheckoutResult` is read off the return URL, which anyone can forge. This asks Dodo's
  /// API: `GET /checkouts/{session}` for the session in `checkoutUrl`, then the payment **that
  /// the session names** (never an ID from the return URL), then its subscription when the
  /// payment belongs to one (each subscription, for a payment of several). The report's
  /// `verdict` is `.confirmed` when Dodo's status is `result`'s and settled, `.mismatch` when
  /// Dodo says otherwise or `result` names another payment or subscription than the session's
  /// (`reason` names both sides), and `.unconfirmed` when Dodo has no outcome yet (no payment on the session),
  /// does not know the session (404), or cannot answer for it now (5xx or 429 after retries,
  /// a timeout). A `cancelled` result claims nothing: Dodo's settled status confirms it.
  ///
  /// Run it on your backend where you can: an API key in a desktop app can be read by its
  /// users. Requests go over HTTPS through libcurl in this process (certificate verification
  /// on; `$SSL_CERT_FILE` trusted in addition when set); GETs are retried on 429 and 5xx.
  ///
  /// - Parameters:
  ///   - result: What `start(checkoutUrl:returnUrl:)` returned.
  ///   - checkoutUrl: The checkout URL the result came from (its path names the session).
  ///   - apiKey: A secret API key of `mode`.
  ///   - mode: `.test` (the default) or `.live`.
  ///   - baseURL: Another API base URL (a local fake in tests); `nil`: the mode's.
  /// - Returns: Dodo's confirmation (`nil` when it named no payment), the verdict and its reason.
  /// - Throws: `DodoAPIError` only when Dodo refused the key (401, 403), TLS failed, or no
  ///   answer came at all; its `httpStatus` is the status Dodo answered with, if any.
  public static func confirm(
    _ result: CheckoutResult, checkoutUrl: URL, apiKey: String, mode: APIMode = .test, baseURL: String? = nil
  ) async throws(DodoAPIError) -> ConfirmationReport {
    try await confirm(result, checkoutUrl: checkoutUrl, apiKey: apiKey, mode: mode, baseURL: baseURL, transport: nil)
  }

  /// `confirm` over `transport` (`nil`: libcurl in this process): tests give Dodo's API in
  /// memory. Not public: the transport is the package's, not the SDK's.
  package static func confirm(
    _ result: CheckoutResult, checkoutUrl: URL, apiKey: String, mode: APIMode = .test, baseURL: String? = nil,
    transport: (any HTTPTransport)?
  ) async throws(DodoAPIError) -> ConfirmationReport {
    let base =
      transport
      ?? RetryingTransport(
        CurlTransport(environment: ProcessInfo.processInfo.environment), sleep: { Thread.sleep(forTimeInterval: $0) })
    let api = DodoAPI(transport: base, apiKey: apiKey, mode: mode, baseURL: baseURL)
    let sessionId = try? CheckoutURL(checkoutUrl.absoluteString).sessionId
    // The requests block: a thread of their own keeps them off the cooperative pool.
    let outcome = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<ConfirmationReport, DodoAPIError>, Never>) in
      Thread {
        continuation.resume(
          returning: Result { () throws(DodoAPIError) in
            try Confirmer(api: api).confirm(result, sessionId: sessionId)
          })
      }.start()
    }
    return try outcome.get()
  }
}
