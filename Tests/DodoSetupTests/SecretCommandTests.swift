import DodoConfig
import DodoTestSupport
import Testing

@testable import DodoSetup

/// A secret from a profile's command: its first line, trimmed; a failure is located at the
/// command's line, and never shows what the command printed.
@Suite struct SecretCommandTests {
  let home = TemporaryDirectory()

  /// The webhook secret's source in a config whose profile runs `script` with `/bin/sh`
  /// (not the script itself: a file just written may still be open in a child another test
  /// forks, and executing it would then fail with ETXTBSY).
  func source(_ script: String) throws -> (SecretSource, Configuration) {
    let program = try home.write("secret", script + "\n")
    let config = try home.write(
      "c.yaml", "profiles:\n  default:\n    webhook_secret_command: /bin/sh \(program) 'a b'\n")
    let configuration = try Configuration.loadTrusted(configFlag: config, environment: [:])
    let settings = try APISettings(configuration: configuration, modeFlag: nil, profileFlag: nil, environment: [:])
    return (try #require(settings.webhookSecret), configuration)
  }

  @Test("the first line the command prints, without blanks and the CR of a CRLF")
  func firstLine() throws {
    let (source, configuration) = try source(#"[ "$1" = "a b" ] || exit 9; printf ' whsec_1\t\r\nsecond\n'"#)
    #expect(try source.resolve(in: configuration, environment: ["PATH": "/usr/bin:/bin"]) == "whsec_1")
  }

  @Test("a variable's value is the secret as it is")
  func environment() throws {
    let source = SecretSource.environment("DODO_PAYMENTS_WEBHOOK_KEY", value: " whsec_2")
    #expect(try source.resolve(in: try Configuration(files: []), environment: [:]) == " whsec_2")
  }

  @Test("a failing or silent command is a configuration error at its line that shows nothing it printed")
  func failures() throws {
    let (failing, configuration) = try source("echo whsec_leaked; exit 3")
    let error = #expect(throws: ConfigError.self) { try failing.resolve(in: configuration, environment: [:]) }
    #expect(
      error?.located.contains(":3:29: webhook_secret_command exited with status 3") == true,
      "\(String(describing: error))")
    #expect(error?.located.contains("whsec_leaked") == false)
    let (silent, again) = try source("echo")
    let nothing = #expect(throws: ConfigError.self) { try silent.resolve(in: again, environment: [:]) }
    #expect(nothing?.message.hasSuffix("printed nothing on its first line, so there is no secret") == true)
  }
}
