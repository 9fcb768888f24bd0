import Testing

@testable import DodoCheckout

/// The per-run `state` a return URL gets when it has no query of its own.
@Suite struct ReturnStateTests {
  @Test(
    "needed without a query of its own; a bare ? is none, and a ? inside the fragment is no query",
    arguments: [
      ("myapp://r", true), ("myapp://r?", true), ("myapp://r#x", true), ("myapp://r?state=mine", false),
      ("myapp://r#a?b", true), ("myapp://r?#x", true), ("myapp://r?a=1#x?y", false),
    ])
  func isNeeded(url: String, needed: Bool) {
    #expect(ReturnState.isNeeded(url) == needed)
  }

  @Test("the state goes before a fragment, after a bare ?")
  func adding() {
    let random: [UInt8] = [0xFB, 0xFF, 0x00]
    #expect(ReturnState.adding(to: "myapp://r#x", random: random) == "myapp://r?state=-_8A#x")
    #expect(ReturnState.adding(to: "myapp://r#a?b", random: random) == "myapp://r?state=-_8A#a?b")
    #expect(ReturnState.adding(to: "myapp://r?#x", random: random) == "myapp://r?state=-_8A#x")
    #expect(ReturnState.adding(to: "myapp://r?", random: random) == "myapp://r?state=-_8A")
    #expect(ReturnState.adding(to: "http://127.0.0.1:1/r", random: random) == "http://127.0.0.1:1/r?state=-_8A")
  }

  @Test(
    "the cancel URL is the return URL, its state kept, plus dodo_cancel=1 before a fragment",
    arguments: [
      ("myapp://r?state=abc", "myapp://r?state=abc&dodo_cancel=1"), ("myapp://r", "myapp://r?dodo_cancel=1"),
      ("myapp://r?", "myapp://r?dodo_cancel=1"),
      ("http://127.0.0.1:1/r?state=a#top", "http://127.0.0.1:1/r?state=a&dodo_cancel=1#top"),
    ])
  func cancelURL(returnURL: String, cancel: String) {
    #expect(ReturnCancel.url(for: returnURL) == cancel)
  }

  @Test("unpadded base64url", arguments: [([0xFB, 0xFF], "-_8"), ([], ""), ([0x66, 0x6F, 0x6F, 0x62], "Zm9vYg")])
  func base64URL(bytes: [UInt8], text: String) {
    #expect(ReturnState.base64URL(bytes) == text)
  }
}
