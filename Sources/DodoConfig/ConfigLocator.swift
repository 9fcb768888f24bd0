/// The config files `dodo` looks at, in the order their profiles take precedence (spec §5):
/// `--config FILE`, else `$DODO_CONFIG`, is the one file read (as `kubectl --kubeconfig` and
/// `GIT_CONFIG_GLOBAL`: a broken personal file must not break `dodo --config ci.yaml …`);
/// otherwise `$XDG_CONFIG_HOME/dodo/config.yaml` (default `$HOME/.config/dodo/config.yaml`),
/// then `dodo/config.yaml` under each of `$XDG_CONFIG_DIRS` (default `/etc/xdg`).
///
/// Pure: it reads only the environment it is given, so the rules can be tested without files.
package enum ConfigLocator {
  /// Why a file is on the list.
  package enum Reason: Sendable, Hashable, CustomStringConvertible {
    /// Named by `--config`.
    case flag
    /// Named by `$DODO_CONFIG`.
    case dodoConfig
    /// Under `$XDG_CONFIG_HOME`, or its default `$HOME/.config` when `isDefault`.
    case xdgConfigHome(isDefault: Bool)
    /// Under an entry of `$XDG_CONFIG_DIRS`, or its default `/etc/xdg` when `isDefault`.
    case xdgConfigDirs(isDefault: Bool)

    package var description: String {
      switch self {
      case .flag: "--config"
      case .dodoConfig: "$DODO_CONFIG"
      case .xdgConfigHome(let isDefault):
        isDefault ? "$HOME/.config (default for $XDG_CONFIG_HOME)" : "$XDG_CONFIG_HOME"
      case .xdgConfigDirs(let isDefault): isDefault ? "/etc/xdg (default for $XDG_CONFIG_DIRS)" : "$XDG_CONFIG_DIRS"
      }
    }
  }

  /// A file to look for and why.
  package struct Candidate: Sendable, Hashable {
    package var path: String
    package var reason: Reason

    /// A file someone named (`--config`, `$DODO_CONFIG`) must exist; the XDG files are only
    /// looked for.
    package var isRequired: Bool {
      switch reason {
      case .flag, .dodoConfig: true
      case .xdgConfigHome, .xdgConfigDirs: false
      }
    }

    package init(path: String, reason: Reason) {
      self.path = path
      self.reason = reason
    }
  }

  /// The candidates, highest precedence first, each path once. Empty variables count as
  /// unset; relative `XDG_*` values (and relative `$HOME`) are ignored, as the XDG Base
  /// Directory spec says.
  package static func candidates(configFlag: String?, environment: [String: String]) -> [Candidate] {
    if let configFlag { return [Candidate(path: configFlag, reason: .flag)] }
    if let path = environment["DODO_CONFIG"], !path.isEmpty { return [Candidate(path: path, reason: .dodoConfig)] }
    var candidates: [Candidate] = []
    if let home = absolute(environment["XDG_CONFIG_HOME"]) {
      candidates.append(Candidate(path: join(home, "dodo/config.yaml"), reason: .xdgConfigHome(isDefault: false)))
    } else if let home = absolute(environment["HOME"]) {
      candidates.append(
        Candidate(path: join(home, ".config/dodo/config.yaml"), reason: .xdgConfigHome(isDefault: true)))
    }
    let dirs = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").compactMap { absolute(String($0)) }
    if dirs.isEmpty {
      candidates.append(Candidate(path: "/etc/xdg/dodo/config.yaml", reason: .xdgConfigDirs(isDefault: true)))
    } else {
      for dir in dirs {
        candidates.append(Candidate(path: join(dir, "dodo/config.yaml"), reason: .xdgConfigDirs(isDefault: false)))
      }
    }
    var seen = Set<String>()
    return candidates.filter { seen.insert($0.path).inserted }
  }

  private static func absolute(_ path: String?) -> String? {
    guard let path, path.hasPrefix("/") else { return nil }
    return path
  }

  private static func join(_ directory: String, _ name: String) -> String {
    var directory = Substring(directory)
    while directory.count > 1, directory.hasSuffix("/") { directory = directory.dropLast() }
    return directory == "/" ? "/\(name)" : "\(directory)/\(name)"
  }
}
