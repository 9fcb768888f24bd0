import DodoAccount
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Time as the pacing sees it: seconds on a monotonic clock, and a way to wait. Tests pass
/// one whose time moves only when it is waited on.
protocol PacingClock: Sendable {
  func now() -> Double
  func sleep(seconds: Double)
}

/// The real clock (`ContinuousClock`), and the context's way to wait (a test's does not).
struct SystemPacingClock: PacingClock {
  private let start = ContinuousClock.now
  let wait: @Sendable (Double) -> Void

  init(wait: @escaping @Sendable (Double) -> Void = { Syscalls.sleep($0) }) { self.wait = wait }

  func now() -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  func sleep(seconds: Double) { wait(seconds) }
}

/// Sends at most `rate` requests per second, however many threads send: each request gets
/// the next slot, `1/rate` seconds after the one before, and waits for it.
final class PacedTransport: HTTPTransport, @unchecked Sendable {
  let base: any HTTPTransport
  let interval: Double
  let clock: any PacingClock
  private let lock = SystemLock()
  private var nextSlot: Double?

  init(_ base: any HTTPTransport, rate: Double, clock: any PacingClock = SystemPacingClock()) {
    self.base = base
    interval = 1 / rate
    self.clock = clock
  }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
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
