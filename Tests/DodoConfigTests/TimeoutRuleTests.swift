import DodoTestSupport
import Testing

@testable import DodoConfig

/// One rule for a timeout, whether it comes from `--timeout` or a config file.
@Suite struct TimeoutRuleTests {
  @Test(arguments: [
    ("900", 900.0), ("1.5", 1.5), (".5", 0.5), ("2e3", 2000.0), ("+7", 7.0), ("31536000", 31_536_000.0),
  ])
  func validTimeouts(text: String, seconds: Double) {
    #expect(CommandLineSettings.timeout(text) == seconds)
  }

  @Test(arguments: [
    "0", "-1", "0.0", "31536001", "1e99", "ten", "", "0x10", ".inf", ".nan", "1e", "1.2.3", "15m", " 5",
  ])
  func invalidTimeouts(text: String) {
    #expect(CommandLineSettings.timeout(text) == nil)
  }

  @Test func windowsLineEndingsAreNotQuoted() {
    expectSameText(
      renderedError("profiles:\r\n  a:\r\n    timeout: soon\r\n"),
      """
      config.yaml:3:14: error: 'timeout' must be a positive number of seconds, found a string
          timeout: soon
                   ^
      """)
  }
}
