import DodoSetup

extension CommandSpec {
  static let help: CommandSpec = CommandSpec(
    "help",
    abstract: "Show help for dodo or one of its commands.",
    overview: "'dodo help' also lists the plugins on PATH (programs named dodo-NAME).",
    discussion: """
      'dodo help' (and 'dodo' alone) also lists the plugins on PATH, programs named \
      dodo-NAME, and warns about any that never run. 'dodo --help' leaves them out: \
      completion scripts and loops call it, and reading every PATH directory would nearly \
      double what it costs. 'dodo help' keeps the names it found in each directory in \
      $XDG_CACHE_HOME/dodo/plugin-names (default ~/.cache/dodo/) and reads a directory again \
      only when it has changed since; each plugin listed is still looked at as it is now. \
      With --verbose it says when that file is ignored or cannot be written.
      """,
    arguments: [
      ArgumentSpec(
        "command", help: "The command (and subcommand) to show help for.", optional: true, repeating: true,
        completion: .command)
    ],
    handler: { invocation, context throws(CLIError) in
      try HelpCommand.show(path: [CommandTree.root.name] + invocation.arguments, listingPlugins: true, context: context)
    }
  )
}

/// `dodo help [COMMAND]`, `dodo COMMAND --help`.
enum HelpCommand {
  /// `listingPlugins`: whether `dodo`'s own help lists the plugins (`dodo help` does, `--help`
  /// does not).
  static func show(path: [String], listingPlugins: Bool, context: Context) throws(CLIError) -> ExitStatus {
    guard let command = CommandTree.command(at: path) else {
      let name = path.dropFirst().first ?? ""
      guard let plugin = Plugin.find(name, environment: context.environment) else {
        throw PluginCommands.unknown(name, context.environment)
      }
      try PluginLauncher.run(plugin, arguments: ["--help"], context: context)
    }
    let plugins = listingPlugins && path.count == 1 ? PluginCommands.listed(context) : []
    context.stdout.write(HelpFormatter.help(path, command, extraSections: [("PLUGINS", plugins)]))
    return .success
  }
}
