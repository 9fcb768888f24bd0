/// Where the abandoned-session record lives between a checkout and the next launch.
///
/// Saving must be atomic: a reader sees the old record, the new one, or none, never a torn one.
package protocol AbandonedSessionStore: AnyObject {
  /// Replaces the record with `session`.
  func save(_ session: AbandonedSession) throws(CheckoutError)
  /// The record, `nil` when there is none; a record that cannot be read is an error.
  func load() throws(CheckoutError) -> AbandonedSession?
  /// Removes the record; no error when there is none, and it works on a corrupt record too.
  func clear() throws(CheckoutError)
}
