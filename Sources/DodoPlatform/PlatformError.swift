import DodoCheckout

/// A platform failure with a sentence for a person; it maps to `PLATFORM_ERROR` (exit 23).
///
/// The error convention, one type per layer: the system-call wrappers and the helpers made of
/// nothing but system calls (`Syscalls`, `AtomicFile`, `ProgramRunner`) throw `SystemError`
/// (the call, its subject, `errno`); the platform's services throw `PlatformError`, a sentence
/// that names what failed and carries the `SystemError`'s text; the ones that implement a
/// core protocol (the record store, the lock, the return channel) throw the core's
/// `CheckoutError`; and every command of the CLI throws `CLIError`.
package struct PlatformError: Error, Sendable, Hashable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) { self.message = message }

  package var description: String { message }

  /// The same failure as the core's `CheckoutError`.
  package var checkoutError: CheckoutError { .platformError(message) }
}
