import DodoConfig
import DodoPlatform

extension EffectiveSettings {
  /// The browser command start runs: the effective one, else the system's. One that does not
  /// split into words fails before anything is touched: when a config file set it, as a
  /// configuration error at its line (78), as any other schema mistake; else a platform error.
  package func browserCommand(in configuration: Configuration) throws(SettingProblem) -> String {
    let command = browser.value ?? BrowserLauncher.systemDefault
    do throws(PlatformError) { _ = try BrowserCommand(command) } catch {
      if let located = configuration.error(error.message, at: browser.source) { throw .configuration(located) }
      throw .platform(error)
    }
    return command
  }
}
