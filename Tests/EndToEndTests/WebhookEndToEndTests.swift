import DodoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dodo webhook` as a user runs it: signatures checked against Python's own hmac module, and
/// `listen` as a real server between a real client and a real receiver (Python's http.server).
@Suite(.serialized) struct WebhookEndToEndTests {
  static let secret = Fixtures.webhookSecret
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support")

  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    Dodo.environment(
      home: TemporaryDirectory.shared.url, ["DODO_PAYMENTS_WEBHOOK_KEY": Self.secret].merging(extra) { $1 })
  }

  @Test(.enabled(if: BrowserTools.python3 != nil))
  func signAndVerifyAgreeWithPythonsHMAC() throws {
    let python = try #require(BrowserTools.python3)
    let body = "{\"type\":\"payment.succeeded\",\"note\":\"é\\u0000\"}\r\n"
    let script = """
      import base64, hashlib, hmac, sys
      key = base64.b64decode(sys.argv[1].removeprefix("whsec_"))
      mac = hmac.new(key, b"msg_e2e.1700000000." + sys.stdin.buffer.read(), hashlib.sha256).digest()
      print("v1," + base64.b64encode(mac).decode())
      """
    let expected = try Subprocess.run(python, ["-c", script, Self.secret], stdin: body, environment: environment())
    let signature = expected.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(signature.hasPrefix("v1,"))
    let signed = try Dodo.run(
      ["webhook", "sign", "--id", "msg_e2e", "--timestamp", "1700000000", "-"], stdin: body, environment: environment())
    expectOutcome(
      signed, status: 0, stdout: "webhook-id: msg_e2e\nwebhook-timestamp: 1700000000\nwebhook-signature: \(signature)\n"
    )
    let verified = try Dodo.run(
      [
        "webhook", "verify", "--id", "msg_e2e", "--timestamp", "1700000000", "--signature", signature, "--at",
        "1700000100", "-",
      ], stdin: body, environment: environment())
    #expect(verified.status == 0, "\(verified.stderr)")
    let changed = try Dodo.run(
      ["webhook", "verify", "--id", "msg_e2e", "--timestamp", "1700000000", "--signature", signature, "-"],
      stdin: String(body.dropLast()), environment: environment())  // "\r\n" is one Character
    #expect(changed.status == 1)
    #expect(changed.stdout.contains("the trailing newline was removed"))
    #expect(changed.stdout.contains("the timestamp is"))
  }

  @Test(.enabled(if: BrowserTools.python3 != nil))
  func listenVerifiesEachDeliveryAndForwardsTheValidOnesByteForByte() throws {
    let python = try #require(BrowserTools.python3)
    let logs = TemporaryDirectory()
    let receiver = try BackgroundProgram(
      "receiver", python, [Self.scripts.appendingPathComponent("webhook-receiver.py").path], environment: environment(),
      logDirectory: logs.url)
    defer { receiver.stop() }
    let appPort = try #require(receiver.firstLine(timeout: 10))
    let listener = try Listener(
      ["--json", "webhook", "listen", "--port", "0", "--forward-to", "http://127.0.0.1:\(appPort)/app"],
      environment: environment())
    defer { listener.stop() }
    let port = try #require(listener.port)
    let client = try Subprocess.run(
      python, [Self.scripts.appendingPathComponent("webhook-client.py").path, String(port), Self.secret],
      environment: environment())
    let answers = client.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(answers.map { $0["status"] as? Int } == [204, 204, 401, 401], "\(client.stderr)")
    let output = listener.interrupt(SIGINT)
    #expect(output.status == 0)
    let lines = output.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.map { $0["id"] as? String } == ["msg_valid", "msg_rotated", "msg_newline", "msg_stale"])
    #expect(lines.map { $0["valid"] as? Bool } == [true, true, false, false])
    #expect(lines.map { $0["type"] as? String } == Array(repeating: "payment.succeeded", count: 4))
    #expect((lines[0]["forwarded"] as? [String: Any])?["status"] as? Int == 202)
    #expect(lines[2]["forwarded"] is NSNull)
    #expect((lines[2]["diagnosis"] as? String)?.contains("a trailing newline was added") == true)
    #expect(((lines[3]["problems"] as? [[String: Any]])?.first?["code"] as? String) == "timestamp_too_old")
    // The app got exactly the two valid deliveries, their bodies byte for byte, their headers kept.
    receiver.stop()
    let received = try String(contentsOf: receiver.log, encoding: .utf8).split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(received.count == 2)
    #expect(received.map { $0["body"] as? String } == [answers[0]["body"] as? String, answers[1]["body"] as? String])
    let headers = (received.first?["headers"] as? [[String]] ?? []).map { $0.map { $0.lowercased() } }
    #expect(headers.contains(["webhook-id", "msg_valid"]))
    #expect(headers.contains(["x-custom", "kept"]))
    #expect(received.first?["path"] as? String == "/app")
    #expect(!output.stdout.contains("c2VjcmV0") && !output.stderr.contains("c2VjcmV0"))
  }

  @Test(arguments: [SIGINT, SIGTERM]) func listenEndsCleanlyOnASignal(signal: Int32) throws {
    let listener = try Listener(["webhook", "listen", "--port", "0"], environment: environment())
    defer { listener.stop() }
    #expect(listener.port != nil)
    let output = listener.interrupt(signal)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.hasPrefix("dodo: listening on http://127.0.0.1:"))
  }

  @Test func listenRefusesAPortInUse() throws {
    let first = try Listener(["webhook", "listen", "--port", "0"], environment: environment())
    defer { first.stop() }
    let port = try #require(first.port)
    let second = try Dodo.run(["webhook", "listen", "--port", String(port)], environment: environment())
    #expect(second.status == 23)
    #expect(second.stderr.contains("in use"))
  }
}

/// A running `dodo webhook listen`: its port read from its first line on standard error.
final class Listener: @unchecked Sendable {
  private let process = Process()
  private let out = Pipe()
  private let err = Pipe()
  private var stderrData = Data()
  private(set) var port: UInt16?

  init(_ arguments: [String], environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: Dodo.binary)
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    let handle = err.fileHandleForReading
    while !stderrData.contains(UInt8(ascii: "\n")), Date() < deadline, process.isRunning {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      stderrData.append(chunk)
    }
    let first = String(decoding: stderrData, as: UTF8.self)
    if let range = first.range(of: "127.0.0.1:") {
      port = UInt16(first[range.upperBound...].prefix { $0.isNumber })
    }
  }

  /// Sends `signal` and waits for the end (10 s at most); what it printed and its status.
  func interrupt(_ signal: Int32) -> ProcessOutput {
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    stop()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    stderrData.append(err.fileHandleForReading.readDataToEndOfFile())
    return ProcessOutput(
      stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderrData, as: UTF8.self),
      status: process.isRunning ? -1 : process.terminationStatus)
  }

  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
