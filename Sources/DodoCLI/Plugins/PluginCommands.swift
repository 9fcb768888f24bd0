import DodoSetup

/// What help and errors say about plugins.
enum PluginCommands {
  /// The plugins `dodo help` lists, as (name, path) rows; warns on standard error about the
  /// ones that never run: shadowed by a built-in command, or not executable. With `--verbose`,
  /// also about a plugin-name cache that was refused or could not be written.
  static func listed(_ context: Context) -> [(String, String)] {
    var rows: [(String, String)] = []
    let listing = PluginListing.plugins(environment: context.environment)
    if context.verbose { listing.problems.forEach(context.warn) }
    for plugin in listing.plugins {
      if let warning = plugin.unlisted(isBuiltIn: Plugin.isBuiltIn) {
        context.warn(warning)
      } else {
        rows.append((TerminalText.escaped(plugin.name), "plugin: \(TerminalText.escaped(plugin.path))"))
      }
    }
    return rows
  }

  /// No command and no plugin of that name (exit 127), with the nearest built-in command or
  /// plugin as a suggestion (`Plugin.advice`).
  static func unknown(_ name: String, _ environment: [String: String]) -> CLIError {
    let builtIns = CommandTree.root.visibleSubcommands.map(\.name)
    let plugins = Plugin.all(environment: environment).filter { $0.isExecutable && !$0.isShadowed }.map(\.name)
    let advice = Plugin.advice(forUnknown: name, commands: builtIns + plugins)
    return .unknownCommand(name, suggestion: advice.suggestion, hint: advice.hint)
  }
}
