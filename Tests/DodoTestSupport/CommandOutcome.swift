import Testing

/// How a command ended and what it printed: a run in-process with its streams in memory, or a
/// subprocess (`ProcessOutput`).
package protocol CommandOutcome {
  var status: Int32 { get }
  var stdout: String { get }
  var stderr: String { get }
}

extension ProcessOutput: CommandOutcome {}

/// Expects a command to have ended with `status` after printing exactly `stdout` and `stderr`
/// (as swift-argument-parser's `AssertExecuteCommand`). On a mismatch, one issue names what
/// differs: the status, and for each stream its first differing line and a line diff.
package func expectOutcome(
  _ outcome: some CommandOutcome, status: Int32 = 0, stdout: String = "", stderr: String = "",
  _ comment: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
  var problems: [String] = []
  if outcome.status != status { problems.append("exit status \(outcome.status), expected \(status)") }
  if outcome.stdout != stdout { problems.append("stdout differs: " + textDifference(outcome.stdout, stdout)) }
  if outcome.stderr != stderr { problems.append("stderr differs: " + textDifference(outcome.stderr, stderr)) }
  guard !problems.isEmpty else { return }
  let heading = comment().isEmpty ? "" : comment() + "\n"
  Issue.record(Comment(rawValue: heading + problems.joined(separator: "\n")), sourceLocation: sourceLocation)
}
