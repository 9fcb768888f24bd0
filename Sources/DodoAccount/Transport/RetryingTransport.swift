/// Retries what is safe to retry: a GET answered 429 (rate limited) or 5xx, at most
/// `maxAttempts` tries in all, waiting as `Retry-After` says (when it asks for at most
/// `maximumRetryAfter` seconds) or else with a doubling backoff. A POST is never retried:
/// `POST /checkouts` twice would create two sessions. A transport error (no answer) is
/// not retried either: a timeout already took its whole time. The waits of one request add
/// up to at most its own time limit (`--api-timeout`): a `Retry-After` past what is left
/// returns the last answer at once, and a backoff is cut to what is left.
///
/// Pure: the waiting is `sleep`, which tests replace.
public struct RetryingTransport: HTTPTransport {
  public let base: any HTTPTransport
  public let maxAttempts: Int
  /// The first backoff, in seconds; each later one doubles it.
  public let initialBackoff: Double
  /// A longer `Retry-After` is not waited for: the last answer is returned instead.
  public let maximumRetryAfter: Double
  public let sleep: @Sendable (Double) -> Void

  public init(
    _ base: any HTTPTransport, maxAttempts: Int = 3, initialBackoff: Double = 0.5, maximumRetryAfter: Double = 60,
    sleep: @escaping @Sendable (Double) -> Void
  ) {
    self.base = base
    self.maxAttempts = max(1, maxAttempts)
    self.initialBackoff = initialBackoff
    self.maximumRetryAfter = maximumRetryAfter
    self.sleep = sleep
  }

  public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    var attempt = 1
    var waited = 0.0
    while true {
      let response = try base.send(request)
      let left = request.timeout - waited
      guard request.method == .get, Self.isRetryable(response.status), attempt < maxAttempts, left > 0,
        let delay = delay(after: response, attempt: attempt),
        Self.retryAfter(response).map({ $0 <= left }) ?? true
      else { return response }
      let wait = min(delay, left)
      sleep(wait)
      waited += wait
      attempt += 1
    }
  }

  /// 429 and every 5xx.
  public static func isRetryable(_ status: Int) -> Bool { status == 429 || (500...599).contains(status) }

  /// How long to wait before try `attempt + 1`; `nil` when the server asks for longer than
  /// `maximumRetryAfter`.
  func delay(after response: HTTPResponse, attempt: Int) -> Double? {
    let backoff = initialBackoff * Double(1 << min(attempt - 1, 10))
    guard let seconds = Self.retryAfter(response) else { return backoff }
    if seconds > maximumRetryAfter { return nil }
    return seconds
  }

  /// The seconds an answer's `Retry-After` asks for; `nil` without one. Seconds (RFC 9110:
  /// an integer; a decimal is read too); an HTTP date is not parsed: a backoff stands in.
  public static func retryAfter(_ response: HTTPResponse) -> Double? {
    guard let header = response.header("Retry-After")?.trimmingSpaces, let seconds = Double(header),
      seconds.isFinite
    else { return nil }
    return max(0, seconds)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
