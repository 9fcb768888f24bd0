import DodoAccount
import Testing

@Suite struct HTTPResponseTests {
  @Test func headersAreFoundWhateverTheirCase() {
    let response = HTTPResponse(status: 429, headers: [HTTPHeader("Retry-After", "2")])
    #expect(response.header("retry-after") == "2")
    #expect(response.header("content-type") == nil)
  }
}
