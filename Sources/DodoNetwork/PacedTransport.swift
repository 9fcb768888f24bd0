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

/// Sends at most `rate` requests per second, however many threads send: each request gets
/// the next slot, `1/rate` seconds after the one before, and waits for it.
package final class PacedTransport: HTTPTransport, @unchecked Sendable {
  package let base: any HTTPTransport
  package let interval: Double
  package let clock: any PacingClock
  private let lock = SystemLock()
  private var nextSlot: Double?

  package init(_ base: any HTTPTransport, rate: Double, clock: any PacingClock = SystemPacingClock()) {
    self.base = base
    interval = 1 / rate
    self.clock = clock
  }

  package func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let slot = lock.withLock {
      let now = clock.now()
      let slot = max(now, nextSlot ?? now)
      nextSlot = slot + interval
      return slot
    }
    let wait = slot - clock.now()
    if wait > 0 { clock.sleep(seconds: wait) }
    return try base.send(request)
  }
}
