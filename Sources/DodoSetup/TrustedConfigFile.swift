import DodoConfig
import DodoPlatform

/// How `dodo` reads a config file from disk: through DodoPlatform, and only when no other
/// user could have written it (a config file names a command that `dodo start` runs).
package enum TrustedConfigFile {
  /// At most `limit` bytes of the config file at `path`, `nil` when there is none. A file
  /// that another user could have written is refused (`UntrustedConfigFile`, see
  /// `checkTrusted` and `checkTrustedDirectory`); one that cannot be read is a `PlatformError`.
  package static func read(_ path: String, limit: Int) throws(ConfigFileUnreadable) -> [UInt8]? {
    let read: (bytes: [UInt8], status: Syscalls.FileStatus, directory: (path: String, status: Syscalls.FileStatus))?
    do throws(PlatformError) { read = try SmallFile.readWithDirectory(path, limit: limit) } catch {
      throw ConfigFileUnreadable("\(error)")
    }
    guard let file = read else { return nil }
    do throws(UntrustedConfigFile) {
      try checkTrusted(file.status, path: path)
      try checkTrustedDirectory(file.directory.status, path: file.directory.path)
    } catch {
      throw ConfigFileUnreadable("\(error)", isRefused: true)
    }
    return file.bytes
  }

  /// A config file names a command that `dodo start` runs (`browser`), so one that another
  /// user could have written is refused, as ssh refuses such files: it must belong to the
  /// user (or root, for `/etc/xdg`) and be writable by neither its group nor others, as
  /// dodo-config(5) says. Group-writable is refused too: dodo cannot tell a per-user group
  /// (umask 002) from a shared one, and `chmod go-w` costs the user nothing.
  package static func checkTrusted(_ status: Syscalls.FileStatus, path: String) throws(UntrustedConfigFile) {
    guard status.owner == Syscalls.userID() || status.owner == 0 else {
      throw UntrustedConfigFile(reason: .owner(status.owner))
    }
    guard status.permissions & 0o022 == 0 else {
      throw UntrustedConfigFile(reason: .writableByOthers(status.permissions, path: path))
    }
  }

  /// Whoever may replace a file in its directory can write the config too: the directory
  /// must belong to the user or root and be writable by neither its group nor others, unless
  /// it is sticky (`/tmp`), where only a file's owner (or the directory's) may replace it.
  package static func checkTrustedDirectory(_ status: Syscalls.FileStatus, path: String) throws(UntrustedConfigFile) {
    guard status.owner == Syscalls.userID() || status.owner == 0 else {
      throw UntrustedConfigFile(reason: .directoryOwner(status.owner, path: path))
    }
    guard status.permissions & 0o022 == 0 || status.isSticky else {
      throw UntrustedConfigFile(reason: .directoryWritableByOthers(status.permissions, path: path))
    }
  }
}

extension Configuration {
  /// The config files in effect for `--config` (`configFlag`) and the environment, each read
  /// as a `TrustedConfigFile`.
  package static func loadTrusted(configFlag: String?, environment: [String: String]) throws(ConfigError)
    -> Configuration
  {
    try load(configFlag: configFlag, environment: environment, read: TrustedConfigFile.read)
  }
}
