import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// A browser that does not run: presenting it does what the test says to the return channel.
final class FakeBrowser: CheckoutPresenter {
  let server: ReturnChannelServer
  let onPresent: (ReturnChannelServer) -> Void
  private(set) var presented: [String] = []

  init(server: ReturnChannelServer, onPresent: @escaping (ReturnChannelServer) -> Void) {
    self.server = server
    self.onPresent = onPresent
  }

  func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    presented.append(url.string)
    onPresent(server)
  }

  func close() {}
}

/// `dodo start` run in-process on injected dependencies (`StartDependencies`): the real
/// checkout wiring in a scratch directory, without the test process's signals; a fake or real
/// browser; a fixed clock; standard input a pipe that counts as a terminal when pasting.
final class StartHarness {
  static let checkout = "https://checkout.dodopayments.com/session/cks_1"
  static let returnURL = "myapp://checkout/return?state=s3cr3t"
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  let runner: CommandRunner
  private(set) var codeReleases = 0
  /// Whether standard input counts as a terminal (a pasted return is read from it).
  var terminal = false
  /// What the fake browser does when it presents; `nil`: the real `BrowserLauncher`.
  var browser: ((ReturnChannelServer) -> Void)?

  init() throws {
    runner = try CommandRunner()
    runner.environment["DODO_STATE_DIR"] = runner.scratch + "/state"
    runner.environment["DODO_RUNTIME_DIR"] = runner.scratch + "/run"
    runner.environment["DISPLAY"] = ":0"
  }

  var dependencies: StartDependencies {
    var live = StartDependencies.live
    live.checkout = { directories throws(PlatformError) in
      try LocalCheckout(directories: directories, handlesSignals: false)
    }
    if let browser {
      live.browser = { launch in FakeBrowser(server: launch.server, onPresent: browser) }
    }
    live.now = { Self.now }
    live.isTerminal = { [terminal] _ in terminal }
    live.releaseProgramCode = { [weak self] in self?.codeReleases += 1 }
    return live
  }

  func run(_ options: [String], stdin: String = "", checkout: String = checkout) throws -> CommandRunner.Output {
    runner.start = dependencies
    return try runner.run(["start", checkout, "--return-url", Self.returnURL] + options, stdin: stdin)
  }

  /// A browser that comes back to `url`: handed to the return channel as a line, as a pasted
  /// return or `handle-url` would be. The line waits in a pipe whose read end the browser
  /// holds, and closes when it goes; the server only borrows it.
  static func navigating(to url: String) -> (ReturnChannelServer) -> Void {
    let line = try? { () throws -> SharedDescriptor in
      let pipe = try Syscalls.pipe()
      try Syscalls.writeAll(pipe.write, Array((url + "\n").utf8))
      return SharedDescriptor(pipe.read)
    }()
    return { server in
      guard let line else { return }
      server.watchLines(fd: UnownedDescriptor(borrowing: line.descriptor), onAnswer: { _, _ in })
    }
  }

  /// The abandoned-session record's path, there while the outcome is not final.
  var recordExists: Bool {
    FileManager.default.fileExists(atPath: runner.scratch + "/state/abandoned.json")
  }
}

@Suite("start in-process: result printing, cancel reasons, pasting")
struct StartInProcessTests {
  static let back = "myapp://checkout/return?status=succeeded&payment_id=pay_1&state=s3cr3t"

  @Test("a pasted return is printed as text, without the state; the record goes")
  func pastedText() throws {
    let start = try StartHarness()
    start.terminal = true
    let output = try start.run(["--no-open"], stdin: "not the return\n\(Self.back)\n")
    expectOutcome(
      output, status: 0,
      stdout: "\(StartHarness.checkout)\nstatus: succeeded\npaymentId: pay_1\n",
      stderr: """
        When it is finished, paste here the address the browser ended on.
        dodo: warning: that is not the return URL (myapp://checkout/return): paste the address the browser ended on

        """)
    #expect(!output.stdout.contains("s3cr3t") && !output.stderr.contains("s3cr3t"))
    #expect(!start.recordExists)
    #expect(start.codeReleases == 1)
  }

