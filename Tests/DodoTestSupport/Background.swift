import Foundation

/// A value set by a background thread and read once it is done.
package final class Outcome<Value>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: Value?

  package init() {}

  package func set(_ value: Value) {
    self.value = value
    done.signal()
  }

  package func wait() -> Value? {
    _ = done.wait(timeout: .now() + 10)
    return value
  }

  /// Whether the value is set, without waiting.
  package var isDone: Bool {
    guard done.wait(timeout: .now()) == .success else { return false }
    done.signal()
    return true
  }
}

/// Runs `body` on a background thread.
package func inBackground<Value>(_ body: @escaping @Sendable () -> Value) -> Outcome<Value> {
  let outcome = Outcome<Value>()
  DispatchQueue.global().async { outcome.set(body()) }
  return outcome
}
