import DodoCheckout
import DodoPlatform
import Testing

/// `dodo start --product`'s per-run `state`: fresh each run, and never over a query of the URL's own.
@Suite struct FreshReturnStateTests {
  @Test("a URL with its own query is kept; one without gets 16 random bytes, new each time")
  func freshState() throws {
    #expect(try ReturnState.addingFresh(to: "myapp://r?state=mine") == "myapp://r?state=mine")
    let first = try ReturnState.addingFresh(to: "myapp://r#x")
    #expect(first.hasPrefix("myapp://r?state=") && first.hasSuffix("#x"))
    #expect(first.count == "myapp://r?state=#x".count + 22)  // 16 bytes in unpadded base64url
    #expect(try ReturnState.addingFresh(to: "myapp://r#x") != first)
  }
}
