import Foundation
import Testing

/// Text from outside (an argument, a plugin's file name, a config line) reaches a terminal
/// with its controls shown as `\x1b`, `\n`, never acted on.
@Suite struct TerminalEscapingTests {
  @Test func aPluginNameInHelpIsShownEscaped() throws {
    let home = TemporaryDirectory()
    try home.writeProgram("bin/dodo-a\u{1b}[31mb", "#!/bin/sh\n")
    let bin = home.url.appendingPathComponent("bin").path
    let run = try Dodo.run(["help"], environment: Dodo.environment(home: home.url, ["PATH": bin + ":/usr/bin:/bin"]))
    #expect(run.status == 0)
    #expect(run.stdout.contains("  a\\x1b[31mb "))
    #expect(run.stdout.contains("\(bin)/dodo-a\\x1b[31mb\n"))
    #expect(!run.stdout.contains("\u{1b}"))
  }

  @Test func startsResultFieldsAreShownEscaped() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(start.waitUntilListening())
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded&payment_id=a%1b]0;x%07b&email=c%0d%e2%80%aed"))
    let output = start.finish()
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasSuffix("status: succeeded\npaymentId: a\\x1b]0;x\\x07b\ncustomerEmail: c\\r\\u202ed\n"))
  }
}
