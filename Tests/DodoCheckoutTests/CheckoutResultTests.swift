import DodoCheckout
import Testing

/// Spec §1.4: reading the result off a return URL's query.
@Suite struct CheckoutResultTests {
  /// A query and everything that must be read off it. Each case is read both as a bare query
  /// and as the query of a whole return URL.
  struct Example: Sendable, CustomTestStringConvertible {
    var query: String
    var status: CheckoutStatus = .pending
    var paymentId: String? = nil
    var subscriptionId: String? = nil
    var licenseKeys: [String]? = nil
    var customerEmail: String? = nil
    /// `parameters`, in order.
    var parameters: [(String, String)] = []
    var testDescription: String { query.isEmpty ? "(empty query)" : query }
  }

  static let examples: [Example] = [
    // The SDK's own cases.
    Example(
      query: "status=succeeded&payment_id=pay_1", status: .succeeded, paymentId: "pay_1",
      parameters: [("status", "succeeded"), ("payment_id", "pay_1")]),
    Example(
      query: "status=active&subscription_id=sub_1&email=a%40x.com", status: .succeeded, subscriptionId: "sub_1",
      customerEmail: "a@x.com", parameters: [("status", "active"), ("subscription_id", "sub_1"), ("email", "a@x.com")]),
    Example(
      query: "status=failed&payment_id=pay_2", status: .failed, paymentId: "pay_2",
      parameters: [("status", "failed"), ("payment_id", "pay_2")]),
    Example(query: "status=expired", status: .expired, parameters: [("status", "expired")]),
    Example(query: "status=processing", parameters: [("status", "processing")]),
    Example(query: "status=requires_payment_method", parameters: [("status", "requires_payment_method")]),
    Example(query: "status=ACTIVE", status: .succeeded, parameters: [("status", "ACTIVE")]),
    Example(query: "status=Succeeded", status: .succeeded, parameters: [("status", "Succeeded")]),
    // Status: not trimmed, empty, missing, decoded first.
    Example(query: "status=%20succeeded", parameters: [("status", " succeeded")]),
    Example(query: "status=succeeded%20", parameters: [("status", "succeeded ")]),
    Example(query: "status=+succeeded", parameters: [("status", "+succeeded")]),
    Example(query: "status=", parameters: [("status", "")]),
    Example(query: "status", parameters: [("status", "")]),
    Example(query: "payment_id=pay_1", paymentId: "pay_1", parameters: [("payment_id", "pay_1")]),
    Example(query: ""),
    Example(query: "status=%73ucceeded", status: .succeeded, parameters: [("status", "succeeded")]),
    Example(query: "%73tatus=failed", status: .failed, parameters: [("status", "failed")]),
    Example(query: "Status=succeeded", parameters: [("Status", "succeeded")]),
    Example(query: "STATUS=succeeded", parameters: [("STATUS", "succeeded")]),
    // Repeated names: the last one wins, in the place the name first appeared.
    Example(query: "status=succeeded&status=failed", status: .failed, parameters: [("status", "failed")]),
    Example(query: "status=failed&status=succeeded", status: .succeeded, parameters: [("status", "succeeded")]),
    Example(query: "status=succeeded&status=", parameters: [("status", "")]),
    Example(
      query: "payment_id=pay_1&status=succeeded&payment_id=pay_2", status: .succeeded, paymentId: "pay_2",
      parameters: [("payment_id", "pay_2"), ("status", "succeeded")]),
    Example(query: "payment_id=pay_1&payment_id=", parameters: [("payment_id", "")]),
    Example(query: "payment_id=&payment_id=pay_1", paymentId: "pay_1", parameters: [("payment_id", "pay_1")]),
    Example(query: "b=1&a=2&b=3", parameters: [("b", "3"), ("a", "2")]),
    // Empty values are absent from the typed fields, kept in raw.
    Example(
      query: "payment_id=&subscription_id=&email=&license_key=",
      parameters: [("payment_id", ""), ("subscription_id", ""), ("email", ""), ("license_key", "")]),
    // Names match exactly.
    Example(query: "Payment_Id=pay_1&EMAIL=a%40x.com", parameters: [("Payment_Id", "pay_1"), ("EMAIL", "a@x.com")]),
    Example(query: "payment_id%20=pay_1", parameters: [("payment_id ", "pay_1")]),
    Example(query: "pay%6Dent_id=pay_1", paymentId: "pay_1", parameters: [("payment_id", "pay_1")]),
    Example(query: "subscription%5Fid=sub_1", subscriptionId: "sub_1", parameters: [("subscription_id", "sub_1")]),
    // Without `=`, the value is ""; only the first `=` splits.
    Example(query: "flag", parameters: [("flag", "")]),
    Example(query: "flag&status=failed", status: .failed, parameters: [("flag", ""), ("status", "failed")]),
    Example(query: "y==z", parameters: [("y", "=z")]),
    Example(query: "a=b=c", parameters: [("a", "b=c")]),
    Example(query: "=", parameters: [("", "")]),
    Example(query: "=x", parameters: [("", "x")]),
    Example(query: "a%3Db=c", parameters: [("a=b", "c")]),
    Example(query: "a=%26%3D%23", parameters: [("a", "&=#")]),
    // Empty pieces between `&` are no parameter.
    Example(query: "a=1&&b=2", parameters: [("a", "1"), ("b", "2")]),
    Example(query: "&", parameters: []),
    Example(query: "&&status=failed&", status: .failed, parameters: [("status", "failed")]),
    // `+` is a literal plus; percent-decoding reads UTF-8, and invalid UTF-8 as U+FFFD.
    Example(query: "email=a+b%40x.com", customerEmail: "a+b@x.com", parameters: [("email", "a+b@x.com")]),
    Example(query: "email=a%2Bb%40x.com", customerEmail: "a+b@x.com", parameters: [("email", "a+b@x.com")]),
    Example(query: "email=a%20b", customerEmail: "a b", parameters: [("email", "a b")]),
    Example(query: "email=%C3%A9%40x.com", customerEmail: "é@x.com", parameters: [("email", "é@x.com")]),
    Example(query: "email=%c3%a9", customerEmail: "é", parameters: [("email", "é")]),
    Example(query: "email=é", customerEmail: "é", parameters: [("email", "é")]),
    Example(query: "email=%E2%82%AC%F0%9F%98%80", customerEmail: "€😀", parameters: [("email", "€😀")]),
    Example(query: "email=%FF", customerEmail: "\u{FFFD}", parameters: [("email", "\u{FFFD}")]),
    Example(query: "email=%C3", customerEmail: "\u{FFFD}", parameters: [("email", "\u{FFFD}")]),
    Example(query: "email=%C3%28", customerEmail: "\u{FFFD}(", parameters: [("email", "\u{FFFD}(")]),
    Example(
      query: "email=%ED%A0%80", customerEmail: "\u{FFFD}\u{FFFD}\u{FFFD}",
      parameters: [("email", "\u{FFFD}\u{FFFD}\u{FFFD}")]),
    Example(query: "email=%00", customerEmail: "\u{0}", parameters: [("email", "\u{0}")]),
    Example(query: "email=%2525", customerEmail: "%25", parameters: [("email", "%25")]),
    // License keys: every non-empty one, in order; raw keeps the last.
    Example(query: "license_key=k1", licenseKeys: ["k1"], parameters: [("license_key", "k1")]),
    Example(
      query: "license_key=k1&license_key=&license_key=k2&license_key", licenseKeys: ["k1", "k2"],
      parameters: [("license_key", "")]),
    Example(
      query: "license_key=k2&status=succeeded&license_key=k1&license_key=k2", status: .succeeded,
      licenseKeys: ["k2", "k1", "k2"], parameters: [("license_key", "k2"), ("status", "succeeded")]),
    Example(query: "license_key=", parameters: [("license_key", "")]),
    Example(query: "license_key", parameters: [("license_key", "")]),
    Example(query: "license_key=a+b%2Fc", licenseKeys: ["a+b/c"], parameters: [("license_key", "a+b/c")]),
    Example(query: "license_keys=k1&License_Key=k2", parameters: [("license_keys", "k1"), ("License_Key", "k2")]),
    // Everything at once.
    Example(
      query:
        "status=succeeded&payment_id=pay_1&subscription_id=sub_1&license_key=LK1&license_key=LK2&email=a%2Bb%40x.com&extra=1",
      status: .succeeded, paymentId: "pay_1", subscriptionId: "sub_1", licenseKeys: ["LK1", "LK2"],
      customerEmail: "a+b@x.com",
      parameters: [
        ("status", "succeeded"), ("payment_id", "pay_1"), ("subscription_id", "sub_1"), ("license_key", "LK2"),
        ("email", "a+b@x.com"), ("extra", "1"),
      ]),
  ]

