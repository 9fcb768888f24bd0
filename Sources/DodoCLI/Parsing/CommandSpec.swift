import DodoCheckout

/// What a shell can offer for a value: drives the completion scripts.
public enum CompletionKind: Sendable, Hashable {
  case none
  case file
  /// Profile names, read live from the user's config.
  case profile
  /// The names of commands, built in and plugins.
  case command
}

/// An option of a command, declared once: parsing, help, completions and man pages read it.
public struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes, e.g. `return-url`.
  public let name: String
  public let short: Character?
  /// The placeholder for the option's value, e.g. `URL`; `nil` for a flag that takes none.
  public let valueName: String?
  /// The accepted values, when the option takes one of a fixed set.
  public let values: [String]
  public let completion: CompletionKind
  public let help: String

  public init(
    _ name: String, short: Character? = nil, value valueName: String? = nil, values: [String] = [],
    completion: CompletionKind = .none, help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName ?? (values.isEmpty ? nil : values.joined(separator: "|"))
    self.values = values
    self.completion = completion
    self.help = help
  }

  public var takesValue: Bool { valueName != nil }
  public var flagName: String { "--\(name)" }
  /// `--name VALUE` or `--name`, as usage lines and help show it.
  public var synopsis: String { valueName.map { "\(flagName) \($0)" } ?? flagName }
}

/// A positional argument of a command.
public struct ArgumentSpec: Sendable, Hashable {
  public let name: String
  public let help: String
  public let isOptional: Bool
  public let isRepeating: Bool
  public let values: [String]
  public let completion: CompletionKind

  public init(
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
  public var synopsis: String {
    let base = "<\(name)>" + (isRepeating ? "..." : "")
    return isOptional ? "[\(base)]" : base
  }
}

/// What a command does once its arguments are parsed: returns the exit status.
public typealias CommandHandler = @Sendable (Invocation, Context) throws(CLIError) -> ExitStatus

/// A command of the tree: its name, documentation, arguments, options and either subcommands
/// or a handler. Everything a user sees about a command comes from this one declaration.
public struct CommandSpec: Sendable {
  public let name: String
  /// One line, shown in lists and as the man page's NAME.
  public let abstract: String
  /// Paragraphs for `--help` and the man page's DESCRIPTION.
  public let discussion: String
  public let arguments: [ArgumentSpec]
  public let options: [OptionSpec]
  public let subcommands: [CommandSpec]
  /// Example invocations with a line saying what each does, for help and man pages.
  public let examples: [Example]
  /// What the exit statuses mean for this command, for help and man pages.
  public let exitStatuses: [ExitStatusDoc]
  /// A command for tools, not people (`dodo __generate`): left out of help, completions,
  /// man pages and suggestions.
  public let isHidden: Bool
  public let handler: CommandHandler?

  public struct Example: Sendable {
    public let command: String
    public let explanation: String
    public init(_ command: String, _ explanation: String) {
      self.command = command
      self.explanation = explanation
    }
  }

  public struct ExitStatusDoc: Sendable {
    public let status: ExitStatus
    public let meaning: String
    public init(_ status: ExitStatus, _ meaning: String) {
      self.status = status
      self.meaning = meaning
    }
  }

  public init(
    _ name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], subcommands: [CommandSpec] = [], examples: [Example] = [],
    exitStatuses: [ExitStatusDoc] = [], hidden: Bool = false, handler: CommandHandler? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    self.examples = examples
    self.exitStatuses = exitStatuses
    self.isHidden = hidden
    self.handler = handler
  }

  /// The subcommands people see: help, completions and man pages list these.
  public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

  public func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}
