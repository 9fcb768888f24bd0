import DodoTestSupport
import Testing

@testable import DodoCLI

/// `explain-status --summary`: counts per status and per warning on standard error, after
/// the results, which stay as they were on standard output.
@Suite struct ExplainSummaryTests {
  static let input = """
    myapp://checkout/return?status=succeeded&payment_id=pay_1
    failed
    <myapp://checkout/return?status=succeeded>
    requires_customer_action
    not a url
    cks_123

    """

  static func run(_ arguments: [String]) throws -> CommandRunner.Output {
    try CommandRunner().run(["explain-status"] + arguments + ["-"], stdin: input)
  }

  @Test("the text summary counts each status and warning on standard error; standard output is unchanged")
  func text() throws {
    let plain = try Self.run([])
    let summarized = try Self.run(["--summary"])
    #expect(plain.stderr.isEmpty)
    expectOutcome(
      summarized, status: plain.status, stdout: plain.stdout,
      stderr: """
        Summary of 6 inputs:
          succeeded    2
          failed       1
          pending      2
          not decoded  1
        Warnings:
          wrapped in <…>                                1
          an ID in place of the status                  1
          a success with no payment or subscription ID  1

        """)
  }

  @Test("with --json the summary is one JSON object on standard error; standard output stays one line per input")
  func json() throws {
    let plain = try Self.run(["--json"])
    let summarized = try Self.run(["--json", "--summary"])
    #expect(summarized.stdout == plain.stdout)
    #expect(summarized.stdout.split(separator: "\n").count == 6)
    #expect(
      summarized.stderr
        == #"{"summary":{"inputs":6,"statuses":{"succeeded":2,"failed":1,"cancelled":0,"pending":2,"expired":0,"undecodable":1},"warnings":{"angle_brackets":1,"id_as_status":1,"unconfirmed":1}}}"#
        + "\n")
  }
}
