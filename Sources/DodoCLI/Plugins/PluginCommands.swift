import DodoConfig
import DodoSetup

/// What help and errors say about plugins.
enum PluginCommands {
  /// The plugins `dodo help` lists, as (name, path) rows; warns on standard error about the
  /// ones that never run: shadowed by a built-in command, or not executable.
  static func listed(_ context: Context) -> [(String, String)] {
    var rows: [(String, String)] = []
    for plugin in Plugin.all(environment: context.environment) {
      if plugin.isShadowed {
        context.warn("the plugin \(plugin.path) never runs: 'dodo \(plugin.name)' is a built-in command")
      } else if !plugin.isExecutable {
        context.warn("the plugin \(plugin.path) is not executable (chmod +x it to use 'dodo \(plugin.name)')")
      } else {
        rows.append((TerminalText.escaped(plugin.name), "plugin: \(TerminalText.escaped(plugin.path))"))
      }
    }
    return rows
  }

  /// No command and no plugin of that name (exit 127), with the nearest built-in command or
  /// plugin as a suggestion.
  static func unknown(_ name: String, _ environment: [String: String]) -> CLIError {
    let builtIns = CommandTree.root.visibleSubcommands.map(\.name)
    let plugins = Plugin.all(environment: environment).filter { $0.isExecutable && !$0.isShadowed }.map(\.name)
    // `dodo version` is a command in gh and kubectl; here the version is the option.
    if name == "version" { return .unknownCommand(name, suggestion: "--version") }
    if NodeCLI.commands.contains(name) {
      return .unknownCommand(name, suggestion: nil, hint: NodeCLI.hint(for: name))
    }
    return .unknownCommand(name, suggestion: Suggestion.nearest(to: name, in: builtIns + plugins))
  }
}