  static func check(_ result: CheckoutResult, _ example: Example) {
    #expect(result.status == example.status)
    #expect(result.paymentId == example.paymentId)
    #expect(result.subscriptionId == example.subscriptionId)
    #expect(result.licenseKeys == example.licenseKeys)
    #expect(result.customerEmail == example.customerEmail)
    #expect(result.parameters.map(\.name) == example.parameters.map(\.0))
    #expect(result.parameters.map(\.value) == example.parameters.map(\.1))
    #expect(result.raw == Dictionary(uniqueKeysWithValues: example.parameters))
    #expect(result.rawStatus == example.parameters.first { $0.0 == "status" }?.1)
  }

  @Test(arguments: examples)
  func fromQuery(_ example: Example) throws {
    Self.check(try CheckoutResult(query: example.query), example)
    Self.check(try CheckoutResult(query: "?" + example.query), example)
    Self.check(try CheckoutResult(query: example.query + "#status=failed&payment_id=x"), example)
  }

  @Test(arguments: examples)
  func fromReturnURL(_ example: Example) throws {
    Self.check(try CheckoutResult(returnURL: "myapp://checkout/return?" + example.query), example)
    Self.check(
      try CheckoutResult(returnURL: "MyApp://u@Checkout:99/other/?" + example.query + "#status=failed"), example)
    Self.check(try CheckoutResult(returnURL: "http://[::1]:53682/return?" + example.query + "#"), example)
  }

