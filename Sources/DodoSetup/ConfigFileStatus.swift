import DodoConfig

/// What `dodo config path` says of a config file it searches: found, not found, or there but
/// refused (not the user's, a link, writable by others) or unreadable. The file is not
/// parsed, so the list works when one of the files is broken.
package enum ConfigFileStatus: Sendable, Hashable, CustomStringConvertible {
  case found
  case notFound
  case refused(String)
  case unreadable(String)

  /// The status of the file at `path`, read with the checks of `TrustedConfigFile`.
  package init(_ path: String) {
    do throws(ConfigFileUnreadable) {
      self = try TrustedConfigFile.read(path, limit: 0) == nil ? .notFound : .found
    } catch {
      self = error.isRefused ? .refused("\(error)") : .unreadable("\(error)")
    }
  }

  /// Whether there is a file at the path (also when it is refused or unreadable).
  package var exists: Bool { self != .notFound }

  package var description: String {
    switch self {
    case .found: "found"
    case .notFound: "not found"
    case .refused(let reason): "refused (\(reason))"
    case .unreadable(let reason): "unreadable (\(reason))"
    }
  }
}
