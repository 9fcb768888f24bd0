import DodoAccount
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Time as the pacing sees it: seconds on a monotonic clock, and a way to wait. Tests pass
/// one whose time moves only when it is waited on.
package protocol PacingClock: Sendable {
  func now() -> Double
  func sleep(seconds: Double)
}

/// The real clock (`ContinuousClock`), and the context's way to wait (a test's does not).
package struct SystemPacingClock: PacingClock {
  private let start = ContinuousClock.now
  let wait: @Sendable (Double) -> Void

  package init(wait: @escaping @Sendable (Double) -> Void = { Syscalls.sleep($0) }) { self.wait = wait }

  package func now() -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  package func sleep(seconds: Double) { wait(seconds) }
}

/// Sends at most `rate` requests per second, however many threads send, as a budget that may
/// go out at once: `--rate 5` lets 5 requests go together, and the 6th when the first of them
/// is a second old. So a batch within the budget is not held back at all (a request every
/// `1/rate` s would cap 300 requests at `--rate 1000` to 0.3 s), and no second-long window
/// ever holds more than `rate` of them. A rate below 1 allows one request per `1/rate` s.
package final class PacedTransport: HTTPTransport, @unchecked Sendable {
  package let base: any HTTPTransport
  /// Requests that may go out together.
  package let burst: Int
  /// How long each one holds its place in the budget.
  package let window: Double
  package let clock: any PacingClock
  private let lock = SystemLock()
  /// When each of the last `burst` requests went (or will go) out, oldest first.
  private var sent: [Double] = []

  package init(_ base: any HTTPTransport, rate: Double, clock: any PacingClock = SystemPacingClock()) {
    self.base = base
    burst = max(1, Int(rate.rounded(.down)))
    window = Double(burst) / rate
    self.clock = clock
  }

  package func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let slot = lock.withLock {
      let now = clock.now()
      var slot = now
      if sent.count == burst { slot = max(now, sent.removeFirst() + window) }
      sent.append(slot)
      return slot
    }
    let wait = slot - clock.now()
    if wait > 0 { clock.sleep(seconds: wait) }
    return try base.send(request)
  }
}
