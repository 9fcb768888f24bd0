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

/// Dodo Payments' own CLI (the npm package `dodopayments-cli`), which installs a `dodo` too,
/// and the same program as `dodopayments`. Someone who meant it gets told where it is.
enum NodeCLI {
  static let package = "dodopayments-cli"
  /// The names it installs: `dodo` (which this one may stand before on PATH) and this one.
  static let secondName = "dodopayments"

  /// Its commands (its README, "Direct subcommands"), none of them one of this dodo's.
  static let commands: Set<String> = [
    "login", "logout", "products", "payments", "customers", "discounts", "licences", "licenses", "addons",
    "refunds", "checkout", "wh", "init", "ai", "update",
  ]

  static func hint(for name: String) -> String {
    "'dodo \(name)' is a command of Dodo Payments' Node CLI (npm package \(package)), a different "
      + "program also named dodo; it installs itself as '\(secondName)' too: run '\(secondName) \(name)'"
  }
}
