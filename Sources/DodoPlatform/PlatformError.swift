import DodoCheckout

/// A platform failure with a sentence for a person; it maps to `PLATFORM_ERROR` (exit 23).
package struct PlatformError: Error, Sendable, Hashable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }

  /// The same failure as the core's `CheckoutError`.
  package var checkoutError: CheckoutError { .platformError(message) }
}
