import DodoCheckout
import DodoConfig
import DodoPlatform

/// Why settings cannot be used, in the kind that decides the exit status: a URL the contract
/// refuses, a configuration mistake (located in its file when a file set it), or a platform
/// failure. The CLI turns each into its own error.
package enum SettingProblem: Error, Sendable {
  case checkout(CheckoutError)
  case configuration(ConfigError)
  case platform(PlatformError)
}
