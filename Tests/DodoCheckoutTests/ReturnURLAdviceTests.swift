import Testing

@testable import DodoCheckout

/// What is said about how a return URL is kept from forged returns.
@Suite struct ReturnURLAdviceTests {
  @Test("a loopback return URL names the parameters a return must echo, never their values")
  func loopbackNote() throws {
    #expect(
      try ReturnURL("http://127.0.0.1:53682/r?state=s3cret").loopbackNote
        == "a return must carry its 'state' parameter with the same value")
    #expect(
      try ReturnURL("http://127.0.0.1:53682/r?a=1&b=2").loopbackNote
        == "a return must carry its 'a', 'b' parameters with the same values")
    #expect(try ReturnURL("http://127.0.0.1:53682/r").loopbackNote?.hasPrefix("no per-run secret: ") == true)
    #expect(try ReturnURL("myapp://r?state=1").loopbackNote == nil)
  }

  @Test("a custom scheme without a parameter of its own is warned about; http(s) and one with a state are not")
  func customSchemeWarning() throws {
    let warning = try #require(try ReturnURL("myapp://checkout/return").customSchemeWarning)
    #expect(warning.hasPrefix("the return URL myapp://checkout/return carries no per-run parameter"))
    #expect(warning.contains("open the myapp: scheme"))
    #expect(try ReturnURL("myapp://checkout/return?state=1").customSchemeWarning == nil)
    #expect(try ReturnURL("https://example.com/return").customSchemeWarning == nil)
  }
}
