import DodoPlatform

/// A `dodo-NAME` program on `PATH`: `dodo NAME` runs it when NAME is not a built-in command
/// (which commands are built in is the CLI's to say).
package struct Plugin: Sendable, Hashable {
  package static let prefix = "dodo-"

  /// NAME, as the user types it after `dodo`.
  package let name: String
  package let path: String
  package let isExecutable: Bool

  /// The directories of `PATH`, in order; an empty entry is the current directory, as for
  /// `execvp(3)`.
  package static func searchPath(_ environment: [String: String]) -> [String] {
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    // An ASCII PATH cut by byte, cheaper at start-up than by character (docs/benchmarks.md).
    guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
      return path.split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? "." : String($0) }
    }
    return path.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "." : String(Substring($0)) }
  }

  /// The first executable `dodo-NAME` on `PATH`, as the shell would find it; `nil` for a
  /// name that could not be a file name.
  package static func find(named name: String, environment: [String: String]) -> Plugin? {
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("-") else { return nil }
    for directory in searchPath(environment) {
      let path = DodoDirectories.join(directory, prefix + name)
      if isProgram(path) { return Plugin(name: name, path: path, isExecutable: true) }
    }
    return nil
  }

  /// Every `dodo-NAME` on `PATH`, sorted by name: for each name the one `dodo NAME` would run,
  /// else (when none of that name may be executed) the first found.
  ///
  /// Each directory is read once (a directory named again, like `/bin` after `/usr/bin` on a
  /// merged `/usr`, holds nothing new) and only `dodo-` names are looked at further. `dodo
  /// help` lists them through the cache of names instead (`PluginListing`).
  package static func all(environment: [String: String]) -> [Plugin] {
    var read: Set<Syscalls.FileIdentity> = []
    return all(in: searchPath(environment)) { directory in
      (try? Syscalls.directoryEntries(directory, prefix: prefix, skipping: &read)) ?? []
    }
  }

  /// The plugins in `directories`, whose `dodo-` names `entries` gives: each name is looked at
  /// now (`lstat`, `access`), so a file's mode and which one shadows which are never old news.
  static func all(in directories: [String], entries: (String) -> [String]) -> [Plugin] {
    var found: [String: Plugin] = [:]
    for directory in directories {
      for entry in entries(directory) where entry.utf8.count > prefix.utf8.count {
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
