import DodoTestSupport
import Testing

@testable import DodoCLI

/// `start`'s own checks of its arguments, which run before any directory, lock or browser is
/// touched: whole output compared, so that dropping a check, or changing its message or exit
/// status, fails here (an unchecked start would instead warn about its runtime directory, or
/// get as far as the lock).
@Suite("start: argument checks")
struct StartArgumentTests {
  static let checkout = "https://checkout.dodopayments.com/session/cks_1"

  /// (`--timeout` only bounds the wait of a start that would wrongly go ahead.)
  @Test("--browser with --no-open is a usage error")
  func browserWithNoOpen() throws {
    let arguments = [
      "start", Self.checkout, "--return-url", "myapp://r", "--no-open", "--browser", "firefox", "--timeout", "1",
    ]
    expectSameText(
      try HelpSnapshotTests.run(arguments),
      """
      $ dodo \(arguments.joined(separator: " "))
      [exit 64]
      --- stdout
      --- stderr
      Error: --browser and --no-open cannot be used together
      \(Self.usage)
      """)
  }

  @Test("no return URL from a flag, the environment or a profile is a usage error")
  func noReturnURL() throws {
    expectSameText(
      try HelpSnapshotTests.run(["start", Self.checkout]),
      """
      $ dodo start \(Self.checkout)
      [exit 64]
      --- stdout
      --- stderr
      Error: no return URL: pass --return-url URL, set DODO_RETURN_URL, or set return_url in the profile
      \(Self.usage)
      """)
  }

  @Test(
    "an invalid checkout URL or return URL has its own exit status before anything is touched",
    arguments: [
      (
        ["start", "https://example.com/session/cks_1", "--return-url", "myapp://r"], 20,
        "Error: invalid checkout URL: the host must be checkout.dodopayments.com or test.checkout.dodopayments.com, not 'example.com'"
      ),
      (
        ["start", checkout, "--return-url", "myapp:/r"], 21,
        "Error: invalid return URL: it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return'"
      ),
    ])
  func invalidURL(arguments: [String], status: Int, message: String) throws {
    expectSameText(
      try HelpSnapshotTests.run(arguments),
      """
      $ dodo \(arguments.joined(separator: " "))
      [exit \(status)]
      --- stdout
      --- stderr
      \(message)

      """)
  }

  static let usage = """
    Usage: dodo start [<checkout-url>] [--return-url URL] [--browser CMD]
                      [--timeout SECONDS] [--dismiss-button-style done|close|cancel]
                      [--presentation-style pageSheet|fullScreen]
                      [--bar-collapsing-enabled true|false]
                      [--color-scheme system|light|dark] [--theme THEME]
                      [--language CODE] [--redirect-immediately]
                      [--browser-exit-cancels] [--no-open] [--no-input]
                      [--events text|json] [--product ID[:QTY]] [--confirm]
                      [--confirm-wait SECONDS] [--poll [SECONDS]] [--no-cancel-url]
                      [--activate-license] [--license-name NAME] [--qr]
      See 'dodo start --help'.

    """
}
