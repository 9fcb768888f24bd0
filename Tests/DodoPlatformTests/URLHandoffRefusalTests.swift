import DodoCheckout
import DodoPlatform
import Testing

/// An unclaimed URL's answer may say why, as a code (never anything of the URL), so that
/// `handle-url --verbose` can tell the user.
@Suite struct URLHandoffRefusalTests {
  static let refusals: [ReturnRefusal] = [
    .missingState, .otherState, .otherPart("scheme"), .otherPart("host"), .otherPart("path"), .notAURL,
    .misdirected, .crossSite,
  ]

  @Test("every refusal round-trips within the answer's size; an unknown code is no answer")
  func roundTrip() {
    for refusal in Self.refusals {
      let answer = URLHandoff.encodeAnswer(claimed: false, refusal: refusal)
      #expect(answer.count <= URLHandoff.maximumAnswerBytes)
      #expect(URLHandoff.decodeAnswer(answer[...]) == .refused(refusal))
      #expect(URLHandoff.decodeAnswer(answer.dropLast()) == .noAnswer)
    }
    #expect(URLHandoff.encodeAnswer(claimed: true, refusal: .missingState) == Array("claimed\n".utf8))
    #expect(URLHandoff.decodeAnswer(Array("unclaimed other_port\n".utf8)[...]) == .noAnswer)
    #expect(URLHandoff.decodeAnswer(Array("unclaimed \n".utf8)[...]) == .noAnswer)
  }

  @Test("a refused URL and no checkout waiting are not claimed, and not failures")
  func notClaimed() throws {
    #expect(try !URLHandoff.Answer.refused(.missingState).claimed())
    #expect(try !URLHandoff.Answer.notWaiting.claimed())
  }
}
