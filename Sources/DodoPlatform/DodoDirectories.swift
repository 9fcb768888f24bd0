/// Where `dodo` keeps its files (spec §6): the state directory (the abandoned-session record
/// and the lock that guards it) and the runtime directory (the return channel's socket and
/// the lock that guards that).
///
/// Each directory is created `0700` when missing, and refused, rather than used, when it is
/// not a real directory (checked with `lstat`, so a symbolic link planted in its place is
/// refused too), not owned by the user, or open to the group or others: another user who can
/// write there could fake a return or read a session id.
public struct DodoDirectories: Sendable, Hashable {
  public let state: String
  public let runtime: String
  /// Set when `XDG_RUNTIME_DIR` is missing and a fallback under the temporary directory is used.
  public let warning: String?

  /// Resolves the directories from `environment` (`NAME` → value), without touching the disk.
  ///
  /// `DODO_STATE_DIR` and `DODO_RUNTIME_DIR` win; then `$XDG_STATE_HOME/dodo` (default
  /// `~/.local/state/dodo`) and `$XDG_RUNTIME_DIR/dodo`; without `XDG_RUNTIME_DIR`,
  /// `$TMPDIR/dodo-UID` (default `/tmp`). Empty or relative values are ignored.
  public static func resolve(
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

  /// Creates the state directory if needed and checks it.
  public func prepareState() throws(PlatformError) -> String {
    try Self.prepare(state)
    return state
  }

  /// Creates the runtime directory if needed and checks it.
  public func prepareRuntime() throws(PlatformError) -> String {
    try Self.prepare(runtime)
    return runtime
  }

  /// Whether the state directory exists (without creating it).
  public func stateExists() throws(PlatformError) -> Bool { try Self.exists(state) }

  static func exists(_ path: String) throws(PlatformError) -> Bool {
    do throws(SystemError) { return try Syscalls.lstat(path) != nil } catch {
      throw PlatformError("cannot check the directory \(path): \(error)")
    }
  }

  /// Creates `path` (and missing parents, all `0700`) and checks that it is a private directory.
  static func prepare(_ path: String) throws(PlatformError) {
    do throws(SystemError) {
      if try Syscalls.lstat(path) == nil {
        var prefix = ""
        for component in path.split(separator: "/") {
          prefix += "/" + component
          try Syscalls.mkdir(prefix, mode: 0o700)
        }
      }
    } catch {
      throw PlatformError("cannot create the directory \(path): \(error)")
    }
    try checkPrivate(path)
  }

  /// Refuses `path` unless it is a directory (not a link to one), owned by the user, `0700` or stricter.
  static func checkPrivate(_ path: String) throws(PlatformError) {
    let status: Syscalls.FileStatus?
    do throws(SystemError) { status = try Syscalls.lstat(path) } catch {
      throw PlatformError("cannot check the directory \(path): \(error)")
    }
    guard let status else { throw PlatformError("the directory \(path) does not exist") }
    guard status.isDirectory else {
      throw PlatformError("refusing \(path): it is not a directory\(status.isSymbolicLink ? " (it is a symbolic link)" : "")")
    }
    guard status.owner == Syscalls.userID() else {
      throw PlatformError("refusing \(path): it belongs to user \(status.owner), not to you (user \(Syscalls.userID()))")
    }
    guard status.permissions & 0o077 == 0 else {
      let mode = String(status.permissions, radix: 8)
      throw PlatformError("refusing \(path): its mode is \(mode), open to others; run 'chmod 700 \(path)'")
    }
  }

  static func join(_ base: String, _ name: String) -> String {
    base.hasSuffix("/") ? base + name : base + "/" + name
  }
}
