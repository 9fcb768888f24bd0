import DodoCheckout
import DodoPlatform

extension Context {
  /// The state and runtime directories of spec §6 for this environment. The runtime
  /// fallback is private and checked like any runtime directory, so it is used silently (a
  /// headless box or a container has no `XDG_RUNTIME_DIR`, and a warning on every command
  /// only teaches users to ignore warnings); `--verbose` says which directory it is.
  /// An unusable directory is `PLATFORM_ERROR`.
  func checkoutDirectories() throws(CLIError) -> DodoDirectories {
    let environment = environment
    do throws(PlatformError) {
      let directories = try DodoDirectories.resolve(environment: { environment[$0] })
      if verbose, let warning = directories.warning { warn(warning) }
      return directories
    } catch {
      throw .checkout(error.checkoutError)
    }
  }
}

extension CLIError {
  /// A platform failure as `PLATFORM_ERROR` (exit 23).
  static func platform(_ error: PlatformError) -> CLIError { .checkout(error.checkoutError) }
}
