import DodoAccount
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `dodo abandoned reconcile`, in-process against a record in a scratch state directory and
/// Dodo's API in memory.
@Suite struct AbandonedReconcileTests {
  let runner: CommandRunner
  let state: String
  let transport = InMemoryTransport([
    "/checkouts/cks_open": InMemoryTransport.session("cks_open", payment: nil),
    "/checkouts/cks_paid": InMemoryTransport.session("cks_paid", payment: "pay_ok"),
    "/payments/pay_ok": InMemoryTransport.payment("pay_ok", "succeeded"),
    "/checkouts/cks_declined": InMemoryTransport.session("cks_declined", payment: "pay_no"),
    "/payments/pay_no": InMemoryTransport.payment("pay_no", "failed", errorCode: "card_declined"),
    "/checkouts/cks_slow": InMemoryTransport.session("cks_slow", payment: "pay_slow"),
    "/payments/pay_slow": InMemoryTransport.payment("pay_slow", "processing"),
    "/checkouts/cks_down": .json(503, "{}"),
    "/checkouts/cks_refused": .json(401, "{}"),
  ])

  init() throws {
    runner = try CommandRunner()
    state = runner.scratch + "/state"
    runner.environment["DODO_STATE_DIR"] = state
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_key"
    runner.transport = transport
  }

  func record(_ sessionId: String) throws {
    try FileManager.default.createDirectory(
      atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try runner.file("state/abandoned.json", #"{"sessionId":"\#(sessionId)","createdAt":"2026-11-18T11:06:40Z"}"#)
  }

  var recorded: Bool { FileManager.default.fileExists(atPath: state + "/abandoned.json") }

  @Test func anOpenSessionKeepsTheRecordAndIsStillPending() throws {
    try record("cks_open")
    let output = try runner.run(["abandoned", "reconcile"])
    #expect(output.status == 12)
    #expect(output.stdout.contains("still pending"))
    #expect(output.stdout.hasSuffix("the record is kept\n"))
    #expect(output.stderr.contains("test mode"))
    #expect(recorded)
    #expect(transport.paths == ["/checkouts/cks_open"])
  }

  @Test func aSettledSessionIsPrintedAndCleared() throws {
    try record("cks_paid")
    let output = try runner.run(["abandoned", "reconcile", "--json"])
    #expect(output.status == 0)
    let json = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(json["sessionId"] as? String == "cks_paid")
    #expect(json["verdict"] as? String == "confirmed")
    #expect(json["cleared"] as? Bool == true)
    #expect(json["mode"] as? String == "test")
    #expect((json["confirmation"] as? [String: Any])?["paymentId"] as? String == "pay_ok")
    #expect(!recorded)
  }

  @Test func aFailedPaymentClearsTheRecordWithStartsExitStatus() throws {
    try record("cks_declined")
    let output = try runner.run(["abandoned", "reconcile"])
    #expect(output.status == 10)
    #expect(output.stdout.contains("failed: card_declined"))
    #expect(!recorded)
  }

  @Test func anUnsettledPaymentKeepsTheRecord() throws {
    try record("cks_slow")
    #expect(try runner.run(["abandoned", "reconcile"]).status == 12)
    #expect(recorded)
  }

  @Test func anUnknownOrFailingSessionKeepsTheRecordAndExits1() throws {
    try record("cks_gone")
    let gone = try runner.run(["abandoned", "reconcile"])
    #expect(gone.status == 1)
    #expect(gone.stdout.contains("not found"))
    #expect(recorded)
    try record("cks_down")
    #expect(try runner.run(["abandoned", "reconcile"]).status == 1)
    #expect(recorded)
  }

  @Test func aRefusedKeyIsExit24AndKeepsTheRecord() throws {
    try record("cks_refused")
    let output = try runner.run(["abandoned", "reconcile", "--json"])
    #expect(output.status == 24)
    #expect(output.stderr.contains(#""httpStatus":401"#))
    #expect(recorded)
  }

  @Test func noRecordIsExit1() throws {
    let output = try runner.run(["abandoned", "reconcile"])
    #expect(output.status == 1)
    #expect(output.stdout == "no abandoned session\n")
    #expect(transport.requests.isEmpty)
  }
}
