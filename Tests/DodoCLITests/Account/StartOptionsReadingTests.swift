import DodoAccount
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// Reading `start`'s options has no side effects (architecture.md): no request, no file, no
/// secret command; the session `--product` asks for is created in the run step.
@Suite struct StartOptionsReadingTests {
  static let created = InMemoryTransport.Answer.json(
    200, #"{"session_id":"cks_made","checkout_url":"https://test.checkout.dodopayments.com/session/cks_made"}"#)

  /// Every file and directory under `root`, for a before-and-after comparison.
  static func files(under root: String) -> [String] {
    (FileManager.default.subpaths(atPath: root) ?? []).sorted()
  }

  @Test("start --product: reading the options sends nothing, writes nothing and runs no key command; the run does")
  func productOptionsTouchNothing() throws {
    let start = try StartHarness()
    let runner = start.runner
    let ran = runner.scratch + "/key-command-ran"
    try runner.file(
      "dodo-key", "#!/bin/sh\nPATH=/usr/bin:/bin\ntouch '\(ran)'\necho sk_test_from_command\n", mode: 0o700)
    let config = try runner.file("c.yaml", "profiles:\n  default:\n    api_key_command: \(runner.scratch)/dodo-key\n")
    let api = InMemoryTransport(["/checkouts": Self.created])
    let arguments = [
      "--config", config, "start", "--product", "pdt_x", "--return-url", "myapp://checkout/return", "--confirm",
      "--poll", "5", "--no-open", "--timeout", "0.05",
    ]
    guard case .run(let invocation, _) = try CommandLineParser(root: CommandTree.root).parse(arguments) else {
      Issue.record("start did not parse as a command")
      return
    }
    let (stdout, stderr) = (MemoryStream(), MemoryStream())
    let context = Context(
      environment: runner.environment, stdout: OutputFile(stdout), stderr: OutputFile(stderr),
      stdinFD: .standardInput, globals: GlobalSettings(invocation), transport: .injected(api), sleep: { _ in })
    let before = Self.files(under: runner.scratch)

    let options = try StartOptions(invocation, context: context)
    #expect(api.requests.isEmpty, "reading the options sent \(api.paths)")
    #expect(Self.files(under: runner.scratch) == before, "reading the options wrote a file")
    #expect(!FileManager.default.fileExists(atPath: ran), "reading the options ran the key command")
    context.stderr.flush()
    #expect(stdout.text.isEmpty && stderr.text.isEmpty, "reading the options printed: \(stderr.text)")

    let status = try StartRun(options: options, context: context, dependencies: start.dependencies).run()
    #expect(api.requests.first?.method == .post)
    #expect(api.paths == ["/checkouts", "/checkouts/cks_made"])
    #expect(FileManager.default.fileExists(atPath: ran))
    #expect(status == .pending, "timed out, and Dodo named no payment: unconfirmed")
  }

  @Test(
    "an invalid option after --product is its error, with no session created",
    arguments: [
      (["--poll=x"], 64, "Error: invalid value 'x' for '--poll'"),
      (["--poll=0"], 64, "Error: invalid value '0' for '--poll'"),
      (["--license-name", "n"], 64, "Error: --license-name needs --activate-license"),
      (["--confirm-wait", "3"], 64, "Error: --confirm-wait needs --confirm"),
      (["--return-url", "myapp:/r"], 21, "Error: invalid return URL"),
      (["--browser", "'x"], 23, "Error: the browser command has an unclosed single quote: 'x\n"),
      (["--no-open", "--browser", "x"], 64, "Error: --browser and --no-open cannot be used together"),
    ])
  func invalidLaterOption(options: [String], status: Int32, error: String) throws {
    let runner = try CommandRunner()
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_key"
    let api = InMemoryTransport(["/checkouts": Self.created])
    runner.transport = api
    let output = try runner.run(
      ["start", "--product", "pdt_1", "--return-url", "myapp://r"] + options + ["--timeout", "1"])
    #expect(output.status == status, "\(output)")
    #expect(output.stderr.hasPrefix(error), "\(output)")
    #expect(output.stdout.isEmpty)
    #expect(api.requests.isEmpty, "a session was created: \(api.paths)")
  }

  @Test("a profile's browser command that does not split, with --product: exit 78, no session created")
  func badProfileBrowserWithProduct() throws {
    let runner = try CommandRunner()
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_key"
    let api = InMemoryTransport(["/checkouts": Self.created])
    runner.transport = api
    let config = try runner.file("c.yaml", "profiles:\n  default:\n    browser: \"'x\"\n")
    let output = try runner.run(["--config", config, "start", "--product", "pdt_1", "--return-url", "myapp://r"])
    #expect(output.status == 78, "\(output)")
    #expect(output.stderr.hasPrefix("\(config):3:14: error: the browser command has an unclosed single quote"))
    #expect(api.requests.isEmpty, "a session was created: \(api.paths)")
  }

  @Test("a bad option is said before the key command runs: it never runs for a start that cannot go ahead")
  func optionErrorsComeBeforeTheKeyCommand() throws {
    let runner = try CommandRunner()
    let ran = runner.scratch + "/key-command-ran"
    try runner.file("dodo-key", "#!/bin/sh\nPATH=/usr/bin:/bin\ntouch '\(ran)'\nexit 1\n", mode: 0o700)
    let config = try runner.file("c.yaml", "profiles:\n  default:\n    api_key_command: \(runner.scratch)/dodo-key\n")
    let output = try runner.run([
      "--config", config, "start", "https://test.checkout.dodopayments.com/session/cks_1", "--confirm",
    ])
    #expect(output.status == 64, "\(output)")
    #expect(output.stderr.hasPrefix("Error: no return URL"), "\(output)")
    #expect(!FileManager.default.fileExists(atPath: ran))
  }
}
