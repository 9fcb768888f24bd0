import DodoConfig
import DodoPlatform

/// Runs a plugin in place of `dodo` (`execve`), so that its exit status, or the signal that
/// ended it, is what the caller sees, and its standard streams are `dodo`'s.
enum PluginLauncher {
  /// Runs `plugin` with `arguments` verbatim; returns only by throwing, when it cannot be run.
  static func run(_ plugin: Plugin, arguments: [String], context: Context) throws(CLIError) -> Never {
    let environment = environment(context)
    context.stdout.flush()
    context.stderr.flush()
    do throws(SystemError) {
      try Syscalls.execute(
        plugin.path, arguments: [Plugin.prefix + plugin.name] + arguments,
        environment: environment.map { "\($0.key)=\($0.value)" }.sorted())
    } catch {
      throw .checkout(.platformError("cannot run the plugin \(plugin.path): \(error.reason)"))
    }
  }

  /// The caller's environment with `dodo`'s setup resolved, so that the plugin (and any
  /// `dodo` it runs) shares it:
  /// - `DODO_CONFIG`: `--config`, else `$DODO_CONFIG`, else the first config file that
  ///   exists. Naming that file keeps the same files in the same order, since the locator
  ///   lists each path once.
  /// - `DODO_PROFILE`: `--profile`, else `$DODO_PROFILE`, else the config's default profile
  ///   (left out when the config does not load: the plugin will hear about it from `dodo`).
  /// - `DODO_STATE_DIR` and `DODO_RUNTIME_DIR`: the directories `dodo` would use (not created).
  static func environment(_ context: Context) -> [String: String] {
    var environment = context.environment
    environment["DODO_CONFIG"] = nil
    if let config = context.configPath ?? nonEmpty(context.environment["DODO_CONFIG"]) {
      environment["DODO_CONFIG"] = config
    } else if let existing = ConfigLocator.candidates(configFlag: nil, environment: context.environment)
      .first(where: { (try? Syscalls.lstat($0.path)) != nil })
    {
      environment["DODO_CONFIG"] = existing.path
    }
    environment["DODO_PROFILE"] = nil
    if let profile = context.profile ?? nonEmpty(context.environment["DODO_PROFILE"]) {
      environment["DODO_PROFILE"] = profile
    } else if let configuration = try? context.configuration(),
      let selected = try? configuration.selectedProfile(profileFlag: nil, environment: context.environment)
    {
      environment["DODO_PROFILE"] = selected.value.name
    }
    let home = context.environment["HOME"] ?? Syscalls.homeDirectory()
    if let directories = try? DodoDirectories.resolve(environment: { context.environment[$0] }, home: home) {
      environment["DODO_STATE_DIR"] = directories.state
      environment["DODO_RUNTIME_DIR"] = directories.runtime
    }
    return environment
  }

  private static func nonEmpty(_ value: String?) -> String? {
    value.flatMap { $0.isEmpty ? nil : $0 }
  }
}
