import DodoConfig
import DodoPlatform
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

/// A secret's command pasted as the secret itself, or one that misbehaves: never shown, never
/// waited for without end.
@Suite struct SecretCommandMishapTests {
  let home = TemporaryDirectory()

  func source(key: String = "api_key_command", _ value: String) throws -> (SecretSource, Configuration) {
    let config = try home.write("c.yaml", "profiles:\n  default:\n    \(key): \(value)\n")
    let configuration = try Configuration.loadTrusted(configFlag: config, environment: [:])
    let settings = try APISettings(configuration: configuration, modeFlag: nil, profileFlag: nil, environment: [:])
    return (try #require(key == "api_key_command" ? settings.apiKey : settings.webhookSecret), configuration)
  }

  @Test(
    "a command that is the secret itself is said to look like one, its value and line never shown",
    arguments: [
      ("api_key_command", "sk_test_51Hq2xPz"), ("api_key_command", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA"),
      ("webhook_secret_command", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"),
    ])
  func theSecretItself(key: String, value: String) throws {
    let (pasted, configuration) = try source(key: key, value)
    let error = #expect(throws: ConfigError.self) {
      try pasted.resolve(in: configuration, environment: ["PATH": "/usr/bin:/bin"])
    }
    let shown = error?.rendered ?? ""
    #expect(shown.contains(":3:\(key.count + 7): error: \(key) looks like the secret itself"), "\(shown)")
    #expect(!shown.contains(value))
    #expect(!shown.contains(String(value.prefix(8))))
  }

  @Test("a command's failure never shows its line or its program")
  func noLineNoProgram() throws {
    let (missing, configuration) = try source("no-such-program-x9 show dodo/test")
    let error = #expect(throws: ConfigError.self) {
      try missing.resolve(in: configuration, environment: ["PATH": "/usr/bin:/bin"])
    }
    let shown = error?.rendered ?? ""
    #expect(shown.contains("api_key_command cannot run its program"), "\(shown)")
    #expect(!shown.contains("no-such-program-x9"))
  }

  @Test("its exit ends the wait, though a background child of its still holds its output")
  func backgroundChild() throws {
    let program = try home.write("key", "echo sk_from_command\nsleep 20 &\nexit 0\n")
    let (source, configuration) = try source("/bin/sh \(program)")
    let clock = ContinuousClock()
    let start = clock.now
    #expect(try source.resolve(in: configuration, environment: ["PATH": "/usr/bin:/bin"]) == "sk_from_command")
    #expect(clock.now - start < .seconds(10))
  }

  @Test("an output far longer than a pipe holds is read while the command runs")
  func longOutput() throws {
    let program = try home.write("key", "echo sk_long\nhead -c 1000000 /dev/zero\n")
    let (source, configuration) = try source("/bin/sh \(program)")
    #expect(try source.resolve(in: configuration, environment: ["PATH": "/usr/bin:/bin"]) == "sk_long")
  }

  @Test("a command that runs past its limit is stopped, with a clear error")
  func timeLimit() throws {
    let program = try home.write("key", "sleep 20\n")
    let (source, configuration) = try source("/bin/sh \(program)")
    let clock = ContinuousClock()
    let start = clock.now
    let error = #expect(throws: ConfigError.self) {
      try source.resolve(in: configuration, environment: ["PATH": "/usr/bin:/bin"], timeLimit: .milliseconds(200))
    }
    #expect(clock.now - start < .seconds(10))
    #expect(error?.message == "api_key_command did not finish within 0.2 s, so it was stopped and there is no secret")
  }
}

/// The secrets' variables as DodoPlatform strips them from a browser's or probe's environment.
@Suite struct SecretVariablesTests {
  @Test func theyAreTheVariablesOfTheKeyAndTheWebhookSecret() {
    #expect(SecretVariables.names == [APISettings.apiKeyVariable, APISettings.webhookSecretVariable])
  }

  @Test("a command that never stops printing is still stopped at its limit")
  func endlessOutput() throws {
    let config = TemporaryDirectory()
    let file = try config.write("c.yaml", "profiles:\n  default:\n    api_key_command: yes sk_endless\n")
    let configuration = try Configuration.loadTrusted(configFlag: file, environment: [:])
    let settings = try APISettings(configuration: configuration, modeFlag: nil, profileFlag: nil, environment: [:])
    let source = try #require(settings.apiKey)
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: ConfigError.self) {
      try source.resolve(in: configuration, environment: ["PATH": "/usr/bin:/bin"], timeLimit: .milliseconds(300))
    }
    #expect(clock.now - start < .seconds(10))
  }
}