  /// Fragments are never read: the result comes from the query only.
  @Test(arguments: [
    "myapp://checkout/return#status=succeeded&payment_id=pay_1",
    "myapp://checkout/return?#status=succeeded",
    "myapp://checkout/return",
    "myapp://checkout",
    "myapp://checkout?",
    "myapp://checkout/return/#?status=succeeded",
  ])
  func noQuery(_ url: String) throws {
    let result = try CheckoutResult(returnURL: url)
    #expect(result == CheckoutResult(status: .pending))
    #expect(result.raw.isEmpty)
    #expect(result.rawStatus == nil)
  }

  /// `?` inside the query is data, not a new query.
  @Test func questionMarkInQuery() throws {
    let result = try CheckoutResult(returnURL: "myapp://checkout/return?next=/a?b=c&status=failed")
    #expect(result.status == .failed)
    #expect(result.raw == ["next": "/a?b=c", "status": "failed"])
  }

  @Test(
    arguments: [
      "not-a-url",
      "status=succeeded",
      "myapp:/checkout/return?status=succeeded",
      "myapp:return?status=succeeded",
      "myapp://?status=succeeded",
      "myapp:///return?status=succeeded",
      "myapp://checkout/return?status=succeeded&email=a b",
      "myapp://checkout/return?status=succeeded%",
      "myapp://checkout/return?status=%G1",
      "myapp://checkout/return?status=succeeded#%4",
      "myapp://checkout/return?status=succeeded\u{7F}",
      "myapp://checkout/return?status=succeeded\u{85}",
      "myapp://checkout:x/return?status=succeeded",
      "",
    ].map(EscapedText.init))
  func invalidReturnURL(_ url: EscapedText) throws {
    let error = try #require(throws: CheckoutError.self) { try CheckoutResult(returnURL: url.text) }
    #expect(error.code == .invalidReturnUrl)
  }

