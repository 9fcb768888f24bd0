/// One line of `dodo doctor`'s checklist: what was checked, how it came out, and for a
/// problem, how to fix it.
///
/// The texts may hold what came from outside (paths, desktop entry names, `Exec` lines):
/// whoever prints them escapes them.
package struct DoctorFinding: Sendable, Hashable {
  package enum Outcome: String, Sendable, Hashable {
    /// As it should be.
    case ok
    /// Something to fix: `dodo doctor` exits 1.
    case problem
    /// Worth knowing, nothing to fix.
    case note
  }

  /// A stable name for scripts: `path`, `node-cli`, `config`, `state-directory`, …
  package var check: String
  package var outcome: Outcome
  package var message: String
  /// For a problem (and some notes): what to do about it.
  package var fix: String?

  package init(_ check: String, _ outcome: Outcome, _ message: String, fix: String? = nil) {
    self.check = check
    self.outcome = outcome
    self.message = message
    self.fix = fix
  }
}
