/// The bytes of one config file and its path: makes errors that quote the offending line.
struct ConfigText: Sendable, Hashable {
  var path: String
  var bytes: [UInt8]

  /// An error at `mark`, carrying the text of that line (unless it may hold a secret).
  func error(_ message: String, at mark: YAMLMark) -> ConfigError {
    ConfigError(path: path, line: mark.line, column: mark.column, message: message, sourceLine: quotable(mark.line))
  }

  /// Line `number`, unless it looks like it sets a secret (`api_key: …`, also in a flow
  /// mapping or after a syntax error): such a line is never echoed in an error.
  func quotable(_ number: Int) -> String? {
    guard let text = line(number) else { return nil }
    let folded = String(text.lowercased().filter { $0 != "_" && $0 != "-" })
    // A command's line too: the value may be the secret, pasted there by mistake.
    let names = ["apikey", "webhooksecret", "webhookkey", "secretkey", "apikeycommand", "webhooksecretcommand"]
    let enders: [String] = [":", "\"", "'", " "]
    var secret = false
    for name in names {
      for ender in enders where folded.contains(name + ender) { secret = true }
    }
    return secret ? nil : text
  }

  /// An error about the file as a whole.
  func error(_ message: String) -> ConfigError {
    ConfigError(path: path, message: message)
  }

  /// The text of 1-based line `number` without its line break, or `nil` past the end.
  func line(_ number: Int) -> String? {
    var current = 1
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      if current == number { return text(start..<index) }
      current += 1
      start = index + 1
    }
    return current == number && start < bytes.count ? text(start..<bytes.count) : nil
  }

  /// The 1-based line and column (in characters) of byte `offset`.
  func mark(atOffset offset: Int) -> YAMLMark {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return YAMLMark(line: line, column: column)
  }

  private func text(_ range: Range<Int>) -> String {
    var end = range.upperBound
    if end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
  }
}