  @Test("with --json the result is one object, the checkout URL goes to standard error, nothing pasted is read")
  func json() throws {
    let start = try StartHarness()
    start.terminal = true
    // --json implies --no-input: the line is not read, and the timeout ends the wait.
    let output = try start.run(["--no-open", "--json", "--timeout", "0.05"], stdin: "\(Self.back)\n")
    #expect(output.status == 11)
    #expect(
      output.stdout
        == "{\"status\":\"cancelled\",\"reason\":\"timeout\",\"paymentId\":null,\"subscriptionId\":null,\"licenseKeys\":null,\"customerEmail\":null,\"raw\":{},\"warnings\":[]}\n"
    )
    #expect(output.stderr == "\(StartHarness.checkout)\n")
  }

  @Test("a return from the browser is printed; one without an id is unconfirmed: warned, in the JSON too, record kept")
  func fromBrowser() throws {
    let start = try StartHarness()
    start.browser = StartHarness.navigating(to: Self.back)
    let text = try start.run([])
    expectOutcome(
      text, status: 0, stdout: "status: succeeded\npaymentId: pay_1\n",
      stderr: "Opening \(StartHarness.checkout) in your browser\n")
    #expect(!start.recordExists)

    let unconfirmed = try StartHarness()
    unconfirmed.browser = StartHarness.navigating(to: "myapp://checkout/return?status=succeeded&state=s3cr3t")
    let output = try unconfirmed.run(["--json"])
    let warning =
      "no payment_id or subscription_id came back, and any local program or web page can send a status (to a "
      + "loopback port, or by opening the return URL's scheme): this succeeded is unconfirmed and the abandoned "
      + "session is kept; confirm the payment on your backend"
    expectOutcome(
      output, status: 0,
      stdout:
        "{\"status\":\"succeeded\",\"paymentId\":null,\"subscriptionId\":null,\"licenseKeys\":null,\"customerEmail\":null,\"raw\":{\"status\":\"succeeded\"},\"warnings\":[\"\(warning)\"]}\n",
      stderr: "{\"warning\":\"\(warning)\"}\n")
    #expect(unconfirmed.recordExists)
  }

  @Test(
    "each cancel reason is said after the status, in the JSON result and in the closed event",
    arguments: [
      ("timeout", ["--timeout", "0.05"], "status: cancelled (timed out after 0.05 s)"),
      ("interrupted", [], "status: cancelled (interrupted)"),
      (
        "browser_closed", ["--browser", "/usr/bin/true", "--browser-exit-cancels"],
        "status: cancelled (the browser was closed)"
      ),
    ])
  func cancelReasons(reason: String, options: [String], line: String) throws {
    let start = try StartHarness()
    if reason == "interrupted" { start.browser = { server in server.cancel() } }
    if reason == "timeout" { start.browser = { _ in } }
    let text = try start.run(options)
    #expect(text.status == 11)
    #expect(text.stdout.hasPrefix(line + "\n"), "\(text)")
    #expect(
      text.stdout.hasSuffix(
        "The outcome is not final: see 'dodo abandoned show', and confirm the payment on your backend.\n"))
    #expect(start.recordExists)

    let json = try StartHarness()
    json.browser = start.browser
    let output = try json.run(options + ["--json", "--events", "json"])
    #expect(output.status == 11)
    #expect(
      output.stdout
        == "{\"status\":\"cancelled\",\"reason\":\"\(reason)\",\"paymentId\":null,\"subscriptionId\":null,\"licenseKeys\":null,\"customerEmail\":null,\"raw\":{},\"warnings\":[]}\n"
    )
    let closed = output.stderr.split(separator: "\n").last.map(String.init)
    #expect(closed == "{\"name\":\"checkout.closed\",\"at\":\"2027-01-15T08:00:00Z\",\"reason\":\"\(reason)\"}")
  }
}
