import DodoCheckout
import DodoPlatform
import Foundation
import Testing

@testable import DodoCLI

/// Text from outside (a return URL's path, profile names, `browser:` values, plugin file names,
/// PATH directories, a browser command's failure) reaches the terminal through
/// `TerminalText.escaped`: its controls shown as `\x1b`, never acted on.
@Suite struct OutsideTextEscapingTests {
  static let title = "\u{1B}]0;pwned\u{07}"
  static let shownTitle = #"\x1b]0;pwned\x07"#

  /// Neither raw escapes nor bidi overrides in `text`, apart from dodo's own colours.
  func isSafe(_ text: String) -> Bool {
    let uncoloured = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    return !uncoloured.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }
  }

  @Test("config profiles, config show and validate show profile names and browser values escaped")
  func configOutput() throws {
    let runner = try CommandRunner()
    let file = try runner.file(
      "c.yaml",
      """
      default_profile: "shop\\u202Eevil"
      profiles:
        "shop\\u202Eevil":
          return_url: myapp://checkout/return
          browser: "firefox \\e]0;pwned\\a"

      """)
    let profiles = try runner.run(["--config", file, "config", "profiles"])
    #expect(profiles.status == 0, "\(profiles)")
    #expect(profiles.stdout == "shop\\u202eevil\n")
    let show = try runner.run(["--config", file, "config", "show"])
    #expect(show.status == 0, "\(show)")
    #expect(isSafe(show.stdout) && show.stdout.contains("shop\\u202eevil") && show.stdout.contains(Self.shownTitle))
    let validate = try runner.run(["--config", file, "validate"])
    #expect(isSafe(validate.stdout + validate.stderr), "\(validate)")
    #expect(validate.stdout.contains("profile: shop\\u202eevil"), "\(validate)")
  }

  @Test("a config file in a directory whose name holds escapes is shown escaped by config show, path and validate")
  func configPaths() throws {
    let runner = try CommandRunner()
    let file = try runner.file(
      "d\(Self.title)/c.yaml", "default_profile: shop\nprofiles:\n  shop:\n    return_url: myapp://checkout/return\n")
    for arguments in [["config", "show"], ["config", "path"], ["validate"]] {
      let run = try runner.run(["--config", file] + arguments)
      #expect(run.status == 0, "\(arguments): \(run)")
      #expect(isSafe(run.stdout + run.stderr), "\(arguments): \(run)")
      #expect(run.stdout.contains(Self.shownTitle), "\(arguments): \(run)")
    }
  }

  @Test("dodo help: plugin file names and PATH directories in its warnings are escaped")
  func pluginWarnings() throws {
    let runner = try CommandRunner()
    let directory = runner.scratch + "/bin\(Self.title)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // Not executable: warned about. A built-in's name: shadowed, warned about.
    try runner.file("bin\(Self.title)/dodo-x\(Self.title)", "#!/bin/sh\n", mode: 0o600)
    try runner.file("bin\(Self.title)/dodo-config", "#!/bin/sh\n", mode: 0o700)
    runner.environment["PATH"] = directory
    let run = try runner.run(["help"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("warning"), "\(run)")
    #expect(isSafe(run.stdout + run.stderr), "\(run)")
    #expect(run.stderr.contains(Self.shownTitle))
  }

  private func context(stderr: MemoryStream) -> Context {
    Context(
      environment: [:], stdout: OutputFile(MemoryStream()), stderr: OutputFile(stderr), stdinFD: .standardInput,
      globals: GlobalSettings(guessingFrom: []))
  }

  @Test("a warning shows what it carries from outside escaped (a browser command that fails to start, a path)")
  func warnings() throws {
    let stderr = MemoryStream(isTerminal: true)
    let context = context(stderr: stderr)
    let byHand = ByHand(
      context: context, checkoutURL: try CheckoutURL("https://test.checkout.dodopayments.com/session/cks_1"),
      returnURL: try ReturnURL("myapp://checkout/return"), pasteInto: nil)
    byHand.warn("cannot run the browser command 'firefox\(Self.title)': No such file or directory")
    context.stderr.flush()
    #expect(isSafe(stderr.text), "\(stderr.text)")
    #expect(stderr.text.contains("firefox" + Self.shownTitle))
  }

  @Test(
    "start's waiting line shows the return URL's decoded path escaped (its paste refusal is a warning, escaped as all are)",
    arguments: ["myapp://checkout/r%1b]0;pwned%07", "myapp://checkout/r%1b%5d0;pwned%07"])
  func returnURLPath(_ url: String) throws {
    guard let returnURL = try? ReturnURL(url) else { return }
    let stderr = MemoryStream(isTerminal: true)
    let context = context(stderr: stderr)
    let reporter = CheckoutEventReporter(
      context: context, format: nil,
      checkoutURL: try CheckoutURL("https://test.checkout.dodopayments.com/session/cks_1"), returnURL: returnURL,
      byHand: false)
    reporter.report(.opened, reason: nil)
    context.stderr.flush()
    #expect(stderr.text.contains("waiting for it to return to"))
    #expect(isSafe(stderr.text), "\(stderr.text)")
    #expect(stderr.text.contains(Self.shownTitle))
  }
}
