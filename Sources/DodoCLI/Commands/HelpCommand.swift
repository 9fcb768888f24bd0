extension CommandSpec {
  static let help: CommandSpec = CommandSpec(
    "help",
    abstract: "Show help for dodo or one of its commands.",
    arguments: [ArgumentSpec("command", help: "The command (and subcommand) to show help for.", optional: true, repeating: true, completion: .command)],
    handler: { invocation, context in
      try HelpCommand.show(path: [CommandTree.root.name] + invocation.arguments, context: context)
    }
  )
}

/// `dodo help [COMMAND]`, `dodo COMMAND --help`.
enum HelpCommand {
  static func show(path: [String], context: Context) throws(CLIError) -> ExitStatus {
    guard let command = CommandTree.command(at: path) else {
      let name = path.dropFirst().first ?? ""
      guard let plugin = Plugin.find(name, environment: context.environment) else {
        throw PluginCommands.unknown(name, context.environment)
      }
      try PluginLauncher.run(plugin, arguments: ["--help"], context: context)
    }
    let plugins = path.count == 1 ? PluginCommands.listed(context) : []
    context.stdout.write(HelpFormatter.help(path, command, extraSections: [("PLUGINS", plugins)]))
    return .success
  }
}
