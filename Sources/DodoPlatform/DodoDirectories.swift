/// Where `dodo` keeps its files (spec §6): the state directory (the abandoned-session record
/// and the lock that guards it) and the runtime directory (the return channel's socket and
/// the lock that guards that).
///
/// Each directory is created `0700` when missing, and refused, rather than used, when it is
/// not a real directory (a symbolic link planted in its place is refused too), not owned by
/// the user, or open to the group or others: another user who can write there could fake a
/// return or read a session id. It is checked once and then used through its open descriptor
/// (see `PrivateDirectory`).
package struct DodoDirectories: Sendable, Hashable {
  package let state: String
  package let runtime: String
  /// Set when `XDG_RUNTIME_DIR` is missing and a fallback under the temporary directory is used.
  package let warning: String?

  /// Resolves the directories from `environment` (`NAME` → value), without touching the disk.
  ///
  /// `DODO_STATE_DIR` and `DODO_RUNTIME_DIR` win; then `$XDG_STATE_HOME/dodo` (default
  /// `~/.local/state/dodo`) and `$XDG_RUNTIME_DIR/dodo`; without `XDG_RUNTIME_DIR`,
  /// `$TMPDIR/dodo-UID` (default `/tmp`). Empty or relative values are ignored.
  package static func resolve(
    environment: (String) -> String? = Syscalls.environmentValue, home: String? = Syscalls.homeDirectory(),
    userID: UInt32 = Syscalls.userID()
  ) throws(PlatformError) -> DodoDirectories {
    func absolute(_ name: String) -> String? {
      guard let value = environment(name), value.hasPrefix("/") else { return nil }
      return value
    }
    let state: String
    if let override = absolute("DODO_STATE_DIR") {
      state = override
    } else if let xdg = absolute("XDG_STATE_HOME") {
      state = join(xdg, "dodo")
    } else if let home, home.hasPrefix("/") {
      state = join(home, ".local/state/dodo")
    } else {
      throw PlatformError("cannot find the state directory: HOME and XDG_STATE_HOME are not set (set DODO_STATE_DIR)")
    }
    var warning: String?
    let runtime: String
    if let override = absolute("DODO_RUNTIME_DIR") {
      runtime = override
    } else if let xdg = absolute("XDG_RUNTIME_DIR") {
      runtime = join(xdg, "dodo")
    } else {
      runtime = join(absolute("TMPDIR") ?? "/tmp", "dodo-\(userID)")
      warning = "XDG_RUNTIME_DIR is not set; using \(runtime) for the lock and the return channel"
    }
    return DodoDirectories(state: state, runtime: runtime, warning: warning)
  }

  /// The cache directory: `$XDG_CACHE_HOME/dodo` (default `~/.cache/dodo`), empty or relative
  /// values ignored as for the state directory; `nil` without either. What is in it only
  /// saves time: deleting it changes nothing else.
  package static func cache(
    environment: (String) -> String? = Syscalls.environmentValue, home: String? = Syscalls.homeDirectory()
  ) -> String? {
    if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return join(xdg, "dodo") }
    guard let home, home.hasPrefix("/") else { return nil }
    return join(home, ".cache/dodo")
  }

  /// Creates the state directory if needed, checks it and keeps it open (see `PrivateDirectory`).
  package func prepareState() throws(PlatformError) -> PrivateDirectory { try Self.prepare(state) }

  /// Creates the runtime directory if needed, checks it and keeps it open.
  package func prepareRuntime() throws(PlatformError) -> PrivateDirectory { try Self.prepare(runtime) }

  /// The state directory, checked and kept open, when it exists (it is not created).
  package func existingState() throws(PlatformError) -> PrivateDirectory? {
    try PrivateDirectory.open(state, create: false)
  }

  private static func prepare(_ path: String) throws(PlatformError) -> PrivateDirectory {
    guard let directory = try PrivateDirectory.open(path, create: true) else {
      throw PlatformError("the directory \(path) does not exist")
    }
    return directory
  }

  /// `base/name`, with one slash between them: the one path join of the platform layer and
  /// the CLI. (DodoConfig, which depends on neither, has its own in `ConfigLocator`.)
  package static func join(_ base: String, _ name: String) -> String {
    base.hasSuffix("/") ? base + name : base + "/" + name
  }
}
