import DodoCheckout

/// What a shell can offer for a value: drives the completion scripts.
package enum CompletionKind: Sendable, Hashable {
  case none
  case file
  /// Profile names, read live from the user's config.
  case profile
  /// The names of commands, built in and plugins.
  case command
}

/// An option of a command, declared once: parsing, help, completions and man pages read it.
package struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes, e.g. `return-url`.
  package let name: String
  package let short: Character?
  /// The placeholder for the option's value, e.g. `URL`; `nil` for a flag that takes none.
  package let valueName: String?
  /// The accepted values, when the option takes one of a fixed set.
  package let values: [String]
  package let completion: CompletionKind
  package let help: String

  package init(
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

  package var takesValue: Bool { valueName != nil }
  package var flagName: String { "--\(name)" }
  /// `--name VALUE` or `--name`, as usage lines and help show it.
  package var synopsis: String { valueName.map { "\(flagName) \($0)" } ?? flagName }
}

/// A positional argument of a command.
package struct ArgumentSpec: Sendable, Hashable {
  package let name: String
  package let help: String
  package let isOptional: Bool
  package let isRepeating: Bool
  package let values: [String]
  package let completion: CompletionKind

  package init(
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
  package var synopsis: String {
    let base = "<\(name)>" + (isRepeating ? "..." : "")
    return isOptional ? "[\(base)]" : base
  }
}

/// What a command does once its arguments are parsed: returns the exit status.
package typealias CommandHandler = @Sendable (Invocation, Context) throws(CLIError) -> ExitStatus

/// A command of the tree: its name, documentation, arguments, options and either subcommands
/// or a handler. Everything a user sees about a command comes from this one declaration.
package struct CommandSpec: Sendable {
  package let name: String
  /// One line, shown in lists and as the man page's NAME.
  package let abstract: String
  /// A sentence or two after the abstract in `--help`: what a newcomer needs before the
  /// usage line. Empty: the help shows the abstract alone.
  package let overview: String
  /// Paragraphs for the man page's DESCRIPTION: the whole story (`--help` shows only the
  /// abstract and the overview, and points to the man page).
  package let discussion: String
  package let arguments: [ArgumentSpec]
  package let options: [OptionSpec]
  package let subcommands: [CommandSpec]
  /// Example invocations with a line saying what each does, for help and man pages.
  package let examples: [Example]
  /// What the exit statuses mean for this command, for help and man pages.
  package let exitStatuses: [ExitStatusDoc]
  /// A command for tools, not people (`dodo __generate`): left out of help, completions,
  /// man pages and suggestions.
  package let isHidden: Bool
  package let handler: CommandHandler?

  package struct Example: Sendable {
    package let command: String
    package let explanation: String
    package init(_ command: String, _ explanation: String) {
      self.command = command
      self.explanation = explanation
    }
  }

  package struct ExitStatusDoc: Sendable {
    package let status: ExitStatus
    package let meaning: String
    package init(_ status: ExitStatus, _ meaning: String) {
      self.status = status
      self.meaning = meaning
    }
  }

  package init(
    _ name: String, abstract: String, overview: String = "", discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], subcommands: [CommandSpec] = [], examples: [Example] = [],
    exitStatuses: [ExitStatusDoc] = [], hidden: Bool = false, handler: CommandHandler? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.overview = overview
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
  package var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

  package func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}
