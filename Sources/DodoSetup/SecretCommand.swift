import DodoConfig
import DodoPlatform

extension SecretSource {
  /// The secret itself: the variable's value, or the first line of what the command prints
  /// (run without a shell, its words split like the browser command's). A command that
  /// cannot run, fails or prints nothing is a configuration error at its line in
  /// `configuration`; its output is never shown.
  package func resolve(in configuration: Configuration, environment: [String: String]) throws(ConfigError) -> String {
    switch self {
    case .environment(_, let value):
      return value
    case .command(let command, let key):
      func failure(_ message: String) -> ConfigError {
        configuration.error("\(key) \(message)", at: command.source)
          ?? ConfigError(path: nil, message: "\(key) (\(command.source)) \(message)")
      }
      let words: [String]
      do throws(PlatformError) { words = try BrowserCommand(command.value, naming: key).words } catch {
        throw failure("cannot be split into words: \(error)")
      }
      let output: ProgramRunner.Output
      do throws(SystemError) { output = try ProgramRunner.run(words, environment: environment) } catch {
        throw failure("cannot run: \(error)")
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
}
