import DodoAccount
import DodoNetwork
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

@Suite struct ConfirmCommandTests {
  func runner(_ answers: [String: InMemoryTransport.Answer]) throws -> (CommandRunner, InMemoryTransport) {
    let runner = try CommandRunner()
    let transport = InMemoryTransport(answers)
    runner.transport = transport
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_key"
    return (runner, transport)
  }

  static let answers: [String: InMemoryTransport.Answer] = [
    "/payments/pay_ok": InMemoryTransport.payment("pay_ok", "succeeded"),
    "/payments/pay_declined": InMemoryTransport.payment("pay_declined", "failed", errorCode: "insufficient_funds"),
    "/payments/pay_sub": InMemoryTransport.payment("pay_sub", "succeeded", subscription: "sub_1"),
    "/subscriptions/sub_1": InMemoryTransport.subscription("sub_1", "active"),
    "/checkouts/cks_open": InMemoryTransport.session("cks_open", payment: nil),
    "/checkouts/cks_paid": InMemoryTransport.session("cks_paid", payment: "pay_ok"),
  ]

  func lines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test func repeatedIDsAreAskedOnceAndEachInputGetsItsLine() throws {
    let (runner, transport) = try runner(Self.answers)
    let stdin = """
      myapp://r?status=succeeded&payment_id=pay_ok
      myapp://r?status=succeeded&payment_id=pay_ok

      status=succeeded&payment_id=pay_ok
      pay_ok

      """
    let output = try runner.run(["confirm", "--json", "-"], stdin: stdin)
    #expect(output.status == 0, "\(output)")
    let lines = try lines(output.stdout)
    #expect(lines.count == 4)
    #expect(lines.allSatisfy { $0["verdict"] as? String == "confirmed" && $0["mode"] as? String == "test" })
    #expect(transport.paths == ["/payments/pay_ok"])
    #expect(lines[3]["result"] is NSNull)
    let confirmation = try #require(lines[0]["confirmation"] as? [String: Any])
    #expect(confirmation["status"] as? String == "succeeded")
    #expect(confirmation["source"] as? String == "payment")
    #expect(confirmation["totalAmount"] as? Int == 1999)
    #expect(confirmation["errorCode"] is NSNull)
  }

  @Test func aMismatchIsExit1AndNamesBothStatuses() throws {
    let (runner, _) = try runner(Self.answers)
    let output = try runner.run(["confirm", "myapp://r?status=succeeded&payment_id=pay_declined"])
    #expect(output.status == 1)
    #expect(output.stdout.contains("Dodo says:     failed: insufficient_funds (The card was declined)"))
    #expect(output.stdout.contains("mismatch: the return URL says succeeded, Dodo says failed"))
    #expect(output.stderr.contains("test mode"))
  }

  @Test func subscriptionsSessionsAndIDsWithoutOutcome() throws {
    let (runner, transport) = try runner(Self.answers)
    let output = try runner.run([
      "confirm", "--json", "myapp://r?status=active&subscription_id=sub_1", "pay_sub", "cks_paid", "cks_open",
      "pay_unknown", "myapp://r?status=succeeded",
    ])
    #expect(output.status == 1)
    let lines = try lines(output.stdout)
    #expect(
      lines.map { $0["verdict"] as? String } == [
        "confirmed", "confirmed", "confirmed", "unconfirmed", "unconfirmed", "unconfirmed",
      ])
    #expect((lines[1]["confirmation"] as? [String: Any])?["source"] as? String == "subscription")
    #expect((lines[3]["reason"] as? String)?.contains("no payment yet") == true)
    #expect((lines[4]["reason"] as? String)?.hasPrefix("not found") == true)
    #expect((lines[5]["reason"] as? String)?.contains("names no payment_id") == true)
    #expect(transport.paths.filter { $0 == "/payments/pay_ok" }.count == 1)
  }

  @Test func aBareSubscriptionShowsItsRecurringAmountNotATotal() throws {
    let (runner, _) = try runner(Self.answers)
    let output = try runner.run(["confirm", "--json", "sub_1"])
    let confirmation = try #require(try lines(output.stdout).first?["confirmation"] as? [String: Any])
    #expect(confirmation["recurringPreTaxAmount"] as? Int == 999)
    #expect(confirmation["totalAmount"] is NSNull)
    let text = try runner.run(["confirm", "sub_1"])
    #expect(text.stdout.contains("recurring_pre_tax_amount 999"), "\(text.stdout)")
    #expect(!text.stdout.contains("total_amount"))
    let paid = try runner.run(["confirm", "--json", "pay_sub"])
    let both = try #require(try lines(paid.stdout).first?["confirmation"] as? [String: Any])
    #expect(both["totalAmount"] as? Int == 1999 && both["recurringPreTaxAmount"] as? Int == 999)
  }

  @Test(arguments: [401, 403])
  func aRefusedKeyIsExit24(status: Int) throws {
    let (runner, _) = try runner(["/payments/pay_1": .json(status, "{}")])
    let output = try runner.run(["confirm", "--json", "pay_1"])
    #expect(output.status == 24)
    #expect(output.stderr.contains(#""httpStatus":\#(status)"#))
  }

  @Test func noAnswerAtAllIsExit24ButATimeoutIsUnconfirmed() throws {
    let (runner, _) = try runner([
      "/payments/pay_1": .fail(TransportError(.connection, "refused")),
      "/payments/pay_2": .fail(TransportError(.timedOut, "30 s")),
      "/payments/pay_3": .json(500, "oops"),
    ])
    #expect(try runner.run(["confirm", "pay_1"]).status == 24)
    let output = try runner.run(["confirm", "--json", "pay_2", "pay_3"])
    #expect(output.status == 1)
    #expect(try lines(output.stdout).allSatisfy { $0["verdict"] as? String == "unconfirmed" })
  }

  @Test func noInputOrABadRateIsAUsageError() throws {
    let (runner, _) = try runner([:])
    #expect(try runner.run(["confirm", "-"], stdin: "\n").status == 64)
    #expect(try runner.run(["confirm", "--rate", "0", "pay_1"]).status == 64)
  }
}

@Suite struct ConfirmBatchTests {
  @Test func theConfirmBatchAsksEachIDOnceAcrossThreads() throws {
    let transport = InMemoryTransport(["/payments/pay_1": InMemoryTransport.payment("pay_1", "succeeded")])
    let batch = ConfirmBatch(api: DodoAPI(transport: transport, apiKey: "k"), rate: 5)
    let items = (0..<10).map {
      ConfirmationInput(reading: $0 % 2 == 0 ? "pay_1" : "myapp://r?status=succeeded&payment_id=pay_1")
    }
    let requests = items.map { ConfirmBatch.Request(lookup: $0.lookup, claim: $0.result?.status, problem: $0.problem) }
    let reports = try batch.confirm(requests)
    #expect(reports.count == 10)
    #expect(reports.allSatisfy { $0.verdict == .confirmed })
    #expect(transport.paths == ["/payments/pay_1"])
    _ = try batch.confirm(requests)
    #expect(transport.paths == ["/payments/pay_1"])
  }
}
