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
        plugin.path, arguments: [Array((Plugin.prefix + plugin.name).utf8)] + originalBytes(arguments),
        environment: originalBytes(environment))
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

  /// `arguments` as this process was given them, when they are the end of its argv: Swift
  /// decoded invalid UTF-8 in them to U+FFFD, and a plugin gets the bytes themselves.
  static func originalBytes(_ arguments: [String]) -> [[UInt8]] {
    let tail = Syscalls.argumentBytes().suffix(arguments.count)
    guard tail.count == arguments.count, zip(tail, arguments).allSatisfy({ SystemText.decode($0) == $1 }) else {
      return arguments.map(SystemText.encode)
    }
    return Array(tail)
  }

  /// `environment` as `NAME=value` entries, each with this process's original bytes where
  /// it is unchanged from them (see `originalBytes(_: [String])`).
  static func originalBytes(_ environment: [String: String]) -> [[UInt8]] {
    var entries: [[UInt8]] = []
    var kept = Set<String>()
    for entry in Syscalls.environmentBytes() {
      let text = SystemText.decode(entry)
      guard let equals = text.firstIndex(of: "=") else { continue }
      let name = String(text[..<equals])
      if !kept.contains(name), environment[name] == String(text[text.index(after: equals)...]) {
        kept.insert(name)
        entries.append(entry)
      }
    }
    for (name, value) in environment where !kept.contains(name) {
      entries.append(SystemText.encode("\(name)=\(value)"))
    }
    return entries.sorted { $0.lexicographicallyPrecedes($1) }
  }

  private static func nonEmpty(_ value: String?) -> String? {
    value.flatMap { $0.isEmpty ? nil : $0 }
  }
}
