import DodoCheckout

/// The abandoned-session record as `dodo abandoned` sees it: in the state directory when
/// there is one (it is never created: an absent one holds no record and no running
/// checkout's lock), beside the lock of any checkout running now.
package struct AbandonedRecord: Sendable {
  /// The recorded session; `nil` when there is none.
  package var session: AbandonedSession?
  /// Whether the record is the running checkout's own: not one a previous checkout left,
  /// still there while a new start has taken the lock but not yet saved its own.
  package var inProgress: Bool
  /// Whether a checkout is running now (it holds the lock), whether or not the record is its own.
  package var checkoutRunning: Bool

  /// The record of `directories`' state directory.
  package static func look(in directories: DodoDirectories) throws(CheckoutError) -> AbandonedRecord {
    let state = try existingState(directories)
    let owned = try state.flatMap { (state) throws(CheckoutError) in
      try AbandonedSessionFile(stateDirectory: state).loadOwned()
    }
    let inProgress = owned?.isRunningCheckouts ?? false
    return AbandonedRecord(
      session: owned?.session, inProgress: inProgress, checkoutRunning: inProgress ? true : try isRunning(state))
  }

  /// Removes the record, and says whether there was one. While a checkout runs the record
  /// is its own: refused (`ALREADY_IN_PROGRESS`) unless `force`.
  package static func clear(in directories: DodoDirectories, force: Bool) throws(CheckoutError) -> Bool {
    let state = try existingState(directories)
    if !force, try isRunning(state) {
      throw CheckoutError(
        .alreadyInProgress,
        "a checkout is running now and the record is its own; 'dodo abandoned clear --force' clears it anyway")
    }
    return try state.map { (state) throws(CheckoutError) in try AbandonedSessionFile(stateDirectory: state).remove() }
      ?? false
  }

  /// The state directory, checked, when it exists.
  package static func existingState(_ directories: DodoDirectories) throws(CheckoutError) -> PrivateDirectory? {
    do throws(PlatformError) { return try directories.existingState() } catch { throw error.checkoutError }
  }

  /// Whether a `start` holds the lock beside the record; no state directory means none does.
  package static func isRunning(_ state: PrivateDirectory?) throws(CheckoutError) -> Bool {
    guard let state else { return false }
    do throws(PlatformError) { return try CheckoutFileLock.isHeld(stateDirectory: state) } catch {
      throw error.checkoutError
    }
  }
}
