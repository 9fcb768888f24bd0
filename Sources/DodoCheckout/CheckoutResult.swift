import DodoBytes

/// One query parameter of a return URL, name and value percent-decoded.
public struct QueryParameter: Sendable, Hashable {
  /// The parameter's name, decoded.
  public var name: String
  /// Its value, decoded; `""` for a parameter without `=`.
  public var value: String

  /// A parameter with this name and value.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// What a checkout came back with, read off the return URL as the iOS SDK reads it.
public struct CheckoutResult: Sendable, Hashable {
  /// What the checkout says happened; only `succeeded` confirmed by the backend grants anything.
  public var status: CheckoutStatus
  /// `payment_id`; show it, but grant nothing on it before the backend confirms the payment.
  public var paymentId: String?
  /// `subscription_id`, for subscription checkouts.
  public var subscriptionId: String?
  /// Every non-empty `license_key`, in order; `nil` when there is none.
  public var licenseKeys: [String]?
  /// `email`, when the checkout captured one.
  public var customerEmail: String?
  /// Every query parameter in the order its name first appears; a repeated name keeps its
  /// last value. `raw` is the same as a dictionary; the order is kept for output.
  public var parameters: [QueryParameter]
  /// Why a `cancelled` checkout ended, for `dodo start` to report; `nil` for any other
  /// status and for a result read off a URL. Not part of the SDK's result, so the library
  /// product drops it (see `DodoCheckout.start`).
  package var cancellationReason: CancellationReason?

  /// A result with these fields, as a test double or a result read elsewhere.
  public init(
    status: CheckoutStatus, paymentId: String? = nil, subscriptionId: String? = nil,
    licenseKeys: [String]? = nil, customerEmail: String? = nil, parameters: [QueryParameter] = []
  ) {
    self.status = status
    self.paymentId = paymentId
    self.subscriptionId = subscriptionId
    self.licenseKeys = licenseKeys
    self.customerEmail = customerEmail
    self.parameters = parameters
  }

  /// Every query parameter, name to value, as the iOS SDK's `raw`.
  public var raw: [String: String] {
    Dictionary(parameters.lazy.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// The `status` parameter as given, `nil` when the URL has none.
  package var rawStatus: String? {
    parameters.first { $0.name == "status" }?.value
  }

  /// The result of a checkout the customer left before it came back.
  public static let cancelled = CheckoutResult(status: .cancelled)

  /// The result of a checkout that ended before it came back, and why.
  package static func cancelled(_ reason: CancellationReason) -> CheckoutResult {
    var result = CheckoutResult.cancelled
    result.cancellationReason = reason
    return result
  }
}

/// Why a checkout ended as `cancelled` before its return arrived; the outcome is unknown
/// either way (exit 11), but a script retries a timeout differently from a user's Ctrl-C.
package enum CancellationReason: String, Sendable, Hashable {
  /// The wait's deadline (`--timeout`) passed.
  case timeout
  /// A signal (Ctrl-C, `SIGTERM`, `SIGHUP`) or the calling task's cancellation ended it.
  case interrupted
  /// The window the checkout was presented in was closed.
  case browserClosed = "browser_closed"
  /// The customer went back from Dodo's page: a return through the session's cancel URL
  /// (`ReturnCancel`), which only says the customer left.
  case customer
}

extension CheckoutResult {
  /// Reads the result off a whole return URL (its query; the fragment is ignored).
  package init(returnURL url: String) throws(CheckoutError) {
    var url = url
    self = try url.withBytes { bytes throws(CheckoutError) in try ReturnQuery(returnURL: bytes).result }
  }

  /// Reads the result off a bare query string (`status=…&…`, with or without a leading `?`).
  package init(query: String) throws(CheckoutError) {
    var query = query
    let read = query.withBytes { bytes in
      Result { () throws(CheckoutError) in try ReturnQuery.withQuery(bytes) { $0.result } }
    }
    self = try read.get()
  }
}

extension CheckoutResult {
  /// The result without the parameters called `names`: how `dodo start` prints a result
  /// whose return URL has parameters of its own (a `state`), whose values are the run's secret.
  package func withoutParameters(named names: Set<String>) -> CheckoutResult {
    guard !names.isEmpty else { return self }
    var shown = self
    shown.parameters.removeAll { names.contains($0.name) }
    return shown
  }
}
