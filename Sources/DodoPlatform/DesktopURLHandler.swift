#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Registers `dodo handle-url %u` as the desktop's handler for a URL scheme (freedesktop.org):
/// a `.desktop` entry under `$XDG_DATA_HOME/applications` and `xdg-mime default`.
///
/// `install` is idempotent and remembers, in the entry itself (`X-Dodo-Previous-Default=`),
/// which handler `mimeapps.list` named before, so that `remove` undoes exactly what it did:
/// it gives the scheme back to that handler, or drops the `mimeapps.list` line it added, and
/// deletes the entry.
package struct DesktopURLHandler: Sendable {
  package let environment: [String: String]
  package let applicationsDirectory: String
  /// `$XDG_CONFIG_HOME/mimeapps.list`, where `xdg-mime default` writes.
  package let mimeAppsList: String

  package init(environment: [String: String]) throws(PlatformError) {
    self.environment = environment
    func absolute(_ name: String) -> String? {
      guard let value = environment[name], value.hasPrefix("/") else { return nil }
      return value
    }
    guard let home = absolute("HOME") ?? Syscalls.homeDirectory() else {
      throw PlatformError("cannot find the home directory for the desktop entry (HOME is not set)")
    }
    applicationsDirectory = DodoDirectories.join(
      absolute("XDG_DATA_HOME") ?? DodoDirectories.join(home, ".local/share"), "applications")
    mimeAppsList = DodoDirectories.join(
      absolute("XDG_CONFIG_HOME") ?? DodoDirectories.join(home, ".config"), "mimeapps.list")
  }

  /// `dodo-url-handler-SCHEME.desktop`.
  package static func entryName(for scheme: String) -> String { "dodo-url-handler-\(scheme.lowercased()).desktop" }

  package func entryPath(for scheme: String) -> String {
    DodoDirectories.join(applicationsDirectory, Self.entryName(for: scheme))
  }

  /// What `status` reports for one scheme.
  package struct Status: Sendable, Hashable {
    package var scheme: String
    /// The desktop entry `xdg-mime` names as the scheme's default handler, if any.
    package var handler: String?
    /// Whether that handler is dodo's entry, and the entry exists.
    package var routesToDodo: Bool
  }

  /// Writes the entry for `scheme` running `executable handle-url %u` and makes it the default.
  package func install(scheme: String, executable: String) throws(PlatformError) {
    let scheme = scheme.lowercased()
    let name = Self.entryName(for: scheme)
    let path = entryPath(for: scheme)
    // Reinstalling keeps what the first install found.
    let previous: String?
    if let existing = try existingEntry(scheme) {
      previous = Self.value(of: "X-Dodo-Previous-Default", in: existing)
    } else {
      previous = try explicitDefault(scheme)
    }
    let exec = try Self.execQuoted(executable)
    var entry = """
      [Desktop Entry]
      Type=Application
      Name=dodo checkout return (\(scheme))
      Comment=Hands \(scheme): URLs to the dodo checkout in progress
      Exec=\(exec) handle-url %u
      Terminal=false
      NoDisplay=true
      MimeType=x-scheme-handler/\(scheme);

      """
    if let previous, previous != name { entry += "X-Dodo-Previous-Default=\(previous)\n" }
    try platform("cannot create \(applicationsDirectory)") { () throws(SystemError) in
      var prefix = ""
      for component in applicationsDirectory.split(separator: "/") {
        prefix += "/" + component
        try Syscalls.mkdir(prefix, permissions: .ownerReadWriteExecute)
      }
    }
    try platform("cannot write the desktop entry \(path)") { () throws(SystemError) in
      try AtomicFile.write(Array(entry.utf8), to: path, directory: applicationsDirectory)
    }
    try xdgMime(["default", name, "x-scheme-handler/\(scheme)"])
  }

  /// Gives `scheme` back to the handler it had before `install` and deletes dodo's entry;
  /// returns `false` when dodo's entry was not installed.
  @discardableResult
  package func remove(scheme: String) throws(PlatformError) -> Bool {
    let scheme = scheme.lowercased()
    guard let entry = try existingEntry(scheme) else { return false }
    if try explicitDefault(scheme) == Self.entryName(for: scheme) {
      if let previous = Self.value(of: "X-Dodo-Previous-Default", in: entry) {
        try xdgMime(["default", previous, "x-scheme-handler/\(scheme)"])
      } else {
        try dropDefault(scheme)
      }
    }
    try platform("cannot remove the desktop entry") { () throws(SystemError) in
      _ = try Syscalls.unlink(entryPath(for: scheme))
    }
    return true
  }

  /// `timeLimit`: how long `xdg-mime` may take to answer.
  package func status(scheme: String, timeLimit: Duration = xdgMimeTimeLimit) throws(PlatformError) -> Status {
    let scheme = scheme.lowercased()
    let output = try xdgMime(["query", "default", "x-scheme-handler/\(scheme)"], timeLimit: timeLimit)
    let handler = output.split(separator: "\n").first.map { String($0) }.flatMap { $0.isEmpty ? nil : $0 }
    let ours = try existingEntry(scheme) != nil
    return Status(scheme: scheme, handler: handler, routesToDodo: ours && handler == Self.entryName(for: scheme))
  }

  // MARK: Details

  private func existingEntry(_ scheme: String) throws(PlatformError) -> String? {
    do throws(PlatformError) {
      return try SmallFile.read(entryPath(for: scheme), limit: 64 * 1024).map {
        String(decoding: $0.bytes, as: UTF8.self)
      }
    } catch {
      throw PlatformError("cannot read the desktop entry: \(error)")
    }
  }

  /// The handler `mimeapps.list` names for the scheme under `[Default Applications]`, if any.
  private func explicitDefault(_ scheme: String) throws(PlatformError) -> String? {
    guard let text = try mimeApps() else { return nil }
    var inDefaults = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("[") { inDefaults = line == "[Default Applications]" }
      if inDefaults, line.hasPrefix("x-scheme-handler/\(scheme)=") {
        let value = line.dropFirst("x-scheme-handler/\(scheme)=".count).split(separator: ";").first.map(String.init)
        return value
      }
    }
    return nil
  }

  /// Removes the scheme's line from `[Default Applications]` in `mimeapps.list`.
  private func dropDefault(_ scheme: String) throws(PlatformError) {
    guard let text = try mimeApps() else { return }
    var inDefaults = false
    var kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("[") { inDefaults = line == "[Default Applications]" }
      return !(inDefaults && line.hasPrefix("x-scheme-handler/\(scheme)="))
    }
    // A section left with nothing in it goes too, header and blank lines.
    if let header = kept.firstIndex(of: "[Default Applications]") {
      let end = kept[(header + 1)...].firstIndex { $0.hasPrefix("[") } ?? kept.endIndex
      if kept[(header + 1)..<end].allSatisfy({ $0.allSatisfy(\.isWhitespace) }) {
        kept.removeSubrange(header..<end)
      }
    }
    // A linked list (a dotfiles repository) is rewritten where it lives, keeping its mode,
    // so that the link stays a link and the file stays as readable as it was.
    try platform("cannot update \(mimeAppsList)") { () throws(SystemError) in
      var target = mimeAppsList
      if try Syscalls.lstat(target)?.isSymbolicLink == true {
        let link = try Syscalls.readlink(target)
        target = link.hasPrefix("/") ? link : DodoDirectories.join(Self.directory(of: target), link)
      }
      let mode = try Syscalls.lstat(target)?.permissions ?? FileDescriptor.Permissions.ownerReadWrite.rawValue
      try AtomicFile.write(
        Array(kept.joined(separator: "\n").utf8), to: target, directory: Self.directory(of: target),
        permissions: FileDescriptor.Permissions(rawValue: mode))
    }
  }

  /// The whole of `mimeapps.list`. One over `mimeAppsLimit` is refused, not read in part:
  /// writing back a part would cut the user's other associations off.
  private func mimeApps() throws(PlatformError) -> String? {
    let file: (bytes: [UInt8], status: Syscalls.FileStatus)?
    do throws(PlatformError) { file = try SmallFile.read(mimeAppsList, limit: Self.mimeAppsLimit + 1) } catch {
      throw PlatformError("cannot read \(mimeAppsList): \(error)")
    }
    guard let file else { return nil }
    guard file.bytes.count <= Self.mimeAppsLimit else {
      throw PlatformError("\(mimeAppsList) is larger than 1 MiB; dodo leaves it as it is: edit it by hand")
    }
    return String(decoding: file.bytes, as: UTF8.self)
  }

  static let mimeAppsLimit = 1 << 20

  static func directory(of path: String) -> String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  /// Generous: `xdg-mime` is a shell script that may ask a desktop's own tools.
  package static let xdgMimeTimeLimit: Duration = .seconds(30)

  @discardableResult
  private func xdgMime(_ arguments: [String], timeLimit: Duration = xdgMimeTimeLimit) throws(PlatformError) -> String {
    let output: ProgramRunner.Output
    do throws(SystemError) {
      output = try ProgramRunner.run(["xdg-mime"] + arguments, environment: environment, timeLimit: timeLimit)
    } catch {
      throw PlatformError("cannot run xdg-mime (install xdg-utils): \(error.reason)")
    }
    guard !output.timedOut else {
      throw PlatformError(
        "'xdg-mime \(arguments.joined(separator: " "))' did not answer within \(ProgramRunner.seconds(timeLimit)) s")
    }
    guard output.status == .exited(0) else {
      throw PlatformError("'xdg-mime \(arguments.joined(separator: " "))' \(output.status)")
    }
    return output.standardOutput
  }

  static func value(of key: String, in entry: String) -> String? {
    for line in entry.split(separator: "\n") where line.hasPrefix(key + "=") {
      return String(line.dropFirst(key.count + 1))
    }
    return nil
  }

  /// The program path as the Desktop Entry spec wants it in `Exec`: quoted when it holds a
  /// reserved character, with `"`, `` ` ``, `$` and `\` escaped (and each `\` doubled again,
  /// as every string value's backslashes are), and each `%` doubled so that no part of the
  /// path is read as a field code. A control character is refused: a newline would end the
  /// line and start a key of the attacker's choosing, and the spec allows none of them; so is
  /// a path that is not UTF-8, since a desktop entry is UTF-8 text.
  static func execQuoted(_ path: String) throws(PlatformError) -> String {
    guard !SystemText.holdsRawBytes(path) else {
      throw PlatformError(
        "the program path is not UTF-8, which a desktop entry cannot carry; install dodo under a path that is")
    }
    guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw PlatformError(
        "the program path holds a control character, which the Exec line of a desktop entry cannot carry; install dodo under a path without one"
      )
    }
    let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
    guard path.contains(where: reserved.contains) else { return path.replacing("%", with: "%%") }
    var quoted = "\""
    for character in path {
      switch character {
      case "%": quoted += "%%"
      case "\"", "`", "$": quoted += "\\\\" + String(character)
      case "\\": quoted += "\\\\\\\\"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }
}
