import DodoPlatform

/// A `dodo-NAME` program on `PATH`: `dodo NAME` runs it when NAME is not a built-in command.
struct Plugin: Sendable, Hashable {
  static let prefix = "dodo-"

  /// NAME, as the user types it after `dodo`.
  let name: String
  let path: String
  let isExecutable: Bool

  /// A built-in command of the same name always runs instead: built-ins are never shadowed.
  var isShadowed: Bool { Self.isBuiltIn(name) }

  static func isBuiltIn(_ name: String) -> Bool { CommandTree.root.subcommand(named: name) != nil }

  /// The directories of `PATH`, in order; an empty entry is the current directory, as for
  /// `execvp(3)`.
  static func searchPath(_ environment: [String: String]) -> [String] {
    (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "." : String($0) }
  }

  /// The plugin `dodo NAME` runs: the first executable `dodo-NAME` on `PATH`, as the shell
  /// would find it. `nil` for a built-in name, or a name that could not be a file name.
  static func find(_ name: String, environment: [String: String]) -> Plugin? {
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("-"), !isBuiltIn(name) else { return nil }
    for directory in searchPath(environment) {
      let path = DodoDirectories.join(directory, prefix + name)
      if isProgram(path) { return Plugin(name: name, path: path, isExecutable: true) }
    }
    return nil
  }

  /// Every `dodo-NAME` on `PATH`, sorted by name: for each name the one `dodo NAME` would run,
  /// else (when none of that name may be executed) the first found.
  ///
  /// `dodo --help` pays for this scan, so each directory is read once (a directory named again,
  /// like `/bin` after `/usr/bin` on a merged `/usr`, holds nothing new) and only `dodo-` names
  /// are looked at further.
  static func all(environment: [String: String]) -> [Plugin] {
    var found: [String: Plugin] = [:]
    var read: Set<Syscalls.FileIdentity> = []
    for directory in searchPath(environment) {
      guard let entries = try? Syscalls.directoryEntries(directory, prefix: prefix, skipping: &read) else { continue }
      for entry in entries where entry.utf8.count > prefix.utf8.count {
        let name = String(entry.dropFirst(prefix.count))
        if let earlier = found[name], earlier.isExecutable { continue }
        let path = DodoDirectories.join(directory, entry)
        guard let status = try? Syscalls.lstat(path), !status.isDirectory else { continue }
        let plugin = Plugin(name: name, path: path, isExecutable: isProgram(path))
        if found[name] == nil || plugin.isExecutable { found[name] = plugin }
      }
    }
    return found.values.sorted { $0.name < $1.name }
  }

  /// An executable file (not a directory, which `access` would also call executable).
  private static func isProgram(_ path: String) -> Bool {
    guard Syscalls.isExecutable(path), let status = try? Syscalls.lstat(path) else { return false }
    return !status.isDirectory
  }
}
