import DodoConfig
import DodoPlatform

extension Context {
  /// The config files in effect for `--config` and the environment, read through
  /// DodoPlatform. A file that does not load is a configuration error (exit 78).
  func configuration() throws(CLIError) -> Configuration {
    do throws(ConfigError) {
      return try Configuration.load(configFlag: configPath, environment: environment, read: Self.readTrusted)
    } catch {
      throw configurationError(error)
    }
  }

  /// The settings a checkout runs with: `flags` (the command's own options; `--config` and
  /// `--profile` are taken from the global options) over the environment over the selected
  /// profile over the built-in defaults, each with its source.
  func effectiveSettings(_ flags: CommandLineSettings = CommandLineSettings()) throws(CLIError) -> EffectiveSettings {
    try effectiveSettings(flags, in: configuration())
  }

  func effectiveSettings(_ flags: CommandLineSettings, in configuration: Configuration) throws(CLIError)
    -> EffectiveSettings
  {
    var flags = flags
    flags.config = configPath
    flags.profile = profile
    do throws(ConfigError) {
      return try EffectiveSettings(configuration: configuration, flags: flags, environment: environment)
    } catch {
      throw configurationError(error)
    }
  }

  /// At most `limit` bytes of the config file at `path`, `nil` when there is none. A file
  /// that another user could have written is refused (`UntrustedConfigFile`, see
  /// `checkTrusted` and `checkTrustedDirectory`); one that cannot be read is a `PlatformError`.
  static func readTrusted(_ path: String, limit: Int) throws(ConfigFileUnreadable) -> [UInt8]? {
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
  static func checkTrusted(_ status: Syscalls.FileStatus, path: String) throws(UntrustedConfigFile) {
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
  static func checkTrustedDirectory(_ status: Syscalls.FileStatus, path: String) throws(UntrustedConfigFile) {
    guard status.owner == Syscalls.userID() || status.owner == 0 else {
      throw UntrustedConfigFile(reason: .directoryOwner(status.owner, path: path))
    }
    guard status.permissions & 0o022 == 0 || status.isSticky else {
      throw UntrustedConfigFile(reason: .directoryWritableByOthers(status.permissions, path: path))
    }
  }

  /// The error as a command's failure (exit 78); `Dodo.report` prints it.
  func configurationError(_ error: ConfigError) -> CLIError {
    .configuration(error)
  }
}

/// Why a config file was not trusted; its text follows "cannot read the file: ".
struct UntrustedConfigFile: Error, CustomStringConvertible {
  enum Reason {
    case owner(UInt32)
    case writableByOthers(UInt32, path: String)
    case directoryOwner(UInt32, path: String)
    case directoryWritableByOthers(UInt32, path: String)
  }

  var reason: Reason

  var description: String {
    switch reason {
    case .owner(let uid):
      "it belongs to another user (uid \(uid)); dodo runs the browser command a config file names, so it reads only your own files and root's"
    case .writableByOthers(let mode, let path):
      "it is writable by its group or by other users (mode \(String(mode, radix: 8))); dodo runs the browser command a config file names: chmod go-w \(path)"
    case .directoryOwner(let uid, let path):
      "its directory \(path) belongs to another user (uid \(uid)), who could replace it; dodo reads only config files in your own directories and root's"
    case .directoryWritableByOthers(let mode, let path):
      "its directory \(path) is writable by its group or by other users (mode \(String(mode, radix: 8))), who could replace it; dodo runs the browser command a config file names: chmod go-w \(path)"
    }
  }
}
