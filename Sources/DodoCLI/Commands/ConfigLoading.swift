import DodoConfig
import DodoSetup

extension Context {
  /// The config files in effect for `--config` and the environment, each a
  /// `TrustedConfigFile`. A file that does not load is a configuration error (exit 78).
  func configuration() throws(CLIError) -> Configuration {
    do throws(ConfigError) {
      return try Configuration.loadTrusted(configFlag: configPath, environment: environment)
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

  /// The error as a command's failure (exit 78); `Dodo.report` prints it.
  func configurationError(_ error: ConfigError) -> CLIError {
    .configuration(error)
  }
}

extension CLIError {
  /// A problem with the settings as the error of its kind: a refused URL, a configuration
  /// error (78) or `PLATFORM_ERROR`.
  init(_ problem: SettingProblem) {
    switch problem {
    case .checkout(let error): self = .checkout(error)
    case .configuration(let error): self = .configuration(error)
    case .platform(let error): self = .platform(error)
    }
  }
}
