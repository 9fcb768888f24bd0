import DodoAccount
import DodoNetwork
import DodoPlatform
import Foundation
import Testing

/// A clock whose time moves only when it is slept on, shared by the threads that send.
final class VirtualClock: PacingClock, @unchecked Sendable {
  /// Each thread's own time: a thread's clock moves only when that thread waits, so what a
  /// thread records is the moment it was given, whatever the other threads do meanwhile (one
  /// shared time would move by the sum of every thread's waits, and the test would race).
  private let lock = NSLock()
  private var times: [ObjectIdentifier: Double] = [:]

  func now() -> Double {
    lock.lock()
    defer { lock.unlock() }
    return times[ObjectIdentifier(Thread.current)] ?? 0
  }

  func sleep(seconds: Double) {
    lock.lock()
    times[ObjectIdentifier(Thread.current), default: 0] += max(0, seconds)
    lock.unlock()
  }
}

/// Records when (on the virtual clock) each request was sent.
final class TimedTransport: HTTPTransport, @unchecked Sendable {
  let clock: VirtualClock
  private let lock = NSLock()
  private(set) var times: [Double] = []

  init(clock: VirtualClock) { self.clock = clock }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    lock.lock()
    times.append(clock.now())
    lock.unlock()
    return HTTPResponse(status: 200, body: Array(#"{"payment_id":"pay_x","status":"succeeded"}"#.utf8))
  }
}

@Suite struct PacingTests {
  @Test func neverMoreThanTheRatePerSecondFromManyThreads() {
    let clock = VirtualClock()
    let base = TimedTransport(clock: clock)
    let paced = PacedTransport(base, rate: 5, clock: clock)
    Syscalls.runConcurrently(4) { worker in
      for index in 0..<5 {
        _ = try? paced.send(HTTPRequest(method: .get, url: "https://x/payments/pay_\(worker)_\(index)"))
      }
    }
    let times = base.times.sorted()
    #expect(times.count == 20)
    // In any one-second window, at most 5 requests start.
    for (index, start) in times.enumerated() {
      #expect(times[index...].prefix { $0 < start + 1 - 1e-9 }.count <= 5, "at \(start): \(times)")
    }
    // 20 requests at 5 per second: the last five go out when the third five are a second old.
    #expect(times.last.map { $0 >= 3 - 1e-9 } == true)
  }
}

extension PacingTests {
  /// `--rate 5`: five requests at once, the next five when the first are a second old.
  @Test func theBudgetGoesOutAsABurst() {
    let clock = VirtualClock()
    let base = TimedTransport(clock: clock)
    let paced = PacedTransport(base, rate: 5, clock: clock)
    for index in 0..<12 { _ = try? paced.send(HTTPRequest(method: .get, url: "https://x/payments/pay_\(index)")) }
    #expect(base.times == [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2])
  }

  /// A rate below one: one request each 1/rate seconds.
  @Test func aRateBelowOneSpacesSingleRequests() {
    let clock = VirtualClock()
    let base = TimedTransport(clock: clock)
    let paced = PacedTransport(base, rate: 0.5, clock: clock)
    for index in 0..<3 { _ = try? paced.send(HTTPRequest(method: .get, url: "https://x/payments/pay_\(index)")) }
    #expect(base.times == [0, 2, 4])
  }
}
