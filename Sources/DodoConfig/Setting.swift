/// A setting's value and where it came from, so `dodo config show` can say why a value is
/// what it is, and errors can point at the line that set it.
package struct Setting<Value: Sendable>: Sendable {
  package var value: Value
  package var source: SettingSource

  package init(_ value: Value, from source: SettingSource) {
    self.value = value
    self.source = source
  }
}

extension Setting: Equatable where Value: Equatable {}
extension Setting: Hashable where Value: Hashable {}

/// Where a setting's value came from, highest precedence first.
package enum SettingSource: Sendable, Hashable, CustomStringConvertible {
  /// A command-line option, named with its dashes (`--return-url`).
  case flag(String)
  /// An environment variable, named without `$` (`DODO_RETURN_URL`).
  case environment(String)
  /// A config file, at the value's 1-based line and column.
  case file(path: String, line: Int, column: Int)
  /// `dodo`'s own default.
  case builtIn

  /// `--return-url`, `$DODO_RETURN_URL`, `config.yaml:4:17` or `default`.
  package var description: String {
    switch self {
    case .flag(let name): name
    case .environment(let name): "$\(name)"
    case .file(let path, let line, let column): "\(path):\(line):\(column)"
    case .builtIn: "default"
    }
  }
}
