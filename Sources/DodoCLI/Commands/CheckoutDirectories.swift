import DodoCheckout
import DodoPlatform

extension Context {
  /// The state and runtime directories of spec §6 for this environment; the runtime
  /// fallback's warning is printed once here. An unusable directory is `PLATFORM_ERROR`.
  func checkoutDirectories() throws(CLIError) -> DodoDirectories {
    let environment = environment
    do throws(PlatformError) {
      let directories = try DodoDirectories.resolve(environment: { environment[$0] })
      if let warning = directories.warning { warn(warning) }
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
