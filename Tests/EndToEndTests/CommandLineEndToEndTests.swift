import Foundation
import Testing

@Suite("the dodo command line")
struct CommandLineEndToEndTests {
  @Test("--version")
  func version() throws {
    let run = try Dodo.run(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout == "dodo 0.1.0\n")
  }

  @Test("no command prints the overview and the commands")
  func noCommand() throws {
    let run = try Dodo.run([])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("OVERVIEW: Run and decode Dodo Payments hosted checkouts from the shell.\n"))
    #expect(run.stdout.contains("\nSUBCOMMANDS:\n"))
    #expect(run.stdout.contains("  explain-status   "))
  }

  @Test("--help, -h and dodo help COMMAND print the same help", arguments: [
    ["validate", "--help"], ["validate", "-h"], ["help", "validate"], ["--help", "validate"],
  ])
  func help(_ arguments: [String]) throws {
    let run = try Dodo.run(arguments)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("OVERVIEW: Check a checkout URL, a return URL, and the configuration in effect.\n"))
    #expect(run.stdout.contains("USAGE: dodo validate [<checkout-url>] [--return-url URL]\n"))
  }

  @Test("global options stand before or after the command")
  func globalOptionsAnywhere() throws {
    let before = try Dodo.run(["--json", "validate", "https://checkout.dodopayments.com/session/cks_1"])
    let after = try Dodo.run(["validate", "https://checkout.dodopayments.com/session/cks_1", "--json"])
    #expect(before.stdout == #"{"valid":true}"# + "\n")
    #expect(after.stdout == before.stdout)
  }

  @Test("an unknown option: Error, usage, hint, suggestion, exit 64")
  func unknownOption() throws {
    let run = try Dodo.run(["validate", "--retrun-url", "x"])
    #expect(run.status == 64)
    #expect(run.stdout == "")
    #expect(
      run.stderr == """
        Error: unknown option '--retrun-url'. Did you mean '--return-url'?
        Usage: dodo validate [<checkout-url>] [--return-url URL]
          See 'dodo validate --help'.

        """)
  }

  @Test("a missing option value is a usage error")
  func missingValue() throws {
    let run = try Dodo.run(["validate", "--return-url"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: option '--return-url' needs a value (URL)\n"))
  }

  @Test("an unexpected argument is a usage error")
  func unexpectedArgument() throws {
    let run = try Dodo.run(["validate", "https://checkout.dodopayments.com/session/a", "extra"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: unexpected argument 'extra'\n"))
  }

  @Test("an unknown command exits 127 with a suggestion")
  func unknownCommand() throws {
    let run = try Dodo.run(["validte"])
    #expect(run.status == 127)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("Error: unknown command 'validte'. Did you mean 'validate'?\n"))
  }

  @Test("-- ends the options")
  func doubleDash() throws {
    let run = try Dodo.run(["explain-status", "--json", "--", "--requires-nothing"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix(#"{"input":"--requires-nothing","result":{"status":"pending""#))
  }
}
