import DodoTestSupport
import Foundation
import Testing

/// What only the binary shows of explain-status: large and slow standard input, and a real
/// full disk. Its output is tested in-process (DodoCLITests' ExplainStatusCommandTests).
@Suite("dodo explain-status")
struct ExplainStatusEndToEndTests {
  @Test("a large standard input streams through")
  func largeInput() throws {
    let lines = (0..<50_000).map { "myapp://checkout/return?status=succeeded&payment_id=pay_\($0)" }
    let run = try Dodo.run(["explain-status", "--json", "-"], stdin: lines.joined(separator: "\n") + "\n")
    #expect(run.status == 0)
    let out = run.stdout.split(separator: "\n")
    #expect(out.count == 50_000)
    #expect(out.last?.contains(#""paymentId":"pay_49999""#) == true)
  }

  @Test("a line too long for any return URL is an input that cannot be decoded; the rest go on")
  func overlongLine() throws {
    let input = "status=failed\n" + String(repeating: "a", count: 3_000_000) + "\nexpired\n"
    let run = try Dodo.run(["explain-status", "--json", "-"], stdin: input)
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix(#"{"input":"aaaa"#))
    #expect(
      lines[1].contains(
        #""error":{"code":"INVALID_RETURN_URL","message":"invalid return URL: the input is 1048576 bytes or longer"#))
    #expect(lines[2].contains(#""status":"expired""#))
  }

  @Test("--redact hides the email and license key at the start of a too-long line, a leading tab or <…> and all")
  func overlongLineRedacted() throws {
    let padding = String(repeating: "a", count: 1_100_000)
    let input =
      "\temail=annieZ@example.com&license_key=SECRETKEY&x=\(padding)\n<license_key=SECRETKEY&x=\(padding)\n"
    for arguments in [["explain-status", "--redact", "--json", "-"], ["explain-status", "--redact", "-"]] {
      let run = try Dodo.run(arguments, stdin: input)
      #expect(run.status == 1)
      #expect(run.stdout.contains("[redacted]"), "\(run.stdout.prefix(500))")
      #expect(!run.stdout.contains("annieZ") && !run.stdout.contains("SECRETKEY"), "\(run.stdout.prefix(500))")
    }
  }

  @Test("- answers each line as it arrives, before standard input ends")
  func answersLineByLine() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Dodo.binary)
    process.arguments = ["explain-status", "--json", "-"]
    process.environment = Dodo.environment(home: TemporaryDirectory.shared.url)
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
    }
    input.fileHandleForWriting.write(Data("status=failed\n".utf8))
    // The answer must come while standard input is still open.
    let answered = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var line = Data()
    DispatchQueue.global().async {
      while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
      }
      answered.signal()
    }
    #expect(answered.wait(timeout: .now() + 10) == .success)
    #expect(String(decoding: line, as: UTF8.self).hasPrefix(#"{"input":"status=failed","result":{"status":"failed""#))
  }

  @Test("output that cannot be written is a PLATFORM_ERROR, not a silent success")
  func unwritableOutput() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let run = try Subprocess.run(
      "/bin/sh", ["-c", "\"$0\" explain-status processing > /dev/full", Dodo.binary],
      environment: Dodo.environment(home: TemporaryDirectory.shared.url))
    #expect(run.status == 23)
    #expect(run.stderr == "Error: cannot write standard output: No space left on device\n")
  }
}