  @Test(
    arguments: [
      "status=succeeded%",
      "status=succeeded&email=%4",
      "status=%G1",
      "status=succeeded email=x",
      "status=succeeded\n",
      "status=succeeded\u{0}",
      "status=succeeded\u{9F}",
      "status=succeeded#%",
    ].map(EscapedText.init))
  func invalidQuery(_ query: EscapedText) throws {
    let error = try #require(throws: CheckoutError.self) { try CheckoutResult(query: query.text) }
    #expect(error.code == .invalidReturnUrl)
  }

  /// The error names the position of the problem, never the customer's details around it.
  @Test(
    arguments: [
      "myapp://checkout/return?email=secret%40x.com&status=%",
      "myapp://checkout/return?email=secret%40x.com&status= b",
      "myapp://checkout/return?email=secret%40x.com&status=\u{1}",
    ].map(EscapedText.init))
  func errorMessageLeavesOutTheQuery(_ escaped: EscapedText) throws {
    let url = escaped.text
    let error = try #require(throws: CheckoutError.self) { try CheckoutResult(returnURL: url) }
    #expect(!error.message.contains("secret"))
    #expect(error.message.contains("position 53"))
    let queryError = try #require(throws: CheckoutError.self) {
      try CheckoutResult(query: String(url.split(separator: "?", maxSplits: 1)[1]))
    }
    #expect(!queryError.message.contains("secret"))
  }

  /// Past the linear search limit a hash index finds repeats; the outcome is the same.
  @Test(arguments: [15, 16, 17, 40, 500])
  func manyNames(_ count: Int) throws {
    var pieces = (0..<count).map { "n\($0)=first\($0)" }
    pieces += (0..<count).reversed().map { "n\($0)=last\($0)" }
    pieces += ["status=active", "n0=final", "license_key=k"]
    let result = try CheckoutResult(query: pieces.joined(separator: "&"))
    #expect(result.status == .succeeded)
    #expect(result.parameters.count == count + 2)
    #expect(result.parameters.map(\.name) == (0..<count).map { "n\($0)" } + ["status", "license_key"])
    #expect(result.parameters[0].value == "final")
    for i in 1..<count { #expect(result.parameters[i].value == "last\(i)") }
    #expect(result.licenseKeys == ["k"])
    #expect(result.raw.count == count + 2)
  }

  /// Names are `String`s, as in the iOS SDK's `raw: [String: String]`: names that Swift holds
  /// equal (canonically equivalent) are one name, and the last value wins. The typed fields'
  /// ASCII names have no other spelling.
  @Test func canonicallyEquivalentNamesAreOneName() throws {
    let result = try CheckoutResult(query: "caf%C3%A9=1&cafe%CC%81=2&K=3&%E2%84%AA=4")
    #expect(result.parameters.count == 2)
    #expect(result.raw == ["café": "2", "K": "4"])
  }

  @Test func cancelledIsEmpty() {
    let result = CheckoutResult.cancelled
    #expect(result.status == .cancelled)
    #expect(
      result.paymentId == nil && result.subscriptionId == nil && result.licenseKeys == nil
        && result.customerEmail == nil)
    #expect(result.parameters.isEmpty && result.raw.isEmpty && result.rawStatus == nil)
  }

  @Test func memberwiseInit() {
    let result = CheckoutResult(
      status: .failed, paymentId: "pay_1", parameters: [QueryParameter(name: "status", value: "failed")])
    #expect(result.status == .failed)
    #expect(result.paymentId == "pay_1")
    #expect(result.rawStatus == "failed")
    #expect(result.raw == ["status": "failed"])
  }

  @Test("shown without the return URL's own parameters, the others kept in order")
  func withoutParameters() {
    let result = CheckoutResult(
      status: .succeeded,
      parameters: [
        QueryParameter(name: "status", value: "succeeded"), QueryParameter(name: "state", value: "secret"),
        QueryParameter(name: "payment_id", value: "pay_1"),
      ])
    let shown = result.withoutParameters(named: ["state"])
    #expect(shown.parameters.map(\.name) == ["status", "payment_id"])
    #expect(shown.status == .succeeded)
    #expect(result.withoutParameters(named: []) == result)
  }
}
