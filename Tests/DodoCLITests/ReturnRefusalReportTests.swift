import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// While `start` waits, a return it refuses is said on standard error once per reason (an
/// event with `--events json`), never with the run's state or the refused URL's query.
@Suite("start says why it refused a return", .serialized)
struct ReturnRefusalReportTests {
  static let back = "myapp://checkout/return?status=succeeded&payment_id=pay_1&state=s3cr3t"
  static let stateless = "myapp://checkout/return?status=succeeded&payment_id=pay_1"

  /// A browser whose return goes through `handle-url` (the Unix socket), each URL in turn,
  /// each after the answer to the one before.
  static func handingOver(_ urls: [String], runtime: String) -> (ReturnChannelServer) -> Void {
    { _ in
      Thread {
        for url in urls { _ = try? ReturnChannelClient.send(url, runtimeDirectory: runtime) }
      }.start()
    }
  }

  @Test("handle-url returns without the state, or to another address, are warned once per reason")
  func handedOver() throws {
    let start = try StartHarness()
    start.browser = Self.handingOver(
      [Self.stateless, Self.stateless + "&x=1", "myapp://elsewhere/return?state=s3cr3t", Self.back],
      runtime: start.runner.scratch + "/run")
    let output = try start.run(["--timeout", "20"])
    expectOutcome(
      output, status: 0, stdout: "status: succeeded\npaymentId: pay_1\n",
      stderr: """
        Opening \(StartHarness.checkout) in your browser
        dodo: warning: a return without this run's state was refused: does your backend keep the return URL's query?
        dodo: warning: a URL that is not the return URL was refused: its host differs

        """)
    #expect(!output.stderr.contains("s3cr3t") && !output.stderr.contains("pay_1"))
  }

  @Test("with --events json a refusal is a checkout.return_refused event")
  func asEvents() throws {
    let start = try StartHarness()
    start.browser = Self.handingOver(
      [Self.stateless, "myapp://checkout/return?status=failed&state=guess", Self.back],
      runtime: start.runner.scratch + "/run")
    let output = try start.run(["--json", "--events", "json", "--timeout", "20"])
    #expect(output.status == 0, "\(output)")
    let events = output.stderr.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    let refused = events.filter { $0["name"] as? String == "checkout.return_refused" }
    #expect(refused.map { $0["reason"] as? String } == ["missing_state", "wrong_state"])
    #expect(refused.allSatisfy { $0["at"] as? String == "2027-01-15T08:00:00Z" })
    #expect(!output.stderr.contains("s3cr3t") && !output.stderr.contains("guess"))
  }

  @Test("a pasted return without the state says it lacks the state")
  func pasted() throws {
    let start = try StartHarness()
    start.terminal = true
    let output = try start.run(["--no-open"], stdin: "\(Self.stateless)\n\(Self.back)\n")
    #expect(output.status == 0, "\(output)")
    #expect(
      output.stderr.contains(
        "dodo: warning: a return without this run's state was refused: does your backend keep the return URL's query?"))
    #expect(!output.stderr.contains("that is not the return URL"))
  }
}
