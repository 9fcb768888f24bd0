import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `dodo validate CHECKOUT_URL` checks what `dodo start CHECKOUT_URL` would run with.
@Suite struct ValidateSettingsTests {
  static let checkoutURL = "https://checkout.dodopayments.com/session/cks_1"

  /// A config file whose default profile has `browser`, in a directory of its own.
  /// The directory goes when the caller releases `folder`.
  static func config(browser: String) throws -> (path: String, folder: TemporaryDirectory) {
    let folder = TemporaryDirectory()
    let path = folder.sub("config.yaml")
    try "profiles:\n  default:\n    return_url: myapp://checkout/return?state=s\n    browser: \(browser)\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    return (path, folder)
  }

  @Test(
    "a profile's browser command with an unclosed quote is a configuration error at its line, in validate and start")
  func unbalancedBrowserCommand() throws {
    let (path, folder) = try Self.config(browser: #""firefox 'unterminated""#)
    defer { withExtendedLifetime(folder) {} }
    let problem = "the browser command has an unclosed single quote: firefox 'unterminated"
    for command in ["validate", "start"] {
      let text = try HelpSnapshotTests.run(["--config", path, command, Self.checkoutURL])
      expectSameText(
        text,
        """
        $ dodo --config \(path) \(command) \(Self.checkoutURL)
        [exit 78]
        --- stdout
        --- stderr
        \(path):4:14: error: \(problem)
            browser: "firefox 'unterminated"
                     ^

        """)
    }
    let json = try HelpSnapshotTests.run(["--config", path, "validate", Self.checkoutURL, "--json"])
    #expect(
      json.contains(
        """
        [exit 78]
        --- stdout
        {"valid":false,"error":{"code":"CONFIG_ERROR","message":"\(path):4:14: \(problem)"}}
        --- stderr

        """))
  }

  @Test("a valid browser command is reported with where it came from")
  func validBrowserCommand() throws {
    let (path, folder) = try Self.config(browser: #""firefox --new-window %s""#)
    defer { withExtendedLifetime(folder) {} }
    let text = try HelpSnapshotTests.run(["--config", path, "validate", Self.checkoutURL])
    expectSameText(
      text,
      """
      $ dodo --config \(path) validate \(Self.checkoutURL)
      [exit 0]
      --- stdout
      checkout URL: valid (live mode, session cks_1)
      config file: valid (\(path), 1 profile)
      profile: default (default)
      return URL: valid (file \(path):3:17)
      browser command: valid (file \(path):4:14)
      --- stderr

      """)
  }

  @Test("with a checkout URL and no --return-url, the return URL start would use is checked")
  func effectiveReturnURL() throws {
    let text = try HelpSnapshotTests.run(["validate", Self.checkoutURL]) { _ in ["DODO_RETURN_URL": "myapp:/x"] }
    #expect(
      text.hasPrefix(
        "$ dodo validate \(Self.checkoutURL)\n[exit 21]\n--- stdout\n--- stderr\nError: invalid return URL: "))
  }
}
