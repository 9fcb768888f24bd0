import DodoConfig
import DodoPlatform

extension SecretSource {
  /// How long a secret's command may run (`pass` may wait for a passphrase to be typed).
  package static let commandTimeLimit: Duration = .seconds(120)

  /// The secret itself: the variable's value, or the first line of what the command prints
  /// (run without a shell, its words split like the browser command's). A command that
  /// cannot run, fails, runs past `timeLimit` or prints nothing is a configuration error at
  /// its line in `configuration`. Its output is never shown, nor its line or program: a
  /// command that is the secret itself, pasted by mistake, is said to look like one.
  package func resolve(
    in configuration: Configuration, environment: [String: String], timeLimit: Duration = commandTimeLimit
  ) throws(ConfigError) -> String {
    switch self {
    case .environment(_, let value):
      return value
    case .command(let command, let key):
      func failure(_ message: String) -> ConfigError {
        var error =
          configuration.error("\(key) \(message)", at: command.source)
          ?? ConfigError(path: nil, message: "\(key) (\(command.source)) \(message)")
        error.sourceLine = nil
        return error
      }
      if Self.looksLikeASecret(command.value) {
        throw failure(
          "looks like the secret itself, not a command that prints it: put the command there (such as "
            + "'pass show dodo/test'), or the secret in $\(Self.variable(for: key)); see dodo-config(5)")
      }
      let words: [String]
      do throws(PlatformError) { words = try BrowserCommand(command.value, naming: key).words } catch {
        throw failure("cannot be split into words (check its quotes)")
      }
      let output: ProgramRunner.Output
      do throws(SystemError) {
        output = try ProgramRunner.run(words, environment: environment, timeLimit: timeLimit)
      } catch {
        throw failure("cannot run its program: \(error.reason)")
      }
      guard !output.timedOut else {
        throw failure(
          "did not finish within \(ProgramRunner.seconds(timeLimit)) s, so it was stopped and there is no secret")
      }
      guard output.status == .exited(0) else { throw failure("\(output.status), so there is no secret") }
      // Bytes, not characters: "\r\n" is one Character.
      var line = output.standardOutput.utf8.prefix { $0 != 0x0A }[...]
      while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
      while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
      guard !line.isEmpty else { throw failure("printed nothing on its first line, so there is no secret") }
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// The variable that gives the secret a command `key` (`api_key_command`) would print.
  static func variable(for key: String) -> String {
    key == "api_key_command" ? APISettings.apiKeyVariable : APISettings.webhookSecretVariable
  }

  /// Whether a command's text is more likely a key or webhook secret than a command: one
  /// word, no path, with a secret's prefix (`whsec_`, `sk_`) or long and made of letters and
  /// digits, as generated tokens are and program names are not.
  static func looksLikeASecret(_ text: String) -> Bool {
    let word = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard word.count == 1, let word = word.first, !word.contains("/") else { return false }
    let lowered = word.lowercased()
    if ["whsec_", "sk_"].contains(where: { lowered.hasPrefix($0) }) { return true }
    let tokenCharacters = word.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.+=".unicodeScalars.contains($0))
    }
    let hasDigit = word.contains { $0.isASCII && $0.isNumber }
    let hasLetter = word.contains { $0.isASCII && $0.isLetter }
    return word.count >= 24 && tokenCharacters && hasDigit && hasLetter
  }
}
