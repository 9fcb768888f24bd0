import Testing

@testable import DodoCheckout

/// How a checkout that no browser here shows is finished by hand.
@Suite struct FinishingByHandTests {
  @Test("a loopback return needs its port forwarded first, an IPv6 host in brackets")
  func loopback() throws {
    #expect(
      try ReturnURL("http://127.0.0.1:53682/r").finishingByHand(pasting: false)
        == "from another machine, forward the return port first: ssh -L 53682:127.0.0.1:53682 THIS-HOST")
    #expect(
      try ReturnURL("http://[::1]:8080/r").finishingByHand(pasting: true)
        == "from another machine, forward the return port first: ssh -L 8080:[::1]:8080 THIS-HOST, or paste here the address the browser ended on"
    )
  }

  @Test("any other return is pasted here, or handed to dodo handle-url")
  func customScheme() throws {
    let url = try ReturnURL("myapp://checkout/return")
    #expect(url.finishingByHand(pasting: true).hasPrefix("when it is finished, paste here the address"))
    #expect(
      url.finishingByHand(pasting: false)
        == "when it is finished, run 'dodo handle-url ADDRESS' here with the address the browser ended on")
  }
}
