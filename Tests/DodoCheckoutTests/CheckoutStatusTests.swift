import DodoCheckout
import Testing

/// Spec §1.4: the `status` parameter's value to a `CheckoutStatus`.
@Suite struct CheckoutStatusTests {
  static let mapping: [(value: String?, status: CheckoutStatus)] = [
    ("succeeded", .succeeded),
    ("SUCCEEDED", .succeeded),
    ("Succeeded", .succeeded),
    ("sUcCeEdEd", .succeeded),
    ("active", .succeeded),
    ("ACTIVE", .succeeded),
    ("Active", .succeeded),
    ("failed", .failed),
    ("FAILED", .failed),
    ("Failed", .failed),
    ("expired", .expired),
    ("EXPIRED", .expired),
    ("Expired", .expired),
    // Settles later.
    ("processing", .pending),
    ("requires_payment_method", .pending),
    ("requires_customer_action", .pending),
    ("requires_capture", .pending),
    ("requires_confirmation", .pending),
    ("requires_merchant_action", .pending),
    // Anything else, empty or missing.
    ("", .pending),
    (nil, .pending),
    ("unknown", .pending),
    ("success", .pending),
    ("succeed", .pending),
    ("succeededx", .pending),
    ("activ", .pending),
    ("fail", .pending),
    ("expire", .pending),
    ("pending", .pending),
    // `cancelled` never comes from a URL.
    ("cancelled", .pending),
    ("canceled", .pending),
    ("CANCELLED", .pending),
    // Not trimmed.
    (" succeeded", .pending),
    ("succeeded ", .pending),
    ("succeeded\n", .pending),
    ("\tactive", .pending),
    ("+succeeded", .pending),
    ("succeeded\u{0}", .pending),
    // Only ASCII letters fold: look-alikes stay unrecognized.
    ("\u{17F}ucceeded", .pending),  // LATIN SMALL LETTER LONG S
    ("act\u{130}ve", .pending),  // LATIN CAPITAL LETTER I WITH DOT ABOVE
    ("fa\u{131}led", .pending),  // LATIN SMALL LETTER DOTLESS I
    ("FA\u{130}LED", .pending),
    ("ｓｕｃｃｅｅｄｅｄ", .pending),  // fullwidth
    ("succeede\u{301}d", .pending),
  ]

  @Test(arguments: mapping)
  func statusParameter(_ value: String?, status: CheckoutStatus) {
    #expect(CheckoutStatus(statusParameter: value) == status)
  }

  @Test func fiveStatusesWithLowerCaseNames() {
    #expect(CheckoutStatus.allCases.map(\.rawValue) == ["succeeded", "failed", "cancelled", "pending", "expired"])
  }
}
