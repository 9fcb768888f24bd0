/// A config file that cannot be used, or a profile that does not exist: `dodo` exits 78.
///
/// It points at the file, line and column the way a compiler does, so that editors and people
/// can jump straight to the problem:
///
/// ```
/// config.yaml:4:5: error: unknown key 'retrun_url' (did you mean 'return_url'?)
///     retrun_url: myapp://checkout/return
///     ^
/// ```
package struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file as it was named (by `--config`, an environment variable or the XDG rules);
  /// `nil` for a problem that is in no file, such as an unknown `--profile`.
  package var path: String?
  /// 1-based; `nil` when the problem is with the file as a whole (missing, too large).
  package var line: Int?
  /// 1-based, counted in characters; `nil` with `line`.
  package var column: Int?
  /// What is wrong and what was expected, without the `error:` prefix.
  package var message: String
  /// The text of line `line`, without its line break, for the caret display.
  package var sourceLine: String?

  package init(path: String?, line: Int? = nil, column: Int? = nil, message: String, sourceLine: String? = nil) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
    self.sourceLine = sourceLine
  }

  /// `path:line:column: error: message`, then the source line and a caret under the column.
  package var rendered: String {
    guard let sourceLine, let column else { return headline }
    return "\(headline)\n\(sourceLine)\n\(Self.caretIndent(sourceLine, column: column))^"
  }

  /// `path:line:column: error: message`, the first line of `rendered`.
  package var headline: String { "\(location)error: \(message)" }

  /// `path:line:column: message`: the message of a JSON error object, whose code already
  /// says it is a configuration error.
  package var located: String { location + message }

  /// `path:line:column: `, as much of it as is known; empty for a problem in no file.
  private var location: String {
    guard let path else { return "" }
    var location = path
    if let line {
      location += ":\(line)"
      if let column { location += ":\(column)" }
    }
    return location + ": "
  }

  package var description: String { rendered }

  /// Spaces up to `column`, keeping the line's own tabs so the caret lines up in a terminal.
  static func caretIndent(_ line: String, column: Int) -> String {
    String(line.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " })
  }
}
