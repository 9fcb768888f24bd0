import DodoBytes

/// The command tree flattened into the tables that the bash, zsh and fish scripts carry:
/// each visible command with its subcommands, options and arguments. The scripts hold these
/// tables, so a Tab costs no process at all, except to read profile names (one call to
/// `dodo config profiles`) or to ask a plugin for its own candidates.
struct CompletionModel {
  /// What a word completes to: the value of an option, or a positional argument.
  enum ValueKind: Equatable {
    /// The option takes no value.
    case flag
    /// Free text: nothing to offer.
    case text
    case file
    case profile
    case command
    case values([String])

    init(_ option: OptionSpec) {
      // A value that may be left out is typed after `=`: the next word completes as usual.
      guard option.takesValue, option.optionalValue == nil else {
        self = .flag
        return
      }
      self = ValueKind(values: option.values, completion: option.completion)
    }

    init(_ argument: ArgumentSpec) { self = ValueKind(values: argument.values, completion: argument.completion) }

    private init(values: [String], completion: CompletionKind) {
      if !values.isEmpty {
        self = .values(values)
        return
      }
      switch completion {
      case .none: self = .text
      case .file: self = .file
      case .profile: self = .profile
      case .command: self = .command
      }
    }

    /// The word the scripts switch on: `flag`, `text`, `file`, `profile`, `command`, or
    /// `values:a b c`.
    var scriptWord: String {
      switch self {
      case .flag: "flag"
      case .text: "text"
      case .file: "file"
      case .profile: "profile"
      case .command: "command"
      case .values(let values): "values:" + values.joined(separator: " ")
      }
    }
  }

  /// A command's lists, each built once (a `CommandSpec` builds them each time it is asked).
  struct Command {
    /// `dodo abandoned`, as the scripts track where the command line is.
    let path: String
    let spec: CommandSpec
    let subcommands: [CommandSpec]
    /// The command's own options; the global ones apply everywhere.
    let options: [OptionSpec]
    /// The options whose words are offered here: the command's own, and `--version` at the root.
    let offeredOptions: [OptionSpec]
    /// The script words of the positional arguments' kinds (unquoted) and whether the last
    /// repeats; `nil` for a command that takes none, or only a subcommand.
    let arguments: (kinds: [String], repeats: Bool)?

    init(path: String, spec: CommandSpec, subcommands: [CommandSpec], isRoot: Bool) {
      self.path = path
      self.spec = spec
      self.subcommands = subcommands
      options = spec.options
      offeredOptions = isRoot ? options + [GlobalOptions.version] : options
      let arguments = spec.arguments
      if let last = arguments.last, spec.handler != nil {
        self.arguments = (arguments.map { ValueKind($0).scriptWord }, last.isRepeating)
      } else {
        self.arguments = nil
      }
    }
  }

  /// What each script says of itself under its first line, the same for the three shells.
  static let notice = """
    # Generated from dodo's command tree by scripts/generate-docs: do not edit.
    #
    # Completes commands, subcommands, options (global ones before and after the command),
    # option values, profile names (from `dodo config profiles`) and plugins (dodo-NAME
    # programs on PATH). A plugin completes its own arguments when a program named
    # dodo_complete-NAME is on PATH: it is run with the words after `dodo NAME` (the word
    # being completed last, maybe empty) and prints one candidate per line.
    """

  /// The root first, then every visible command, depth first.
  let commands: [Command]
  let globalOptions: [OptionSpec]
  /// Every built-in name at the top, hidden ones too: never offered as plugins, since a
  /// built-in always wins over `dodo-NAME`.
  let reservedNames: [String]

  init(root: CommandSpec = CommandTree.root) {
    var commands: [Command] = []
    func walk(_ path: String, _ command: CommandSpec, isRoot: Bool) {
      let subcommands = command.visibleSubcommands
      commands.append(Command(path: path, spec: command, subcommands: subcommands, isRoot: isRoot))
      for subcommand in subcommands { walk(path + " " + subcommand.name, subcommand, isRoot: false) }
    }
    walk(root.name, root, isRoot: true)
    self.commands = commands
    globalOptions = GlobalOptions.all
    reservedNames = root.subcommands.map(\.name)
  }

  /// The words a user can type for an option: `-h` and `--help`.
  static func words(of option: OptionSpec) -> [String] {
    option.short.map { ["-" + String($0), option.flagName] } ?? [option.flagName]
  }

  /// Every word of `options` with its option's help, for the scripts that show the help.
  static func describedWords(of options: [OptionSpec]) -> [(word: String, help: String)] {
    options.flatMap { option in words(of: option).map { ($0, option.help) } }
  }

  /// A description short enough for a completion menu: the first sentence, on one line.
  static func summary(_ text: String) -> String {
    // One line of ASCII (every help text): the sentence cut out by byte.
    let bytes = text.utf8
    if !bytes.contains(where: { $0 >= 0x80 || (0x09...0x0D).contains($0) }) {
      var end = bytes.endIndex
      for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
        let next = bytes.index(after: index)
        if next != bytes.endIndex, bytes[next] == UInt8(ascii: " ") {
          end = index
          break
        }
      }
      if end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: ".") {
        end = bytes.index(before: end)
      }
      return String(text[..<end])
    }
    return summaryByCharacter(text)
  }

  /// `summary(_:)` of any text, by character.
  static func summaryByCharacter(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    var sentence = line.firstRange(of: ". ").map { String(line[..<$0.lowerBound]) } ?? line
    if sentence.hasSuffix(".") { sentence.removeLast() }
    return sentence.replacing("\t", with: " ")
  }

  /// Quotes `text` for a POSIX shell (and zsh and fish): `'it'\''s'`.
  static func quoted(_ text: String) -> String {
    // Most words hold no quote: the string processing library's generic search is costly at
    // start-up (docs/benchmarks.md), so it runs only when there is one.
    guard text.holds(UInt8(ascii: "'")) else { return "'" + text + "'" }
    return "'" + text.replacing("'", with: "'\\''") + "'"
  }
}

extension [UInt8] {
  /// Appends `text` quoted for a POSIX shell, as `CompletionModel.quoted` quotes it.
  mutating func append(quoted text: String) {
    guard !text.holds(UInt8(ascii: "'")) else { return append(text: CompletionModel.quoted(text)) }
    append(UInt8(ascii: "'"))
    append(text: text)
    append(UInt8(ascii: "'"))
  }

  /// Appends the words of `option` (`CompletionModel.words(of:)`) with `separator` between
  /// them, without making them strings first: `completion bash` writes every option's words.
  mutating func append(wordsOf option: OptionSpec, separator: String) {
    if let short = option.short {
      append(UInt8(ascii: "-"))
      append(text: String(short))
      append(text: separator)
    }
    append(text: "--")
    append(text: option.name)
  }

  /// Appends each of `items` as `write` writes it, with `separator` between them: a joined
  /// list without a string made of each item first.
  mutating func append<Item>(each items: [Item], separator: UInt8, _ write: (inout [UInt8], Item) -> Void) {
    for (index, item) in items.enumerated() {
      if index > 0 { append(separator) }
      write(&self, item)
    }
  }
}
