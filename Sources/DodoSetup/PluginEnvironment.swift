import DodoConfig
import DodoPlatform

/// The environment a plugin (`dodo-NAME`) runs with: the caller's, with `dodo`'s setup
/// resolved, so that the plugin (and any `dodo` it runs) shares it.
package enum PluginEnvironment {
  /// `environment` with:
  /// - `DODO_CONFIG`: `--config` (`configFlag`), else `$DODO_CONFIG`, else the first config
  ///   file that exists. Naming that file keeps the same files in the same order, since the
  ///   locator lists each path once.
  /// - `DODO_PROFILE`: `--profile` (`profileFlag`), else `$DODO_PROFILE`, else the config's
  ///   default profile (left out when the config does not load: the plugin will hear about
  ///   it from `dodo`).
  /// - `DODO_STATE_DIR` and `DODO_RUNTIME_DIR`: the directories `dodo` would use (not created).
  package static func resolved(_ environment: [String: String], configFlag: String?, profileFlag: String?)
    -> [String: String]
  {
    var resolved = environment
    resolved["DODO_CONFIG"] = nil
    if let config = configFlag ?? nonEmpty(environment["DODO_CONFIG"]) {
      resolved["DODO_CONFIG"] = config
    } else if let existing = ConfigLocator.candidates(configFlag: nil, environment: environment)
      .first(where: { (try? Syscalls.lstat($0.path)) != nil })
    {
      resolved["DODO_CONFIG"] = existing.path
    }
    resolved["DODO_PROFILE"] = nil
    if let profile = profileFlag ?? nonEmpty(environment["DODO_PROFILE"]) {
      resolved["DODO_PROFILE"] = profile
    } else if let configuration = try? Configuration.loadTrusted(configFlag: configFlag, environment: environment),
      let selected = try? configuration.selectedProfile(profileFlag: nil, environment: environment)
    {
      resolved["DODO_PROFILE"] = selected.value.name
    }
    let home = environment["HOME"] ?? Syscalls.homeDirectory()
    if let directories = try? DodoDirectories.resolve(environment: { environment[$0] }, home: home) {
      resolved["DODO_STATE_DIR"] = directories.state
      resolved["DODO_RUNTIME_DIR"] = directories.runtime
    }
    return resolved
  }

  private static func nonEmpty(_ value: String?) -> String? {
    value.flatMap { $0.isEmpty ? nil : $0 }
  }
}
