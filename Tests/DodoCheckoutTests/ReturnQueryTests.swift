import DodoBytes
import DodoCheckout
import Testing

@Suite("Reading a return URL in place")
struct ReturnQueryTests {
  /// Reads `url` in place and turns every text of the reading into a string.
  private func readInPlace(_ url: String) throws -> (result: CheckoutResult, rawStatus: String?, names: [String]) {
    var url = url
    return try url.withBytes { bytes in
      try ReturnQuery.withReturnURL(bytes) { query in
        (query.result, query.rawStatus?.decoded, query.parameters.map(\.name.decoded))
      }
    }
  }

  @Test(
    "the reading in place is the result",
    arguments: [
      "myapp://checkout/return?status=succeeded&payment_id=pay_1",
      "myapp://r?status=active&subscription_id=sub_1&license_key=A&license_key=&license_key=B&email=a+b%40x.com",
      "myapp://r?payment_id=a&payment_id=&y==z&flag&&status=FAILED#status=succeeded",
      "myapp://r?pay%6Dent_id=p%C3%A9&%FF=%FE&name=caf%C3%A9",
      "myapp://r",
      Self.longQuery,
    ])
  func sameAsResult(_ url: String) throws {
    let read = try readInPlace(url)
    #expect(read.result == (try CheckoutResult(returnURL: url)))
    #expect(read.rawStatus == read.result.rawStatus)
    #expect(read.names == read.result.parameters.map(\.name))
  }

  /// More parameters and license keys than `ReturnQuery` keeps on the stack (8 and 4), with
  /// repeats of a name kept there and of one kept in the array beyond it.
  static let longQuery =
    "myapp://r?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9&j=10&license_key=1&license_key=2&license_key=3"
    + "&license_key=4&license_key=5&license_key=6&b=B&j=J&status=succeeded&k=11"

  @Test("a query longer than the room on the stack is read whole, repeats keeping their last value")
  func longQueryReadWhole() throws {
    let read = try readInPlace(Self.longQuery)
    #expect(read.result.licenseKeys == ["1", "2", "3", "4", "5", "6"])
    #expect(read.names == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "license_key", "status", "k"])
    #expect(
      read.result.parameters.map(\.value) == ["1", "B", "3", "4", "5", "6", "7", "8", "9", "J", "6", "succeeded", "11"])
  }

  @Test("names are the same key when they are equal strings, as in the SDK's raw dictionary")
  func namesCompareAsStrings() throws {
    // "café" precomposed, then decomposed: equal as Swift strings, so one key, the last value wins.
    let read = try readInPlace("myapp://r?caf%C3%A9=1&cafe%CC%81=2")
    #expect(read.result.parameters.count == 1)
    #expect(read.result.parameters.first?.value == "2")
    #expect(read.result.raw.count == 1)
  }

  @Test("a KELVIN SIGN name and a K name are one key, as equal Swift strings are")
  func kelvinSign() throws {
    let read = try readInPlace("myapp://r?K=1&%E2%84%AA=2")
    #expect(read.result.parameters == [QueryParameter(name: "K", value: "2")])
  }

  @Test("a bare query reads like the query of a URL")
  func bareQuery() throws {
    var query = "?status=expired&payment_id=pay_2#frag"
    let status = try query.withBytes { bytes in try ReturnQuery.withQuery(bytes) { $0.status } }
    #expect(status == .expired)
  }

  @Test(
    "a URL that is not a return URL is an INVALID_RETURN_URL error",
    arguments: ["myapp:/x?status=succeeded", "a b://c"])
  func invalid(_ url: String) {
    #expect(throws: CheckoutError.self) { try readInPlace(url) }
  }
}

@Suite("Checkout and return URL edge cases")
struct URLEdgeCaseTests {
  @Test(
    "a checkout path that decodes to a control character is invalid",
    arguments: [
      "https://checkout.dodopayments.com/session/cks%1B%5B31m", "https://checkout.dodopayments.com/session/cks_1/%7F",
      "https://checkout.dodopayments.com/session/cks%C2%85",
    ])
  func controlCharacterInPath(_ url: String) {
    #expect(throws: CheckoutError.invalidCheckoutUrl("the path decodes to a control character")) {
      try CheckoutURL(url)
    }
  }

  @Test("port 0 is no loopback return")
  func portZero() throws {
    #expect(try ReturnURL("http://127.0.0.1:0/return").loopback == nil)
    #expect(try ReturnURL("http://127.0.0.1:1/return").loopback == LoopbackAddress(host: "127.0.0.1", port: 1))
  }
}
