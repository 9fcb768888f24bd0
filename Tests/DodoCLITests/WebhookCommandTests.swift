import DodoAccount
import DodoTestSupport
import Foundation
import Testing

/// An HTTP transport in memory: records each request and answers with `response` (or fails).
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [HTTPRequest] = []
  let answer: Result<HTTPResponse, TransportError>

  init(_ answer: Result<HTTPResponse, TransportError> = .success(HTTPResponse(status: 204))) { self.answer = answer }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    lock.withLock { recorded.append(request) }
    return try answer.get()
  }

  var requests: [HTTPRequest] { lock.withLock { recorded } }
}

@Suite struct WebhookCommandTests {
  static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
  static let vectorHeaders = [
    "--id", "msg_p5jXN8AQM9LWM0D4loKWxJek", "--timestamp", "1614265330",
    "--signature", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  ]
  static let vectorBody = #"{"test": 2432232314}"#

  func runner() throws -> CommandRunner {
    let runner = try CommandRunner()
    runner.environment["DODO_PAYMENTS_WEBHOOK_KEY"] = Self.secret
    return runner
  }

  // MARK: sign

  @Test func signPrintsTheThreeHeadersOfTheTestVector() throws {
    let output = try runner().run(
      ["webhook", "sign", "--id", "msg_p5jXN8AQM9LWM0D4loKWxJek", "--timestamp", "1614265330", "-"],
      stdin: Self.vectorBody)
    expectOutcome(
      output, status: 0,
      stdout: """
        webhook-id: msg_p5jXN8AQM9LWM0D4loKWxJek
        webhook-timestamp: 1614265330
        webhook-signature: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=

        """)
    let json = try runner().run(
      ["webhook", "sign", "--json", "--id", "msg_1", "--timestamp", "1700000000", "-"], stdin: "{}")
    #expect(
      json.stdout
        // The signature computed with Python's hmac module.
        == #"{"webhook-id":"msg_1","webhook-timestamp":"1700000000","webhook-signature":"#
        + #""v1,x5lVgj0b/JJJaUYaa1+6I5J/EECcryrPlFN4VrkmI94="}"# + "\n")
  }

