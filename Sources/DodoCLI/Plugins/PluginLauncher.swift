import DodoPlatform
import DodoSetup

/// Runs a plugin in place of `dodo` (`execve`), so that its exit status, or the signal that
/// ended it, is what the caller sees, and its standard streams are `dodo`'s.
enum PluginLauncher {
  /// Runs `plugin` with `arguments` verbatim; returns only by throwing, when it cannot be run.
  static func run(_ plugin: Plugin, arguments: [String], context: Context) throws(CLIError) -> Never {
    let environment = PluginEnvironment.resolved(
      context.environment, configFlag: context.configPath, profileFlag: context.profile)
    context.stdout.flush()
    context.stderr.flush()
    do throws(SystemError) {
      try plugin.execute(arguments: arguments, environment: environment)
    } catch {
      throw .checkout(.platformError("cannot run the plugin \(plugin.path): \(error.reason)"))
    }
  }
}
