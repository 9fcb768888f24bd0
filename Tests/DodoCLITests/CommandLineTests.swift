import DodoAccount
import DodoConfig
import DodoTestSupport
import Testing

@testable import DodoCLI

/// The command line as a whole, in-process: the version, help by every spelling, global
/// options anywhere, and the errors of a command line that does not parse.
@Suite struct CommandLineTests {
  static let validateUsage = """
    Usage: dodo validate [<checkout-url>] [--return-url URL]
      See 'dodo validate --help'.

    """

  @Test func version() throws {
    expectOutcome(
      try CommandRunner().run(["--version"]), status: 0,
      stdout: "dodo 0.1.0 (libyaml \(LibYAML.version), libsodium \(LibSodium.version))\n", stderr: "")
    #expect(LibYAML.version.split(separator: ".").count == 3, "libyaml's version: \(LibYAML.version)")
  }

  @Test("no command prints the root's help")
  func noCommand() throws {
    let runner = try CommandRunner()
    let help = try runner.run(["--help"])
    #expect(help.stdout.hasPrefix("OVERVIEW: Run and decode Dodo Payments hosted checkouts from the shell. "))
    #expect(try runner.run([]) == help)
  }

  @Test("--help, -h and dodo help COMMAND print the same help")
  func helpSpellings() throws {
    let runner = try CommandRunner()
    let help = try runner.run(["validate", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("OVERVIEW: Check a checkout URL, a return URL, and the configuration in effect.\n"))
    for arguments in [["validate", "-h"], ["help", "validate"], ["--help", "validate"]] {
      #expect(try runner.run(arguments) == help, "\(arguments)")
    }
  }

  @Test("global options stand before or after the command")
  func globalOptionsAnywhere() throws {
    let runner = try CommandRunner()
    let valid = CommandRunner.Output(status: 0, stdout: #"{"valid":true}"# + "\n", stderr: "")
    #expect(try runner.run(["--json", "validate", "https://checkout.dodopayments.com/session/cks_1"]) == valid)
    #expect(try runner.run(["validate", "https://checkout.dodopayments.com/session/cks_1", "--json"]) == valid)
  }

  @Test("an unknown option: Error, suggestion, usage, hint, exit 64")
  func unknownOption() throws {
    expectOutcome(
      try CommandRunner().run(["validate", "--retrun-url", "x"]), status: 64, stdout: "",
      stderr: "Error: unknown option '--retrun-url'. Did you mean '--return-url'?\n" + Self.validateUsage)
  }

  @Test("a missing option value is a usage error")
  func missingValue() throws {
    expectOutcome(
      try CommandRunner().run(["validate", "--return-url"]), status: 64, stdout: "",
      stderr: "Error: option '--return-url' needs a value (URL)\n" + Self.validateUsage)
  }

  @Test("an unexpected argument is a usage error")
  func unexpectedArgument() throws {
    expectOutcome(
      try CommandRunner().run(["validate", "https://checkout.dodopayments.com/session/a", "extra"]), status: 64,
      stdout: "", stderr: "Error: unexpected argument 'extra'\n" + Self.validateUsage)
  }

  @Test("an unknown command exits 127 with a suggestion")
  func unknownCommand() throws {
    expectOutcome(
      try CommandRunner().run(["validte"]), status: 127, stdout: "",
      stderr:
        "Error: unknown command 'validte'. Did you mean 'validate'?\n  See 'dodo help' for the list of commands.\n")
  }

  @Test("with --json, a command line that does not parse is a JSON error, wherever --json stands")
  func parseErrorsAsJSON() throws {
    let runner = try CommandRunner()
    expectOutcome(
      try runner.run(["--json", "validte"]), status: 127, stdout: "",
      stderr:
        #"{"error":{"code":"UNKNOWN_COMMAND","message":"unknown command 'validte'. Did you mean 'validate'?"}}"#
        + "\n")
    expectOutcome(
      try runner.run(["validate", "--retrun-url", "--json"]), status: 64, stdout: "",
      stderr:
        #"{"error":{"code":"USAGE_ERROR","message":"unknown option '--retrun-url'. Did you mean '--return-url'?"}}"#
        + "\n")
  }

  @Test("-- ends the options: what follows is an argument, even --json")
  func doubleDash() throws {
    let output = try CommandRunner().run(["explain-status", "--json", "--", "--requires-nothing"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    #expect(output.stdout.hasPrefix(#"{"input":"--requires-nothing","result":{"status":"pending","#))
    let unparsed = try CommandRunner().run(["validte", "--", "--json"])
    #expect(unparsed.stderr.hasPrefix("Error: unknown command 'validte'."), "--json after -- is no global option")
  }

  @Test("an unknown command and an unexpected argument are shown with their controls escaped, never obeyed")
  func argumentsAreShownEscaped() throws {
    let runner = try CommandRunner()
    expectOutcome(
      try runner.run(["\u{1b}]0;owned\u{07}x\ny"]), status: 127, stdout: "",
      stderr: "Error: unknown command '\\x1b]0;owned\\x07x\\ny'\n  See 'dodo help' for the list of commands.\n")
    expectOutcome(
      try runner.run(["validate", "https://checkout.dodopayments.com/session/a", "e\u{1b}[2J\r\u{202e}x"]), status: 64,
      stdout: "", stderr: "Error: unexpected argument 'e\\x1b[2J\\r\\u202ex'\n" + Self.validateUsage)
  }
}
