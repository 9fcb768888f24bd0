import DodoAccount
import DodoQRCode
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `--qr` on `checkout create` and `start` (account.md §E): the checkout URL's code on
/// standard error, drawn for the locale and the terminal.
@Suite("--qr: the checkout URL as a QR code")
struct QROptionTests {
  static let url = "https://test.checkout.dodopayments.com/session/cks_new"

  static func created(_ url: String = url) -> InMemoryTransport.Answer {
    .json(200, #"{"session_id":"cks_new","checkout_url":"\#(url)"}"#)
  }

  static func drawing(_ glyphs: QRCodeText.Glyphs, colours: Bool = false, of url: String = url) throws -> String {
    QRCodeText(glyphs: glyphs, colours: colours).draw(try QRCode(encoding: Array(url.utf8)))
  }

  func runner(locale: String? = "en_US.UTF-8", answer: InMemoryTransport.Answer = created()) throws -> CommandRunner {
    let runner = try CommandRunner()
    runner.transport = InMemoryTransport(["/checkouts": answer])
    runner.environment["DODO_PAYMENTS_API_KEY"] = CheckoutCreateTests.key
    runner.environment["LANG"] = locale
    return runner
  }

  @Test("checkout create: half blocks on standard error after the session id, the URL alone on standard output")
  func checkoutCreateHalfBlocks() throws {
    let output = try runner().run(["checkout", "create", "--product", "pdt_1", "--qr"])
    #expect(output.status == 0)
    #expect(output.stdout == Self.url + "\n")
    #expect(output.stderr.hasSuffix("Checkout session cks_new\n" + (try Self.drawing(.halfBlocks))))
    #expect(!output.stderr.contains("\u{1B}["))
  }

  @Test("## and two spaces in a locale that is not UTF-8, or none", arguments: [nil, "C", "en_US.ISO-8859-1"])
  func checkoutCreateASCII(locale: String?) throws {
    let output = try runner(locale: locale).run(["checkout", "create", "--product", "pdt_1", "--qr"])
    #expect(output.status == 0)
    #expect(output.stderr.hasSuffix(try Self.drawing(.ascii)))
  }

  @Test("black on white on a colour terminal; the characters alone with NO_COLOR or --no-color")
  func colours() throws {
    let terminal = try runner().run(
      ["checkout", "create", "--product", "pdt_1", "--qr"], stderr: MemoryStream(isTerminal: true))
    #expect(terminal.stderr.hasSuffix(try Self.drawing(.halfBlocks, colours: true)))
    let noColor = try runner()
    noColor.environment["NO_COLOR"] = "1"
    for (run, arguments) in [(noColor, [String]()), (try runner(), ["--no-color"])] {
      let output = try run.run(
        ["checkout", "create", "--product", "pdt_1", "--qr"] + arguments, stderr: MemoryStream(isTerminal: true))
      #expect(output.stderr.hasSuffix(try Self.drawing(.halfBlocks)))
    }
  }

  @Test("with --json standard error stays JSON off a terminal: a warning instead of the code")
  func json() throws {
    let output = try runner().run(["checkout", "create", "--product", "pdt_1", "--qr", "--json"])
    #expect(output.status == 0)
    #expect(output.stdout.hasPrefix(#"{"sessionId":"cks_new""#))
    #expect(
      output.stderr == #"{"warning":"--qr draws no code with --json when standard error is not a terminal"}"# + "\n")
    let terminal = try runner().run(
      ["checkout", "create", "--product", "pdt_1", "--qr", "--json"], stderr: MemoryStream(isTerminal: true))
    expectSameText(terminal.stderr, try Self.drawing(.halfBlocks, colours: true))
  }

  @Test("a URL no QR code holds: printed all the same, then exit 64 saying why")
  func tooLong() throws {
    let long = Self.url + "?q=" + String(repeating: "a", count: 2400)
    let output = try runner(answer: Self.created(long)).run(["checkout", "create", "--product", "pdt_1", "--qr"])
    #expect(output.status == 64)
    #expect(output.stdout == long + "\n")
    #expect(output.stderr.contains("--qr: the checkout URL is 2457 bytes, more than a QR code holds (2331 at level M)"))
  }

  @Test("start: the code before the browser opens; without a key, a warning that only a return by hand can finish")
  func startWithoutKey() throws {
    let start = try StartHarness()
    start.runner.environment["LANG"] = "C.UTF-8"
    start.browser = StartHarness.navigating(to: StartInProcessTests.back)
    let output = try start.run(["--qr"])
    #expect(output.status == 0)
    expectSameText(
      output.stderr,
      (try Self.drawing(.halfBlocks, of: StartHarness.checkout))
        + "dodo: warning: --qr: a phone cannot reach this machine's return URL, and without an API key (and a cks_ "
        + "session) dodo cannot ask Dodo how the checkout ended: only 'dodo handle-url URL' or pasting the address the "
        + "browser ended on can finish it\nOpening \(StartHarness.checkout) in your browser\n")
  }

  @Test("start with a key: no warning, since --qr turns --poll on (Dodo's mode is announced for it)")
  func startWithKey() throws {
    let start = try StartHarness()
    start.runner.environment["LANG"] = "C.UTF-8"
    start.runner.environment["DODO_PAYMENTS_API_KEY"] = CheckoutCreateTests.key
    start.runner.transport = InMemoryTransport(["/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: nil)])
    start.browser = StartHarness.navigating(to: StartInProcessTests.back)
    let output = try start.run(["--qr"])
    #expect(output.status == 0)
    expectSameText(
      output.stderr,
      "Dodo Payments test mode (https://test.dodopayments.com)\n"
        + (try Self.drawing(.halfBlocks, of: StartHarness.checkout))
        + "Opening \(StartHarness.checkout) in your browser\n")
  }

  @Test("start with a key but a checkout URL naming no session: nothing to poll, so the warning, and no error")
  func startWithKeyNoSession() throws {
    let start = try StartHarness()
    start.runner.environment["LANG"] = "C.UTF-8"
    start.runner.environment["DODO_PAYMENTS_API_KEY"] = CheckoutCreateTests.key
    let api = InMemoryTransport([:])
    start.runner.transport = api
    start.browser = StartHarness.navigating(to: StartInProcessTests.back)
    let output = try start.run(["--qr"], checkout: "https://checkout.dodopayments.com/session/")
    #expect(output.status == 0)
    #expect(output.stderr.contains("dodo: warning: --qr: a phone cannot reach this machine's return URL"))
    #expect(!output.stderr.contains("Dodo Payments test mode"))
    #expect(api.paths.isEmpty)
  }

  @Test("start: a checkout URL no QR code holds is exit 64 before anything opens")
  func startTooLong() throws {
    let start = try StartHarness()
    start.browser = { _ in Issue.record("the checkout was opened") }
    let output = try start.run(["--qr"], checkout: StartHarness.checkout + "?q=" + String(repeating: "a", count: 2400))
    #expect(output.status == 64)
    #expect(output.stderr.contains("--qr: the checkout URL is"))
    #expect(!start.recordExists)
  }
}