  @Test func signDefaultsToAFreshIDAndNow() throws {
    let output = try runner().run(["webhook", "sign", "-"], stdin: "{}")
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("webhook-id: msg_"))
    let timestamp = try #require(Int64(lines[1].dropFirst("webhook-timestamp: ".count)))
    #expect(abs(timestamp - Int64(Date().timeIntervalSince1970)) < 60)
  }

  @Test func theSecretComesFromTheOptionOrTheEnvironmentAndIsNeverShown() throws {
    let none = try CommandRunner().run(["webhook", "sign", "-"], stdin: "{}")
    #expect(none.status == 78)
    #expect(none.stderr.contains("DODO_PAYMENTS_WEBHOOK_KEY"))
    let option = try CommandRunner().run(["webhook", "sign", "--secret", Self.secret, "-"], stdin: "{}")
    #expect(option.status == 0)
    let badOption = try CommandRunner().run(["webhook", "sign", "--secret", "whsec_s3cr*t!", "-"], stdin: "{}")
    #expect(badOption.status == 64)
    #expect(!badOption.stderr.contains("s3cr*t"))
    let badEnvironment = try runner()
    badEnvironment.environment["DODO_PAYMENTS_WEBHOOK_KEY"] = "whsec_s3cr*t!"
    let bad = try badEnvironment.run(["webhook", "sign", "-"], stdin: "{}")
    #expect(bad.status == 78)
    #expect(!bad.stderr.contains("s3cr*t") && !bad.stdout.contains("s3cr*t"))
  }

  @Test func theSecretComesFromTheProfilesCommandLast() throws {
    let runner = try CommandRunner()
    let script = try runner.file("webhook-secret", "#!/bin/sh\necho \(Self.secret)\n", mode: 0o700)
    let config = try runner.file("c.yaml", "profiles:\n  default:\n    webhook_secret_command: \(script)\n")
    let output = try runner.run(
      [
        "--config", config, "webhook", "sign", "--id", "msg_p5jXN8AQM9LWM0D4loKWxJek", "--timestamp", "1614265330", "-",
      ],
      stdin: Self.vectorBody)
    #expect(output.status == 0, "\(output)")
    #expect(output.stdout.hasSuffix("webhook-signature: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=\n"))
    let inFile = try runner.file("d.yaml", "profiles:\n  default:\n    webhook_secret: \(Self.secret)\n")
    let refused = try runner.run(["--config", inFile, "webhook", "sign", "-"], stdin: "{}")
    #expect(refused.status == 78)
    #expect(!refused.stderr.contains("MfKQ9r8"))
  }

  @Test func onlyAPICommandsCheckTheAPIsVariables() throws {
    let runner = try runner()
    runner.environment["DODO_PAYMENTS_BASE_URL"] = "http://example.com"
    runner.environment["DODO_PAYMENTS_ENVIRONMENT"] = "staging"
    let signed = try runner.run(["webhook", "sign", "-"], stdin: Self.vectorBody)
    #expect(signed.status == 0, "\(signed)")
    let verified = try runner.run(
      ["webhook", "verify"] + Self.vectorHeaders + ["--at", "1614265330", "-"], stdin: Self.vectorBody)
    #expect(verified.status == 0, "\(verified)")
    let api = try runner.run(["checkout", "create", "--product", "pdt_1"])
    #expect(api.status == 78)
  }

  @Test func signRefusesBadValues() throws {
    #expect(try runner().run(["webhook", "sign", "--timestamp", "soon", "-"], stdin: "{}").status == 64)
    #expect(try runner().run(["webhook", "sign", "--id", "a\r\nX: y", "-"], stdin: "{}").status == 64)
    #expect(try runner().run(["webhook", "sign", "/nonexistent/body"]).status == 23)
  }

  // MARK: verify

  @Test func verifyAcceptsTheTestVector() throws {
    let output = try runner().run(
      ["webhook", "verify"] + Self.vectorHeaders + ["--at", "1614265330", "-"], stdin: Self.vectorBody)
    #expect(output.status == 0)
    #expect(output.stdout == "valid: msg_p5jXN8AQM9LWM0D4loKWxJek (unknown type, timestamp 1614265330)\n")
    let json = try runner().run(
      ["webhook", "verify", "--json"] + Self.vectorHeaders + ["--at", "1614265330", "-"], stdin: Self.vectorBody)
    #expect(
      json.stdout == #"{"valid":true,"id":"msg_p5jXN8AQM9LWM0D4loKWxJek","type":null,"timestamp":1614265330}"# + "\n")
  }

  @Test func verifyListsEveryProblemAndTheDiagnosis() throws {
    let output = try runner().run(
      ["webhook", "verify"] + Self.vectorHeaders + ["--at", "1614266000", "-"], stdin: Self.vectorBody + "\n")
    expectOutcome(
      output, status: 1,
      stdout: """
        invalid: msg_p5jXN8AQM9LWM0D4loKWxJek (unknown type, timestamp 1614265330)
          - the timestamp is 670 s old, more than the tolerance of 300 s (a replay, or a stale delivery: --at replays one)
          - the signature does not match: the body was changed after signing: a trailing newline was added — verify the raw bytes

        """)
    let json = try runner().run(
      ["webhook", "verify", "--json", "--tolerance", "1000"] + Self.vectorHeaders + ["--at", "1614266000", "-"],
      stdin: Self.vectorBody + "\n")
    #expect(json.status == 1)
    #expect(json.stdout.contains(#""problems":[{"code":"signature_mismatch","#))
    #expect(json.stdout.contains(#""diagnosis":"the body was changed after signing: a trailing newline was added"#))
  }

  @Test func verifyNamesASecretThatIsNotBase64AsAProblem() throws {
    let runner = try runner()
    runner.environment["DODO_PAYMENTS_WEBHOOK_KEY"] = "whsec_***"
    let output = try runner.run(
      ["webhook", "verify", "--json"] + Self.vectorHeaders + ["--at", "1614265330", "-"], stdin: Self.vectorBody)
    #expect(output.status == 1)
    #expect(output.stdout.contains(#""code":"secret_not_base64""#))
  }

  @Test(arguments: ["\n", "\r\n"]) func verifyReadsARawRequest(lineEnd: String) throws {
    let request = [
      "POST /webhooks HTTP/1.1", "Host: example.com", "Content-Type: application/json",
      "Webhook-Id: msg_p5jXN8AQM9LWM0D4loKWxJek", "Webhook-Timestamp: 1614265330",
      "Webhook-Signature: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", "", Self.vectorBody,
    ].joined(separator: lineEnd)
    let output = try runner().run(["webhook", "verify", "--request", "-", "--at", "1614265330"], stdin: request)
    #expect(output.status == 0, "\(output)")
  }

  @Test func verifyRefusesAMixedOrIncompleteCommandLine() throws {
    let runner = try runner()
    #expect(try runner.run(["webhook", "verify", "--request", "-", "--id", "x"]).status == 64)
    #expect(try runner.run(["webhook", "verify", "--request", "-", "body.json"]).status == 64)
    #expect(try runner.run(["webhook", "verify", "--id", "x", "-"]).status == 64)
    #expect(try runner.run(["webhook", "verify"] + Self.vectorHeaders).status == 64)
    #expect(try runner.run(["webhook", "verify", "--request", "-", "--tolerance", "-5"]).status == 64)
    let notARequest = try runner.run(["webhook", "verify", "--request", "-"], stdin: "not a request\n\n")
    #expect(notARequest.status == 64)
    #expect(notARequest.stderr.contains("is not a header"))
  }

  @Test func verifyEscapesWhatCameFromOutside() throws {
    let request =
      "POST / HTTP/1.1\nwebhook-id: \u{1B}[31mevil\nwebhook-timestamp: 1\nwebhook-signature: v1,AAAA\n\n{\"type\":\"\\u001b]0;x\\u0007\"}"
    let output = try runner().run(["webhook", "verify", "--request", "-", "--at", "1"], stdin: request)
    #expect(output.status == 1)
    #expect(!output.stdout.contains("\u{1B}"))
    #expect(output.stdout.contains("]0;x"))
  }

  // MARK: send

  @Test func sendPostsASignedEventOfDodosShape() throws {
    let transport = RecordingTransport(.success(HTTPResponse(status: 200, body: Array("ok\nthanks\n".utf8))))
    let output = try runner().run(
      [
        "webhook", "send", "payment.succeeded", "--to", "http://127.0.0.1:3000/webhooks", "--set", "payment_id=pay_1",
        "--set", "total_amount=500",
      ], transport: transport)
    #expect(output.status == 0, "\(output)")
    expectSameText(output.stdout, "HTTP 200\nok\nthanks\n")
    #expect(output.stderr.hasPrefix("sent payment.succeeded ("))
    let request = try #require(transport.requests.first)
    #expect(request.url == "http://127.0.0.1:3000/webhooks" && request.method == .post)
    #expect(
      request.headers.map { $0.name.lowercased() } == [
        "webhook-id", "webhook-timestamp", "webhook-signature", "content-type",
      ])
    let verdict = WebhookVerifier(secret: try WebhookSecret(Self.secret)).verify(
      WebhookDelivery(headers: request.headers, body: request.body), now: Int64(Date().timeIntervalSince1970))
    #expect(verdict.isValid)
    #expect(verdict.eventType == "payment.succeeded")
    let event = try #require(JSONValue(parsing: request.body))
    #expect(event["data"]?["payload_type"] == .string("Payment"))
    #expect(event["data"]?["payment_id"] == .string("pay_1"))
    #expect(event["data"]?["total_amount"] == .number("500"))
  }

  @Test func sendTakesDataFromAFile() throws {
    let runner = try runner()
    let path = try runner.file("data.json", #"{"payload_type":"Payment","payment_id":"pay_9"}"#)
    let transport = RecordingTransport()
    let output = try runner.run(
      ["webhook", "send", "payment.failed", "--to", "http://127.0.0.1:1/", "--data", path, "--json"],
      transport: transport)
    #expect(output.status == 0, "\(output)")
    #expect(output.stdout.contains(#""type":"payment.failed","status":204"#))
    let body = String(decoding: try #require(transport.requests.first).body, as: UTF8.self)
    #expect(body.hasSuffix(#""data":{"payload_type":"Payment","payment_id":"pay_9"}}"#))
    let notJSON = try runner.file("bad.json", "{")
    #expect(
      try runner.run(["webhook", "send", "payment.failed", "--to", "http://127.0.0.1:1/", "--data", notJSON]).status
        == 64)
  }

  @Test func sendExitsOneUnlessTheAnswerIs2xx() throws {
    let refused = RecordingTransport(.success(HTTPResponse(status: 400, body: Array("bad signature".utf8))))
    let output = try runner().run(
      ["webhook", "send", "refund.succeeded", "--to", "http://127.0.0.1:1/"], transport: refused)
    #expect(output.status == 1)
    expectSameText(output.stdout, "HTTP 400\nbad signature\n")
    #expect(output.stderr.contains("rejected refund.succeeded") && !output.stderr.contains("sent"))
    let down = RecordingTransport(.failure(TransportError(.connection, "connection refused")))
    let none = try runner().run(
      ["webhook", "send", "refund.succeeded", "--to", "http://127.0.0.1:1/"], transport: down)
    #expect(none.status == 1)
    #expect(none.stderr.contains("connection refused"))
  }

  @Test func sendRefusesUnknownTypesAndBadOptions() throws {
    let runner = try runner()
    let unknown = try runner.run(["webhook", "send", "payment.done", "--to", "http://127.0.0.1:1/"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("payment.succeeded") && unknown.stderr.contains("license_key.created"))
    #expect(try runner.run(["webhook", "send", "payment.succeeded"]).status == 64)
    #expect(try runner.run(["webhook", "send", "payment.succeeded", "--to", "ftp://x/"]).status == 64)
    #expect(
      try runner.run(["webhook", "send", "payment.succeeded", "--to", "http://127.0.0.1:1/", "--set", "oops"]).status
        == 64)
  }

  @Test func plainHTTPToAnotherMachineIsRefusedUpFront() throws {
    let runner = try runner()
    let transport = RecordingTransport()
    for url in ["http://example.com/webhooks", "http://10.0.0.2:3000/", "http://127.0.0.1.example.com/"] {
      let sent = try runner.run(["webhook", "send", "payment.succeeded", "--to", url], transport: transport)
      #expect(sent.status == 64, "\(sent)")
      #expect(sent.stderr.contains("is plain http to another machine: use https://"), "\(sent)")
      let listened = try runner.run(["webhook", "listen", "--port", "0", "--forward-to", url])
      #expect(listened.status == 64, "\(listened)")
    }
    #expect(transport.requests.isEmpty)
    for url in ["https://example.com/webhooks", "http://localhost:3000/h", "http://[::1]:3000/", "http://127.0.0.2/"] {
      #expect(try runner.run(["webhook", "send", "payment.succeeded", "--to", url], transport: transport).status == 0)
    }
    #expect(transport.requests.count == 4)
  }

  @Test func listenRefusesBadOptionsBeforeListening() throws {
    let runner = try runner()
    #expect(try runner.run(["webhook", "listen"]).status == 64)
    #expect(try runner.run(["webhook", "listen", "--port", "70000"]).status == 64)
    #expect(try runner.run(["webhook", "listen", "--port", "0", "--forward-to", "nope"]).status == 64)
    #expect(try CommandRunner().run(["webhook", "listen", "--port", "0"]).status == 78)
  }
}
