import Testing

@testable import DodoCheckout

/// Why a waiting checkout does not take a URL, told without its query or the run's state.
@Suite struct ReturnRefusalTests {
  @Test(
    "the first part that differs, else the state missing or different; nil when taken",
    arguments: [
      ("myapp://checkout/return?status=succeeded&state=s3cr3t", nil),
      ("MYAPP://Checkout/return/?state=s3cr3t", nil),
      ("myapp://checkout/return?status=succeeded", ReturnRefusal.missingState),
      ("myapp://checkout/return?status=succeeded&State=s3cr3t", .missingState),
      ("myapp://checkout/return?state=guess", .otherState),
      ("myapp://checkout/return#state=s3cr3t", .missingState),
      ("other://checkout/return?state=s3cr3t", .otherPart("scheme")),
      ("myapp://elsewhere/return?state=s3cr3t", .otherPart("host")),
      ("myapp://checkout/done?state=s3cr3t", .otherPart("path")),
      ("not a url", .notAURL),
      ("myapp:/checkout/return", .notAURL),
    ])
  func refusal(url: String, expected: ReturnRefusal?) throws {
    let returnURL = try ReturnURL("myapp://checkout/return?state=s3cr3t")
    #expect(returnURL.refusal(of: url) == expected)
  }

  @Test("a return URL without a query of its own takes any return of its address")
  func noOwnParameters() throws {
    let returnURL = try ReturnURL("myapp://checkout/return")
    #expect(returnURL.refusal(of: "myapp://checkout/return?status=failed") == nil)
    #expect(returnURL.refusal(of: "myapp://checkout/other") == .otherPart("path"))
  }

  @Test("no message or code carries a state or a query")
  func messages() {
    let all: [ReturnRefusal] = [
      .missingState, .otherState, .otherPart("path"), .notAURL, .misdirected, .crossSite,
    ]
    #expect(
      ReturnRefusal.missingState.message
        == "a return without this run's state was refused: does your backend keep the return URL's query?")
    #expect(Set(all.map(\.code)).count == all.count)
    #expect(all.allSatisfy { !$0.message.contains("?state") && !$0.message.contains("=") })
  }
}
