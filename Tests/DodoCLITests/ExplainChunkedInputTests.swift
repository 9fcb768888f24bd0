import DodoPlatform
import Foundation
import Testing

@testable import DodoCLI

/// `explain-status -` over an input of many chunks, decoded on several threads: the same
/// output, byte for byte, as the same inputs given as arguments (decoded in one run, in order).
@Suite struct ExplainChunkedInputTests {
  /// Inputs of every kind, enough for several chunks: results with and without warnings,
  /// inputs that cannot be decoded, blank lines, and a line too long to be an input.
  static let inputs: [String] = (0..<12_000).map { index in
    switch index % 7 {
    case 0: "myapp://checkout/return?status=succeeded&payment_id=pay_\(index)&email=c\(index)%40example.com"
    case 1: "<https://myapp.com/return?status=failed&amp;payment_id=pay_\(index)>"
    case 2: "status=succeeded&license_key=LK-\(index)"
    case 3: "not a url \(index)"
    case 4: "requires_customer_action"
    case 5: "pay_\(index)"
    default: "http://127.0.0.1:5000/return?status=active&subscription_id=sub_\(index)&x=\(index)"
    }
  }

  /// `dodo ARGUMENTS` in-process, with the file holding `stdin` as standard input.
  private func run(_ arguments: [String], stdin: String) throws -> CommandRunner.Output {
    let runner = try CommandRunner()
    let handle = try #require(FileHandle(forReadingAtPath: try runner.file("input", stdin)))
    defer { try? handle.close() }
    let fd = UnownedDescriptor(ownedElsewhere: handle.fileDescriptor)
    let stdout = MemoryStream()
    let stderr = MemoryStream()
    let status = Dodo.main(
      arguments: arguments, environment: runner.environment, stdinFD: fd, stdout: stdout, stderr: stderr,
      transport: .helper, sleep: { _ in }, start: .live)
    return CommandRunner.Output(status: status, stdout: stdout.text, stderr: stderr.text)
  }

  @Test(
    "standard input in chunks writes what the arguments write, in order, summary included",
    arguments: [[], ["--json"], ["--summary"], ["--json", "--summary", "--redact"]])
  func chunkedLikeArguments(_ options: [String]) throws {
    let stdin = Self.inputs.joined(separator: "\n\n") + "\n"
    let chunked = try run(["explain-status"] + options + ["-"], stdin: stdin)
    let whole = try CommandRunner().run(["explain-status"] + options + Self.inputs)
    #expect(stdin.utf8.count > 8 * 64 * 1024)
    #expect(chunked == whole)
  }

  @Test("a line too long to be an input, among many chunks: its error in its place, the lines after it go on")
  func tooLongLine() throws {
    let long = "myapp://x?status=succeeded&note=" + String(repeating: "n", count: 1 << 20)
    let before = Self.inputs[..<6_000].joined(separator: "\n")
    let after = Self.inputs[6_000...].joined(separator: "\n")
    let run = try run(["--json", "explain-status", "-"], stdin: before + "\n" + long + "\n" + after)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == Self.inputs.count + 1)
    #expect(lines[6_000].hasPrefix(#"{"input":""# + long.prefix(64) + #"…","error""#))
    #expect(lines[6_000].contains("the input is 1048576 bytes or longer"))
    #expect(lines.last?.contains("pay_11999") == true)
    #expect(run.status == 1)
  }
}
