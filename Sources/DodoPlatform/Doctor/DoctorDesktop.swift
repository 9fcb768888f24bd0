/// `dodo doctor`'s look at the desktop: where a custom-scheme return URL goes
/// (`xdg-mime query default x-scheme-handler/SCHEME`, then that desktop entry's `Exec`), and
/// which browser `xdg-open` starts (`xdg-settings`), sandboxed or not.
package struct DoctorDesktop: Sendable {
  /// What the probes run with: dodo's environment without its secrets.
  package let environment: [String: String]
  package let probeLimit: DoctorProbeLimit

  package init(environment: [String: String], probeLimit: DoctorProbeLimit = DoctorProbeLimit()) {
    self.environment = SecretVariables.removed(from: environment)
    self.probeLimit = probeLimit
  }

  /// `$XDG_DATA_HOME/applications` (default `~/.local/share/applications`), then
  /// `applications` under each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
  var applicationDirectories: [String] {
    func absolute(_ name: String) -> String? {
      guard let value = environment[name], value.hasPrefix("/") else { return nil }
      return value
    }
    var directories: [String] = []
    if let data = absolute("XDG_DATA_HOME") {
      directories.append(data)
    } else if let home = absolute("HOME") {
      directories.append(DodoDirectories.join(home, ".local/share"))
    }
    let dirs = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    directories += dirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dirs
    return directories.map { DodoDirectories.join($0, "applications") }
  }

  /// The file of the desktop entry `name` (`firefox.desktop`), the first found, and its text.
  func entry(named name: String) -> (path: String, text: String)? {
    guard !name.contains("/"), name.hasSuffix(".desktop") else { return nil }
    for directory in applicationDirectories {
      let path = DodoDirectories.join(directory, name)
      if let file = try? SmallFile.read(path, limit: 64 * 1024) {
        return (path, String(decoding: file.bytes, as: UTF8.self))
      }
    }
    return nil
  }

  /// The program an `Exec` line runs: its first word, unquoted.
  static func program(ofExec exec: String) -> String? {
    var word = ""
    var quoted = false
    var escaped = false
    for character in exec {
      if escaped {
        word.append(character)
        escaped = false
      } else if character == "\\" && quoted {
        escaped = true
      } else if character == "\"" {
        quoted.toggle()
      } else if character == " " && !quoted {
        if !word.isEmpty { break }
      } else {
        word.append(character)
      }
    }
    return word.isEmpty ? nil : word
  }

  /// Where `program` (absolute or looked up on `PATH`) is, when it exists and runs.
  func locate(_ program: String) -> String? {
    if program.hasPrefix("/") { return Syscalls.isExecutableFile(program) ? program : nil }
    return DoctorPaths.executables(named: program, path: environment["PATH"]).first
  }

  /// Whether the scheme routes to a `dodo handle-url` entry whose program exists.
  package func schemeFindings(_ scheme: String, self executable: String?) -> [DoctorFinding] {
    let scheme = scheme.lowercased()
    let install = "dodo url-handler install"
    let status: DesktopURLHandler.Status
    do throws(PlatformError) {
      status = try DesktopURLHandler(environment: environment).status(scheme: scheme, timeLimit: probeLimit.next)
    } catch {
      return [
        DoctorFinding(
          "url-handler", .problem, "cannot ask the desktop for the \(scheme): handler: \(error)",
          fix: "install xdg-utils (xdg-mime), then run \(install)")
      ]
    }
    guard let handler = status.handler else {
      if let named = mimeAppsDefault(scheme), entry(named: named) == nil {
        return [
          DoctorFinding(
            "url-handler", .problem,
            "\(scheme): URLs go to \(named) (mimeapps.list), but there is no such desktop entry in "
              + applicationDirectories.joined(separator: ", "), fix: install)
        ]
      }
      return [DoctorFinding("url-handler", .problem, "no application handles \(scheme): URLs", fix: install)]
    }
    guard let entry = entry(named: handler) else {
      return [
        DoctorFinding(
          "url-handler", .problem,
          "\(scheme): URLs go to \(handler), but there is no such desktop entry in \(applicationDirectories.joined(separator: ", "))",
          fix: install)
      ]
    }
    guard let exec = DesktopURLHandler.value(of: "Exec", in: entry.text), exec.contains("handle-url") else {
      return [
        DoctorFinding(
          "url-handler", .problem,
          "\(scheme): URLs go to \(handler) (\(entry.path)), which does not run dodo handle-url",
          fix: "\(install) (dodo url-handler remove gives the scheme back to \(handler))")
      ]
    }
    guard let program = Self.program(ofExec: exec), let found = locate(program) else {
      return [
        DoctorFinding(
          "url-handler", .problem,
          "\(scheme): URLs go to \(entry.path), whose program \(Self.program(ofExec: exec) ?? exec) does not exist or cannot run",
          fix: "\(install) (it writes the entry again with this dodo's path)")
      ]
    }
    if DoctorPaths.isNodeCLI(found) {
      return [
        DoctorFinding(
          "url-handler", .problem,
          "\(scheme): URLs go to \(found), which is Dodo Payments' Node CLI, not this dodo", fix: install)
      ]
    }
    if let executable, !DoctorPaths.sameFile(found, executable) {
      return [
        DoctorFinding(
          "url-handler", .note,
          "\(scheme): URLs go to \(found) handle-url (\(entry.path)), another copy of dodo than this one (\(executable))",
          fix: "\(install), if this is the dodo you use")
      ]
    }
    return [DoctorFinding("url-handler", .ok, "\(scheme): URLs go to \(found) handle-url (\(entry.path))")]
  }

  /// The entry `$XDG_CONFIG_HOME/mimeapps.list` names for the scheme under
  /// `[Default Applications]` (`xdg-mime` answers nothing when that entry is gone).
  func mimeAppsDefault(_ scheme: String) -> String? {
    guard let list = try? DesktopURLHandler(environment: environment).mimeAppsList,
      let file = try? SmallFile.read(list, limit: DesktopURLHandler.mimeAppsLimit)
    else { return nil }
    var inDefaults = false
    for line in String(decoding: file.bytes, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix("[") { inDefaults = line == "[Default Applications]" }
      let key = "x-scheme-handler/\(scheme)="
      if inDefaults, line.hasPrefix(key) {
        return line.dropFirst(key.count).split(separator: ";").first.map(String.init)
      }
    }
    return nil
  }

  /// What a browser looks like from its desktop entry: sandboxed by Flatpak or Snap?
  package enum Sandbox: String, Sendable { case none, flatpak, snap }

  static func sandbox(path: String, exec: String?) -> Sandbox {
    let exec = exec ?? ""
    if path.contains("/flatpak/exports/") || exec.contains("flatpak run") { return .flatpak }
    if path.contains("/snapd/desktop/") || exec.contains("/snap/bin/") || exec.hasPrefix("snap run") { return .snap }
    return .none
  }

  /// The default browser `xdg-open` starts, as `xdg-settings` names it, with its sandbox;
  /// `nil` when it names none. An `xdg-settings` that does not answer in time is an error.
  package func defaultBrowser() throws(PlatformError) -> (name: String, path: String?, sandbox: Sandbox)? {
    let limit = probeLimit.next
    let output = try? ProgramRunner.run(
      ["xdg-settings", "get", "default-web-browser"], environment: environment, timeLimit: limit)
    if let output, output.timedOut {
      throw PlatformError("xdg-settings did not answer within \(ProgramRunner.seconds(limit)) s")
    }
    guard let output, output.status == .exited(0),
      let name = output.standardOutput.split(separator: "\n").first.map(String.init), !name.isEmpty
    else { return nil }
    guard let entry = entry(named: name) else { return (name, nil, .none) }
    return (name, entry.path, Self.sandbox(path: entry.path, exec: DesktopURLHandler.value(of: "Exec", in: entry.text)))
  }
}
