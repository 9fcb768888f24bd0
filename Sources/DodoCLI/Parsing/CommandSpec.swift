import DodoCheckout

/// What a shell can offer for a value: drives the completion scripts.
enum CompletionKind: Sendable, Hashable {
  case none
  case file
  /// Profile names, read live from the user's config.
  case profile
  /// The names of commands, built in and plugins.
  case command
}

/// What the word after an option whose value may be left out must look like to be its value
/// (`--poll 5`); any other word is not (`--poll URL` leaves the URL an argument), as git reads
/// `--abbrev[=N]`. `--name=value` always gives the value.
enum OptionalValue: Sendable, Hashable {
  /// A decimal number (`5`, `1.5`).
  case number
  /// An absolute URL (`SCHEME://…`).
  case url

  func accepts(_ word: String) -> Bool {
    switch self {
    case .number:
      return !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    case .url:
      guard let colon = word.firstIndex(of: ":"), colon != word.startIndex else { return false }
      return word[colon...].hasPrefix("://") && word[..<colon].allSatisfy { $0.isASCII && $0.isLetter }
    }
  }
}

/// An option of a command, declared once: parsing, help, completions and man pages read it.
struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes, e.g. `return-url`.
  let name: String
  let short: Character?
  /// The placeholder given for the option's value, e.g. `URL`.
  private let placeholder: String?
  /// The accepted values, when the option takes one of a fixed set.
  let values: [String]
  let completion: CompletionKind
  let help: String
  /// Set when the value may be left out: what the next word must look like to be the value.
  let optionalValue: OptionalValue?
  /// The command needs it: usage lines show it outside brackets.
  let isRequired: Bool
  /// It may be given more than once: usage lines show `...` after it.
  let isRepeating: Bool

  init(
    _ name: String, short: Character? = nil, value valueName: String? = nil, values: [String] = [],
    optionalValue: OptionalValue? = nil, completion: CompletionKind = .none, required: Bool = false,
    repeating: Bool = false, help: String
  ) {
    self.name = name
    self.isRequired = required
    self.isRepeating = repeating
    self.short = short
    self.optionalValue = optionalValue
    self.placeholder = valueName.map { optionalValue == nil ? $0 : "[\($0)]" }
    self.values = values
    self.completion = completion
    self.help = help
  }

  /// The placeholder for the option's value, e.g. `URL` (`[SECONDS]` when it may be left
  /// out), or its values joined by `|`; `nil`
  /// for a flag that takes none. Joined when shown, not when the tree is built: the first
  /// `joined` of a run costs a scan of every protocol conformance in the binary, which every
  /// command's start-up would pay.
  var valueName: String? { placeholder ?? (values.isEmpty ? nil : values.joined(separator: "|")) }
  var takesValue: Bool { placeholder != nil || !values.isEmpty }
  /// Concatenated, not interpolated: each interpolation costs several times more, and
  /// `completion bash` asks for every option's.
  var flagName: String { "--" + name }
  /// `--name VALUE` or `--name`, as usage lines and help show it.
  var synopsis: String { valueName.map { "\(flagName) \($0)" } ?? flagName }
  /// As a usage line shows it: `--product ID[:QTY]...` when required, else in brackets
  /// (`[--metadata KEY=VALUE]...`).
  var usageSynopsis: String { (isRequired ? synopsis : "[\(synopsis)]") + (isRepeating ? "..." : "") }
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable, Hashable {
  let name: String
  let help: String
  let isOptional: Bool
  let isRepeating: Bool
  let values: [String]
  let completion: CompletionKind

  init(
    _ name: String, help: String, optional: Bool = false, repeating: Bool = false, values: [String] = [],
    completion: CompletionKind = .none
  ) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.isRepeating = repeating
    self.values = values
    self.completion = completion
  }

  /// `<name>`, `[<name>]`, `<name>...`, as usage lines show it.
  var synopsis: String {
    let base = "<\(name)>" + (isRepeating ? "..." : "")
    return isOptional ? "[\(base)]" : base
  }
}

/// What a command does once its arguments are parsed: returns the exit status.
typealias CommandHandler = @Sendable (Invocation, Context) throws(CLIError) -> ExitStatus

/// A command of the tree: its name, documentation, arguments, options and either subcommands
/// or a handler. Everything a user sees about a command comes from this one declaration.
///
/// Its lists (arguments, options, subcommands, examples, exit statuses) are built when asked
/// for, not with the command: the declarations stay as they are written, but a command line
/// builds only the lists of the commands on its path, not the whole tree's (docs/benchmarks.md).
struct CommandSpec: Sendable {
  let name: String
  /// One line, shown in lists and as the man page's NAME.
  let abstract: String
  /// A sentence or two after the abstract in `--help`: what a newcomer needs before the
  /// usage line. Empty: the help shows the abstract alone.
  let overview: String
  /// Paragraphs for the man page's DESCRIPTION: the whole story (`--help` shows only the
  /// abstract and the overview, and points to the man page).
  let discussion: String
  var arguments: [ArgumentSpec] { makeArguments() }
  var options: [OptionSpec] { makeOptions() }
  var subcommands: [CommandSpec] { makeSubcommands() }
  /// Example invocations with a line saying what each does, for help and man pages.
  var examples: [Example] { makeExamples() }
  /// What the exit statuses mean for this command, for help and man pages.
  var exitStatuses: [ExitStatusDoc] { makeExitStatuses() }
  /// A command for tools, not people (`dodo __generate`): left out of help, completions,
  /// man pages and suggestions.
  let isHidden: Bool
  let handler: CommandHandler?

  private let makeArguments: @Sendable () -> [ArgumentSpec]
  private let makeOptions: @Sendable () -> [OptionSpec]
  private let makeSubcommands: @Sendable () -> [CommandSpec]
  private let makeExamples: @Sendable () -> [Example]
  private let makeExitStatuses: @Sendable () -> [ExitStatusDoc]

  struct Example: Sendable {
    let command: String
    let explanation: String
    init(_ command: String, _ explanation: String) {
      self.command = command
      self.explanation = explanation
    }
  }

  struct ExitStatusDoc: Sendable {
    let status: ExitStatus
    let meaning: String
    init(_ status: ExitStatus, _ meaning: String) {
      self.status = status
      self.meaning = meaning
    }
  }

  init(
    _ name: String, abstract: String, overview: String = "", discussion: String = "",
    arguments: @autoclosure @escaping @Sendable () -> [ArgumentSpec] = [],
    options: @autoclosure @escaping @Sendable () -> [OptionSpec] = [],
    subcommands: @autoclosure @escaping @Sendable () -> [CommandSpec] = [],
    examples: @autoclosure @escaping @Sendable () -> [Example] = [],
    exitStatuses: @autoclosure @escaping @Sendable () -> [ExitStatusDoc] = [], hidden: Bool = false,
    handler: CommandHandler? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.overview = overview
    self.discussion = discussion
    self.makeArguments = arguments
    self.makeOptions = options
    self.makeSubcommands = subcommands
    self.makeExamples = examples
    self.makeExitStatuses = exitStatuses
    self.isHidden = hidden
    self.handler = handler
  }

  /// The subcommands people see: help, completions and man pages list these.
  var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}
