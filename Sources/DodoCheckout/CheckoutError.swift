/// Why `dodo` could not run or read a checkout: misuse or a platform failure.
///
/// A customer who cancels, or a declined payment, is a `CheckoutResult`, never an error.
public struct CheckoutError: Error, Sendable, Hashable {
  /// The reason, with the iOS SDK's code names.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    case invalidCheckoutUrl = "INVALID_CHECKOUT_URL"
    case invalidReturnUrl = "INVALID_RETURN_URL"
    case alreadyInProgress = "ALREADY_IN_PROGRESS"
    case platformError = "PLATFORM_ERROR"
  }

  /// What kind of failure this is, as the iOS SDK's `CheckoutError` cases name it.
  public var code: Code
  /// A sentence for a person: what was wrong and what is expected. It never quotes a
  /// URL's query string, which may carry a customer's details.
  public var message: String

  package init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  package static func invalidCheckoutUrl(_ reason: String) -> CheckoutError {
    CheckoutError(.invalidCheckoutUrl, "invalid checkout URL: \(reason)")
  }

  package static func invalidReturnUrl(_ reason: String) -> CheckoutError {
    CheckoutError(.invalidReturnUrl, "invalid return URL: \(reason)")
  }

  /// Another checkout runs, in this process or another (`dodo start` included).
  public static let alreadyInProgress = CheckoutError(
    .alreadyInProgress, "another checkout is in progress; only one checkout can run at a time")

  package static func platformError(_ reason: String) -> CheckoutError {
    CheckoutError(.platformError, reason)
  }

  /// Which kind of URL a syntax error was found in, for the error's code.
  enum URLKind { case checkout, returnURL, incoming }

  static func invalidURL(_ error: URLSyntaxError, kind: URLKind) -> CheckoutError {
    switch kind {
    case .checkout: .invalidCheckoutUrl("not a valid URL: \(error.reason)")
    case .returnURL, .incoming: .invalidReturnUrl("not a valid URL: \(error.reason)")
    }
  }
}

extension CheckoutError: CustomStringConvertible {
  /// The message and the SDK's code name, for a program that prints or logs the error as is.
  public var description: String { "\(message) (\(code.rawValue))" }
}
