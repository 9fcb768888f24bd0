import DodoConfig

/// What a command line asks for.
enum ParsedCommandLine: Sendable {
  /// A command that has a handler (a group without one asks for a subcommand instead).
  case run(Invocation, handler: CommandHandler)
  /// `--help`, `-h` or `dodo help …`: help for the command at this path. `listingPlugins`
  /// for `dodo help` and a bare `dodo`, not `--help`, which scripts call (see `dodo help --help`).
  case help(path: [String], listingPlugins: Bool = false)
  case version
  /// A name that is not a built-in command: maybe a plugin. `arguments` are the words after
  /// it, verbatim; `globals` the global options given before it.
  case external(name: String, arguments: [String], globals: Invocation)
}

/// Parses `argv` against the command tree. Global options are accepted before and after the
/// command; `--` ends the options; `--name=value` and `--name value` are the same, and an
/// option whose value may be left out (`OptionalValue`) takes the next word only when it
/// looks like its value.
struct CommandLineParser: Sendable {
  let root: CommandSpec

  func parse(_ arguments: [String]) throws(CLIError) -> ParsedCommandLine {
    var path = [root.name]
    var command = root
    var values: [String: String] = [:]
    var everyValue: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    // `--help` anywhere asks for the help of the deepest command named on the line.
    var wantsHelp = false

    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if !optionsEnded, word == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded, word.hasPrefix("-"), word != "-" {
        if path.count == 1, word == GlobalOptions.version.flagName { return .version }
        let (name, inlineValue) = Self.split(word)
        guard let option = Self.option(named: name, in: command.options + GlobalOptions.all) else {
          let known =
            (command.options + GlobalOptions.all).map(\.flagName)
            + (path.count == 1 ? [GlobalOptions.version.flagName] : [])
          // `-v` and `-V` mean the version in many tools; here they would be guessed at.
          let nearest =
            path.count == 1 && (name == "-v" || name == "-V")
            ? GlobalOptions.version.flagName : Suggestion.nearest(to: name, in: known)
          let suggestion = nearest.map { ". Did you mean '\($0)'?" } ?? ""
          throw .usage("unknown option '\(name)'\(suggestion)", command: path)
        }
        if option == GlobalOptions.help {
          wantsHelp = true
          continue
        }
        guard option.takesValue else {
          if inlineValue != nil { throw .usage("option '\(option.flagName)' takes no value", command: path) }
          flags.insert(option.name)
          continue
        }
        var value: String
        if let inlineValue {
          value = inlineValue
        } else if let optional = option.optionalValue {
          guard index < arguments.count, optional.accepts(arguments[index]) else {
            flags.insert(option.name)
            continue
          }
          value = arguments[index]
          index += 1
        } else {
          guard index < arguments.count else {
            throw .usage("option '\(option.flagName)' needs a value (\(option.valueName ?? ""))", command: path)
          }
          value = arguments[index]
          index += 1
        }
        if !option.values.isEmpty, !option.values.contains(value) {
          throw .usage(
            "invalid value '\(value)' for '\(option.flagName)' (expected one of: \(option.values.joined(separator: ", ")))"
              + Self.didYouMean(value, option.values),
            command: path)
        }
        values[option.name] = value
        everyValue[option.name, default: []].append(value)
        continue
      }
      // A word: the command or subcommand while one is still to be chosen, else an argument.
      if command.handler == nil
        || (positionals.isEmpty && !command.subcommands.isEmpty && command.subcommand(named: word) != nil)
      {
        if path.count == 1, word == "help" {
          let rest = arguments[index...]
          // `dodo help --help` asks about `help` itself, as `git help --help` does.
          if wantsHelp || rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help(path: [root.name, word])
          }
          return .help(path: [root.name] + rest.filter { !$0.hasPrefix("-") }, listingPlugins: true)
        }
        guard let next = command.subcommand(named: word) else {
          if path.count == 1, !wantsHelp {
            return .external(
              name: word, arguments: Array(arguments[index...]),
              globals: Invocation(path: path, command: root, arguments: [], values: values, flags: flags))
          }
          throw .usage(
            "unknown subcommand '\(word)' for '\(path.joined(separator: " "))'"
              + Self.didYouMean(word, command.subcommands.map(\.name)),
            command: path)
        }
        command = next
        path.append(word)
        continue
      }
      positionals.append(word)
    }

    if wantsHelp { return .help(path: path) }
    guard let handler = command.handler else {
      if path.count == 1 { return .help(path: path, listingPlugins: true) }
      let names = command.subcommands.map(\.name).joined(separator: ", ")
      throw .usage("'\(path.joined(separator: " "))' needs a subcommand (\(names))", command: path)
    }
    try Self.check(positionals, against: command.arguments, path: path)
    return .run(
      Invocation(
        path: path, command: command, arguments: positionals, values: values, flags: flags, everyValue: everyValue),
      handler: handler)
  }

  /// `. Did you mean 'NAME'?` for the candidate nearest to a mistyped `word`, else nothing.
  private static func didYouMean(_ word: String, _ candidates: [String]) -> String {
    Suggestion.nearest(to: word, in: candidates).map { ". Did you mean '\($0)'?" } ?? ""
  }

  private static func split(_ word: String) -> (name: String, value: String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  private static func option(named name: String, in options: [OptionSpec]) -> OptionSpec? {
    if name.hasPrefix("--") { return options.first { $0.flagName == name } }
    guard name.count == 2 else { return nil }
    return options.first { $0.short.map { "-\($0)" } == name }
  }

  private static func check(_ positionals: [String], against specs: [ArgumentSpec], path: [String]) throws(CLIError) {
    let required = specs.filter { !$0.isOptional }
    if positionals.count < required.count {
      let missing = required[positionals.count]
      let choices = missing.values.isEmpty ? "" : " (one of: \(missing.values.joined(separator: ", ")))"
      throw .usage("missing argument <\(missing.name)>\(choices)", command: path)
    }
    if !(specs.last?.isRepeating ?? false), positionals.count > specs.count {
      throw .usage("unexpected argument '\(positionals[specs.count])'", command: path)
    }
    for (spec, value) in zip(specs, positionals) where !spec.values.isEmpty && !spec.values.contains(value) {
      throw .usage(
        "invalid value '\(value)' for <\(spec.name)> (expected one of: \(spec.values.joined(separator: ", ")))"
          + didYouMean(value, spec.values),
        command: path)
    }
  }
}
