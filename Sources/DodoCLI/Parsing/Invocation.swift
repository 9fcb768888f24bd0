/// A parsed command line: the command it names and the values given to it.
struct Invocation: Sendable {
  /// The command names from the root, e.g. `["dodo", "abandoned", "show"]`.
  let path: [String]
  let command: CommandSpec
  /// Positional arguments, in order.
  let arguments: [String]
  /// The last value of each option that takes one, by long name.
  let values: [String: String]
  /// The flags that were given, by long name.
  let flags: Set<String>
  /// Every value of each option that takes one, in order, for the options that may be
  /// repeated (`--product A --product B`).
  var everyValue: [String: [String]] = [:]

  func value(_ option: OptionSpec) -> String? { values[option.name] }
  /// Every value given to `option`, in order; `[]` when none.
  func values(_ option: OptionSpec) -> [String] { everyValue[option.name] ?? [] }
  func isSet(_ option: OptionSpec) -> Bool { flags.contains(option.name) || values[option.name] != nil }

  /// The value of an option that takes one of a fixed set, already checked by the parser.
  func value<Value: RawRepresentable<String>>(_ option: OptionSpec, as type: Value.Type) -> Value? {
    values[option.name].flatMap(Value.init(rawValue:))
  }

  /// `dodo abandoned show`, as usage lines and hints name the command.
  var commandLine: String { path.joined(separator: " ") }
}
