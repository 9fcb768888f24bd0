import DodoCheckout

/// A platform failure with a sentence for a person; it maps to `PLATFORM_ERROR` (exit 23).
public struct PlatformError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }

  /// The same failure as the core's `CheckoutError`.
  public var checkoutError: CheckoutError { .platformError(message) }
}
