import DodoAccount
import DodoCheckout
import DodoConfig
import DodoPlatform
import Foundation
import Testing

@testable import DodoCLI

/// `Context.apiAccess()`: the mode, base URL, key and timeout a command calls the API with,
/// and the transport injected into `Dodo.main`, in-process.
@Suite struct APIAccessTests {
  let runner: CommandRunner

  init() throws { runner = try CommandRunner() }

  /// A context for `dodo GLOBALS config show`, with `transport`.
  func context(_ globals: [String], transport: (any HTTPTransport)? = nil) throws -> Context {
    guard
      case .run(let invocation, _) = try CommandLineParser(root: CommandTree.root).parse(globals + ["config", "show"])
    else { throw CLIError.usage("not a command", command: []) }
    return Context(
      environment: runner.environment, stdout: OutputFile(MemoryStream()), stderr: OutputFile(MemoryStream()),
      stdinFD: .standardInput, globals: GlobalSettings(invocation), transport: .injected(transport ?? ScriptedAPI([])),
      sleep: { _ in })
  }

  func access(_ globals: [String] = [], transport: (any HTTPTransport)? = nil) throws(CLIError) -> APIAccess {
    let context: Context
    do { context = try self.context(globals, transport: transport) } catch { throw .usage("\(error)", command: []) }
    return try context.apiAccess()
  }

  /// An executable script in the scratch directory (named by its path: `posix_spawnp`
  /// searches this process's PATH, not the runner's).
  func script(_ name: String, _ body: String) throws {
    try runner.file(name, "#!/bin/sh\n\(body)\n", mode: 0o700)
  }

  @Test func noKeyIsAConfigErrorNamingBothWays() {
    let error = #expect(throws: CLIError.self) { try access() }
    #expect(error?.exitStatus == .configuration)
    #expect(error?.message.contains("$DODO_PAYMENTS_API_KEY") == true)
    #expect(error?.message.contains("api_key_command") == true)
  }

  @Test func theKeyFromTheEnvironmentAndTheModesBaseURL() throws {
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_env"
    let test = try access()
    #expect(test.credentials.mode == .test)
    #expect(test.credentials.baseURL == "https://test.dodopayments.com")
    #expect(test.credentials.apiKey == "sk_env")
    #expect(test.credentials.keySource == "DODO_PAYMENTS_API_KEY")
    #expect(test.timeout == 30)
    let live = try access(["--mode", "live", "--api-timeout", "2.5"])
    #expect(live.credentials.mode == .live)
    #expect(live.credentials.baseURL == "https://live.dodopayments.com")
    #expect(live.timeout == 2.5)
    runner.environment["DODO_PAYMENTS_ENVIRONMENT"] = "live_mode"
    runner.environment["DODO_PAYMENTS_BASE_URL"] = "https://127.0.0.1:4443/"
    let overridden = try access()
    #expect(overridden.credentials.mode == .live)
    #expect(overridden.credentials.baseURL == "https://127.0.0.1:4443")
  }

  @Test(arguments: ["0", "-1", "x", "1e9"])
  func aBadAPITimeoutIsAUsageError(_ value: String) {
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_env"
    let error = #expect(throws: CLIError.self) { try access(["--api-timeout", value]) }
    #expect(error?.exitStatus == .usage)
  }

  @Test func theKeyFromTheProfilesCommandIsItsFirstLine() throws {
    try script("dodo-key", #"[ "$1" = "dodo/test key" ] || exit 9; printf ' sk_from_command\r\nsecond line\n'"#)
    let config = try runner.file(
      "c.yaml", "profiles:\n  default:\n    api_key_command: \(runner.scratch)/dodo-key 'dodo/test key'\n")
    let access = try access(["--config", config])
    #expect(access.credentials.apiKey == "sk_from_command")
    #expect(access.credentials.keySource == "api_key_command (\(config):3:22)")
  }

  @Test func aFailingKeyCommandIsAConfigErrorThatShowsNoOutput() throws {
    try script("dodo-key", "echo sk_leaked; exit 3")
    let config = try runner.file("c.yaml", "profiles:\n  default:\n    api_key_command: \(runner.scratch)/dodo-key\n")
    let error = #expect(throws: CLIError.self) { try access(["--config", config]) }
    #expect(error?.exitStatus == .configuration)
    #expect(error?.message.contains("\(config):3:22: api_key_command exited with status 3") == true)
    #expect(error?.message.contains("sk_leaked") == false)
    try script("dodo-key", "true")
    #expect(throws: CLIError.self) { try access(["--config", config]) }
  }

  @Test func requestsGoThroughTheInjectedTransportWithRetries() throws {
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_env"
    let api = ScriptedAPI([
      HTTPResponse(status: 503), HTTPResponse(status: 200, body: Array(#"{"payment_id":"pay_1"}"#.utf8)),
    ])
    let access = try access(transport: api)
    #expect(try access.api.payment("pay_1").paymentId == "pay_1")
    #expect(api.sent.map(\.url) == Array(repeating: "https://test.dodopayments.com/payments/pay_1", count: 2))
    #expect(api.sent.first?.headers.contains(HTTPHeader("Authorization", "Bearer sk_env")) == true)
    #expect(api.sent.first?.timeout == 30)
  }

  @Test func dodoMainTakesATransport() throws {
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_env"
    let api = ScriptedAPI([])
    let status = Dodo.main(arguments: ["config", "show"], environment: runner.environment, transport: .injected(api))
    #expect(status == 0)
    #expect(api.sent.isEmpty, "config show calls no API")
  }
}

/// An in-memory Dodo API: answers in order, records what it was sent.
final class ScriptedAPI: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var answers: [HTTPResponse]
  private var requests: [HTTPRequest] = []

  init(_ answers: [HTTPResponse]) { self.answers = answers }

  var sent: [HTTPRequest] { lock.withLock { requests } }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let answer: HTTPResponse? = lock.withLock {
      requests.append(request)
      return answers.isEmpty ? nil : answers.removeFirst()
    }
    guard let answer else { throw TransportError(.connection, "no scripted answer left") }
    return answer
  }
}
