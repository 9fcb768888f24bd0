import DodoCheckout
import Testing

/// Spec §1.5: the four error codes, each with a human message.
@Suite struct CheckoutErrorTests {
  @Test func fourCodesWithTheSDKNames() {
    #expect(
      CheckoutError.Code.allCases.map(\.rawValue) == [
        "INVALID_CHECKOUT_URL", "INVALID_RETURN_URL", "ALREADY_IN_PROGRESS", "PLATFORM_ERROR",
      ])
  }

  @Test(arguments: [
    (
      CheckoutError.invalidCheckoutUrl("the scheme must be https"), CheckoutError.Code.invalidCheckoutUrl,
      "invalid checkout URL: the scheme must be https"
    ),
    (CheckoutError.invalidReturnUrl("it has no host"), .invalidReturnUrl, "invalid return URL: it has no host"),
    (
      CheckoutError.alreadyInProgress, .alreadyInProgress,
      "another checkout is in progress; only one checkout can run at a time"
    ),
    (
      CheckoutError.platformError("cannot start the browser 'x': No such file or directory"), .platformError,
      "cannot start the browser 'x': No such file or directory"
    ),
    (CheckoutError(.platformError, "custom"), .platformError, "custom"),
  ])
  func codeAndMessage(_ error: CheckoutError, code: CheckoutError.Code, message: String) {
    #expect(error.code == code)
    #expect(error.message == message)
  }

  /// Every way a URL can fail gives a message a person can act on, under the right code.
  @Test(arguments: [
    ("", "it is empty"),
    ("x", "it has no scheme"),
    ("1x://h", "its scheme must start with a letter"),
    ("x://h/ ", "it contains a space at position 7"),
    ("x://h/\u{1}", "it contains a control character at position 7"),
    ("x://h/\u{85}", "it contains a control character at position 7"),
    ("x://h/%", "it has a malformed percent escape at position 7"),
    ("x://h:1x/", "its port is not a number from 0 to 65535"),
    ("x://[::1/", "its host is malformed"),
  ])
  func urlSyntaxReasons(_ text: String, reason: String) throws {
    let returnError = try #require(throws: CheckoutError.self) { try ReturnURL(text) }
    #expect(returnError.code == .invalidReturnUrl)
    #expect(returnError.message.hasPrefix("invalid return URL: not a valid URL: "))
    #expect(returnError.message.contains(reason), "\(returnError.message)")
    let checkoutError = try #require(throws: CheckoutError.self) { try CheckoutURL(text) }
    #expect(checkoutError.code == .invalidCheckoutUrl)
    #expect(checkoutError.message.hasPrefix("invalid checkout URL: not a valid URL: "))
    #expect(checkoutError.message.contains(reason))
  }
}
