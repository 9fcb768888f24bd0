import DodoConfig

extension Plugin {
  /// Why `dodo --help` leaves this plugin out, as the warning to give; `nil` when it is
  /// listed. `isBuiltIn` says which names the CLI's own commands take.
  package func unlisted(isBuiltIn: (String) -> Bool) -> String? {
    if isBuiltIn(name) { return "the plugin \(path) never runs: 'dodo \(name)' is a built-in command" }
    if !isExecutable { return "the plugin \(path) is not executable (chmod +x it to use 'dodo \(name)')" }
    return nil
  }

  /// What to say of `name`, typed as a command that is neither built in nor a plugin: the
  /// command it may be (the nearest of `commands`, or `--version` for `version`, a command
  /// in gh and kubectl but the option here), or where to find Dodo's Node CLI, which has it.
  package static func advice(forUnknown name: String, commands: [String]) -> (suggestion: String?, hint: String?) {
    if name == "version" { return ("--version", nil) }
    if NodeCLI.commands.contains(name) { return (nil, NodeCLI.hint(for: name)) }
    return (Suggestion.nearest(to: name, in: commands), nil)
  }
}
