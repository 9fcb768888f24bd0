import DodoAccount
import DodoPlatform

/// Asking Dodo the same question again until the answer is final or the wait runs out, as
/// `start --confirm` does (and `start --poll`, with the same rules): an ask every `interval`
/// seconds, a `Retry-After` honoured, for up to `wait` seconds after the first ask.
///
/// The time spent is the clock's, and never less than the waits themselves, so a clock whose
/// waits return at once (a test's) still ends after `wait / interval` asks.
package struct Polling: Sendable {
  /// What an answer says about asking again.
  package enum Next: Sendable, Hashable {
    /// The answer is final, or asking again cannot change it.
    case done
    /// Ask again, not sooner than `retryAfter` seconds when Dodo said so.
    case again(retryAfter: Double?)
  }

  /// The default of `--confirm-wait`, in seconds.
  package static let defaultWait = 30.0
  /// Seconds between asks.
  package static let defaultInterval = 2.0

  /// Seconds to keep asking after the first ask; 0 asks once.
  package var wait: Double
  package var interval: Double
  /// One request's time limit (`--api-timeout`): Dodo asking to wait longer ends the asking.
  package var requestTimeout: Double
  package var clock: any PacingClock

  package init(
    wait: Double = Polling.defaultWait, interval: Double = Polling.defaultInterval, requestTimeout: Double,
    clock: any PacingClock = SystemPacingClock()
  ) {
    self.wait = wait
    self.interval = interval
    self.requestTimeout = requestTimeout
    self.clock = clock
  }

  /// The last answer of `ask`: the first that `next` calls `.done`, else the one the wait
  /// (or a `Retry-After` longer than a request may last, or than the wait has left, or
  /// `interrupted` turning true after a pause: Ctrl-C) ended on.
  package func run<Answer>(
    _ ask: () -> Answer, next: (Answer) -> Next, interrupted: () -> Bool = { false }
  ) -> Answer {
    let start = clock.now()
    var waited = 0.0
    while true {
      let asked = clock.now()
      let answer = ask()
      guard case .again(let retryAfter) = next(answer) else { return answer }
      var pause = max(0, interval - (clock.now() - asked))
      if let retryAfter {
        guard retryAfter <= requestTimeout else { return answer }
        pause = max(pause, retryAfter)
      }
      guard max(clock.now() - start, waited) + pause <= wait else { return answer }
      clock.sleep(seconds: pause)
      waited += pause
      if interrupted() { return answer }
    }
  }
}
