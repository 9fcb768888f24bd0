import Testing

@testable import DodoPlatform

/// `ProgramExchange`: a message in on standard input, the answer out, with a deadline and a
/// cap; the way `dodo` talks to its HTTPS helper.
@Suite struct ProgramExchangeTests {
  @Test func aLargeMessageGoesInAndComesBackWhole() throws {
    let input = (0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let output = try ProgramExchange.run(
      "/bin/cat", arguments: [], environment: [:], input: input, limit: 4 * 1024 * 1024, timeoutSeconds: 60)
    #expect(output.status == .exited(0))
    #expect(output.standardOutput == input)
  }

  @Test func aProgramThatDoesNotReadItsInputIsNoSignalToUs() throws {
    let output = try ProgramExchange.run(
      "/bin/sh", arguments: ["sh", "-c", "echo answer"], environment: [:],
      input: [UInt8](repeating: 7, count: 1024 * 1024), limit: 1024, timeoutSeconds: 60)
    #expect(output.status == .exited(0))
    #expect(output.standardOutput == Array("answer\n".utf8))
  }

  @Test func aProgramPastTheDeadlineIsKilled() throws {
    let start = ContinuousClock.now
    let output = try ProgramExchange.run(
      "/bin/sleep", arguments: ["sleep", "30"], environment: [:], input: [], limit: 1024, timeoutSeconds: 0.3)
    #expect(output.status == nil)
    #expect(ContinuousClock.now - start < .seconds(10))
  }

  @Test func anAnswerPastTheLimitIsCutAndTheProgramKilled() throws {
    let output = try ProgramExchange.run(
      "/bin/sh", arguments: ["sh", "-c", "yes"], environment: [:], input: [], limit: 1000, timeoutSeconds: 30)
    #expect(output.truncated)
    #expect(output.status == nil)
    #expect(output.standardOutput.count == 1000)
  }

  @Test func itsArgumentsAreOnlyItsName() throws {
    let output = try ProgramExchange.run(
      "/bin/sh", arguments: ["sh", "-c", #"printf '%s|' "$0" "$@"; env"#], environment: ["ONLY": "this"], input: [],
      limit: 4096, timeoutSeconds: 30)
    let text = String(decoding: output.standardOutput, as: UTF8.self)
    #expect(text.hasPrefix("/bin/sh|"))
    #expect(text.contains("ONLY=this"))
  }
}
