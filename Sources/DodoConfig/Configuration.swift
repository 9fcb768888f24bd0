/// Reads a config file for `Configuration.load`: the bytes at `path`, or `nil` when nothing
/// exists there. It need not read more than `limit` bytes: a longer file is refused anyway.
///
/// A closure so that the file I/O stays in the caller's platform layer (and tests can read
/// from memory).
package typealias ConfigFileReader = (_ path: String, _ limit: Int) throws(ConfigFileUnreadable) -> [UInt8]?

/// Why a `ConfigFileReader` gave no bytes for a file that is there.
package struct ConfigFileUnreadable: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file was refused rather than unreadable: someone else could have written it.
  package var isRefused: Bool
  /// A phrase that follows "cannot read the file: ".
  package var reason: String

  package init(_ reason: String, isRefused: Bool = false) {
    self.reason = reason
    self.isRefused = isRefused
  }

  package var description: String { reason }
}

/// Every config file in effect, merged: for each profile name the first file that defines it
/// wins, and `default_profile` comes from the first file that sets it.
package struct Configuration: Sendable {
  /// A candidate file and whether it was there.
  package struct SearchedFile: Sendable, Hashable {
    package var candidate: ConfigLocator.Candidate
    package var exists: Bool
  }

  /// Every candidate, in order, for `dodo config path`.
  package var searched: [SearchedFile]
  /// The files that exist, highest precedence first.
  package var files: [ConfigFile]
  /// Every profile by name, each from the first file that defines it; in file order, then in
  /// the order each file lists them.
  package var profiles: [Profile]
  package var defaultProfile: Setting<String>?

  /// Merges `files`, highest precedence first. A `default_profile` that names no profile in
  /// any of them is an error at its line.
  package init(files: [ConfigFile], searched: [SearchedFile] = []) throws(ConfigError) {
    self.searched = searched
    self.files = files
    if files.count <= 1 {
      // One file's names are unique already (its parser refuses a key given twice): no Set,
      // the first of which costs a command's start some 25,000 instructions (docs/benchmarks.md).
      profiles = files.flatMap(\.profiles)
    } else {
      var names = Set<String>()
      profiles = files.flatMap(\.profiles).filter { names.insert($0.name).inserted }
    }
    defaultProfile = files.lazy.compactMap(\.defaultProfile).first
    if let defaultProfile, !profiles.contains(where: { $0.name == defaultProfile.value }),
      let error = error(
        "default_profile '\(defaultProfile.value)' is not a profile; \(Self.describe(profiles.map(\.name)))",
        at: defaultProfile.source)
    {
      throw error
    }
  }

  /// A problem with a value that a file set, found after the file was read (the caller knows
  /// the rules the schema does not): at the value's line and column, quoting the line. `nil`
  /// when `source` is no file of this configuration.
  package func error(_ message: String, at source: SettingSource) -> ConfigError? {
    guard case .file(let path, let line, let column) = source, let file = files.first(where: { $0.path == path }) else {
      return nil
    }
    return ConfigError(path: path, line: line, column: column, message: message, sourceLine: file.text.quotable(line))
  }

  /// Finds and reads the config files for `--config` (`configFlag`) and `environment`.
  /// No file at all is fine; a file named by `--config` or `$DODO_CONFIG` that does not
  /// exist, one that cannot be read, and one that breaks the schema are errors.
  package static func load(configFlag: String?, environment: [String: String], read: ConfigFileReader)
    throws(ConfigError) -> Configuration
  {
    try load(ConfigLocator.candidates(configFlag: configFlag, environment: environment), read: read)
  }

  /// Reads `candidates`, highest precedence first.
  package static func load(_ candidates: [ConfigLocator.Candidate], read: ConfigFileReader) throws(ConfigError)
    -> Configuration
  {
    var searched: [SearchedFile] = []
    var files: [ConfigFile] = []
    for candidate in candidates {
      let contents: [UInt8]?
      do throws(ConfigFileUnreadable) {
        contents = try read(candidate.path, YAMLLimits.maxBytes + 1)
      } catch {
        throw ConfigError(path: candidate.path, message: "cannot read the file: \(error.reason)")
      }
      searched.append(SearchedFile(candidate: candidate, exists: contents != nil))
      guard let contents else {
        if candidate.isRequired {
          throw ConfigError(path: candidate.path, message: "no such config file (named by \(candidate.reason))")
        }
        continue
      }
      files.append(try ConfigFile(path: candidate.path, contents: contents))
    }
    return try Configuration(files: files, searched: searched)
  }

  package func profile(named name: String) -> Profile? {
    profiles.first { $0.name == name }
  }

  /// The profile in use: `--profile` (`profileFlag`), else `$DODO_PROFILE`, else
  /// `default_profile`, else the profile named `default`, else none. Naming a profile that
  /// does not exist is an error that lists the ones that do.
  package func selectedProfile(profileFlag: String?, environment: [String: String]) throws(ConfigError)
    -> Setting<Profile>?
  {
    let requested: Setting<String>? =
      if let profileFlag {
        Setting(profileFlag, from: .flag("--profile"))
      } else if let name = environment["DODO_PROFILE"], !name.isEmpty {
        Setting(name, from: .environment("DODO_PROFILE"))
      } else { defaultProfile }
    guard let requested else {
      return profile(named: "default").map { Setting($0, from: .builtIn) }
    }
    guard let profile = profile(named: requested.value) else {
      var message = "unknown profile '\(requested.value)' from \(requested.source)"
      if let nearest = Suggestion.nearest(to: requested.value, in: profiles.map(\.name)) {
        message += " (did you mean '\(nearest)'?)"
      }
      throw ConfigError(path: nil, message: "\(message); \(Self.describe(profiles.map(\.name)))")
    }
    return Setting(profile, from: requested.source)
  }

  /// "the profiles are: a, b" or "no profiles are defined", for error messages.
  static func describe(_ names: [String]) -> String {
    names.isEmpty ? "no profiles are defined" : "the profiles are: \(names.joined(separator: ", "))"
  }
}
