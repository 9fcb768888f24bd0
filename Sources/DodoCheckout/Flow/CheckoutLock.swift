/// Only one checkout runs at a time: the lock that `start` takes before anything else.
///
/// A platform lock must vanish with its holder (a killed process never leaves it behind), so
/// that `ALREADY_IN_PROGRESS` always means a checkout is really running.
package protocol CheckoutLock: AnyObject {
  /// Takes the lock without waiting: `false` when another checkout holds it.
  func tryAcquire() throws(CheckoutError) -> Bool
  /// Gives the lock up; safe to call when it is not held.
  func release()
}
