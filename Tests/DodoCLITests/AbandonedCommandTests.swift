import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `dodo abandoned show|clear`, in-process, with no checkout running, against a state
/// directory (`DODO_STATE_DIR`) in the runner's scratch directory.
@Suite struct AbandonedCommandTests {
  let runner: CommandRunner
  let state: String

  init() throws {
    runner = try CommandRunner()
    state = runner.scratch + "/state"
    runner.environment["DODO_STATE_DIR"] = state
  }

  /// Writes the record `start` leaves (`abandoned.json`) for `sessionId`, given as the
  /// contents of a JSON string, so that a test can also write one `start` never would.
  func record(_ sessionId: String) throws {
    try FileManager.default.createDirectory(
      atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try runner.file("state/abandoned.json", #"{"sessionId":"\#(sessionId)","createdAt":"2026-11-18T11:06:40Z"}"#)
  }

  @Test("no record, with no state directory at all: exit 1; clear has nothing to clear and succeeds")
  func noRecord() throws {
    expectOutcome(try runner.run(["abandoned", "show"]), status: 1, stdout: "no abandoned session\n", stderr: "")
    expectOutcome(try runner.run(["abandoned", "show", "--json"]), status: 1, stdout: "null\n", stderr: "")
    expectOutcome(try runner.run(["abandoned", "clear"]), status: 0, stdout: "cleared\n", stderr: "")
    expectOutcome(
      try runner.run(["abandoned", "clear", "--json"]), status: 0, stdout: #"{"cleared":false}"# + "\n", stderr: "")
    #expect(!FileManager.default.fileExists(atPath: state), "show and clear only look; they create no state directory")
  }

  @Test("a record: shown in text and JSON, then cleared")
  func aRecord() throws {
    try record("cks_1")
    expectOutcome(
      try runner.run(["abandoned", "show"]), status: 0,
      stdout: "sessionId: cks_1\ncreatedAt: 2026-11-18T11:06:40Z\ninProgress: false\n", stderr: "")
    expectOutcome(
      try runner.run(["--json", "abandoned", "show"]), status: 0,
      stdout: #"{"sessionId":"cks_1","createdAt":"2026-11-18T11:06:40Z","inProgress":false}"# + "\n",
      stderr: "")
    expectOutcome(
      try runner.run(["abandoned", "clear", "--json"]), status: 0, stdout: #"{"cleared":true}"# + "\n", stderr: "")
    expectOutcome(try runner.run(["abandoned", "show"]), status: 1, stdout: "no abandoned session\n", stderr: "")
    try record("cks_2")
    expectOutcome(try runner.run(["abandoned", "clear"]), status: 0, stdout: "cleared\n", stderr: "")
    expectOutcome(try runner.run(["abandoned", "show", "--json"]), status: 1, stdout: "null\n", stderr: "")
  }

  @Test("inProgress is true only for the record the running checkout saved, not for one an earlier checkout left")
  func inProgressOnlyForItsOwnRecord() throws {
    try record("cks_old")
    guard let directory = try PrivateDirectory.open(state, create: false) else {
      Issue.record("no state directory")
      return
    }
    // A new start has taken the lock, and not yet saved its own record.
    let lock = CheckoutFileLock(stateDirectory: directory, runtimeDirectory: directory)
    #expect(try lock.tryAcquire())
    #expect(
      try runner.run(["--json", "abandoned", "show"]).stdout
        == #"{"sessionId":"cks_old","createdAt":"2026-11-18T11:06:40Z","inProgress":false}"# + "\n")
    #expect(
      try runner.run(["abandoned", "show"]).stdout.hasSuffix(
        "inProgress: false (a checkout is running now; this record is not its own)\n"))
    // It saves its own: that one is in progress.
    let store = AbandonedSessionFile(stateDirectory: directory)
    try store.save(AbandonedSession(sessionId: "cks_new", createdAt: Date(timeIntervalSince1970: 1_800_000_000)))
    #expect(
      try runner.run(["--json", "abandoned", "show"]).stdout
        == #"{"sessionId":"cks_new","createdAt":"2027-01-15T08:00:00Z","inProgress":true}"# + "\n")
    // It ends; its record stays, no longer in progress.
    store.release()
    lock.release()
    #expect(try runner.run(["--json", "abandoned", "show"]).stdout.hasSuffix(#""inProgress":false}"# + "\n"))
  }

  @Test(
    "a record open to the group or others is refused, not read; clear still removes it",
    arguments: [0o666, 0o644, 0o620, 0o604])
  func recordOpenToOthers(mode: Int) throws {
    try record("cks_1")
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: state + "/abandoned.json")
    let shown = try runner.run(["abandoned", "show"])
    #expect(shown.status == 23)
    #expect(shown.stdout == "")
    #expect(
      shown.stderr
        == "Error: cannot read the abandoned-session record: refusing \(state)/abandoned.json: its mode is "
        + "\(String(mode, radix: 8)), open to the group or others; run 'chmod 600 \(state)/abandoned.json' if it is "
        + "yours to keep\n")
    expectOutcome(try runner.run(["abandoned", "clear"]), status: 0, stdout: "cleared\n", stderr: "")
  }

  @Test("a record's session id is shown with its controls escaped, never obeyed")
  func sessionIdIsShownEscaped() throws {
    try record(#"cks\u001b]0;x\u0007"#)
    expectOutcome(
      try runner.run(["abandoned", "show"]), status: 0,
      stdout: "sessionId: cks\\x1b]0;x\\x07\ncreatedAt: 2026-11-18T11:06:40Z\ninProgress: false\n",
      stderr: "")
  }
}
