import DodoPlatform
import Testing

/// The return channel's framing, in memory: what `handle-url` sends and `start` reads, and
/// back (`URLHandoff`); the sockets around it are `ReturnChannelTests`'.
@Suite("URL handoff framing") struct URLHandoffTests {
  @Test(
    "a request round-trips, whole or in any two pieces",
    arguments: ["myapp://checkout/return?status=succeeded&payment_id=pay_1", "x", "é://ü?a=%20"])
  func requestRoundTrip(url: String) throws {
    let bytes = try #require(URLHandoff.encodeRequest(url))
    #expect(bytes == Array(url.utf8) + [UInt8(ascii: "\n")])
    #expect(URLHandoff.decodeRequest(bytes, ended: false) == .url(url))
    #expect(URLHandoff.decodeRequest(bytes, ended: true) == .url(url))
    for cut in 0..<bytes.count {
      #expect(URLHandoff.decodeRequest(Array(bytes[..<cut]), ended: false) == .incomplete)
    }
  }

  @Test("a request cut short: incomplete while the sender may send more; what came is the URL once it ends")
  func truncatedRequest() {
    let bytes = Array("myapp://checkout/return?status=succ".utf8)
    #expect(URLHandoff.decodeRequest(bytes, ended: false) == .incomplete)
    #expect(URLHandoff.decodeRequest(bytes, ended: true) == .url("myapp://checkout/return?status=succ"))
    #expect(URLHandoff.decodeRequest([], ended: false) == .incomplete)
    #expect(URLHandoff.decodeRequest([], ended: true) == .empty)
  }

  @Test("the URL ends at the first newline, without a CR before it")
  func lineEnd() {
    #expect(URLHandoff.decodeRequest(Array("myapp://a\r\n".utf8), ended: false) == .url("myapp://a"))
    #expect(URLHandoff.decodeRequest(Array("myapp://a\nmyapp://b\n".utf8), ended: false) == .url("myapp://a"))
    #expect(URLHandoff.decodeRequest(Array("\n".utf8), ended: false) == .url(""))
  }

  @Test("a URL over 64 KiB is never framed, and never read, with or without its newline")
  func oversize() throws {
    #expect(URLHandoff.maximumURLBytes == 64 * 1024)
    let largest = String(repeating: "a", count: URLHandoff.maximumURLBytes)
    let bytes = try #require(URLHandoff.encodeRequest(largest))
    #expect(URLHandoff.decodeRequest(bytes, ended: false) == .url(largest))
    let over = largest + "a"
    #expect(URLHandoff.encodeRequest(over) == nil)
    #expect(URLHandoff.decodeRequest(Array(over.utf8), ended: false) == .tooLarge)
    #expect(URLHandoff.decodeRequest(Array(over.utf8), ended: true) == .tooLarge)
    #expect(URLHandoff.decodeRequest(Array((over + "\n").utf8), ended: false) == .tooLarge)
  }

  @Test("an answer round-trips; anything else, cut short or unknown, is no answer")
  func answers() {
    let claimed = URLHandoff.encodeAnswer(claimed: true)
    let unclaimed = URLHandoff.encodeAnswer(claimed: false)
    #expect(claimed == Array("claimed\n".utf8) && unclaimed == Array("unclaimed\n".utf8))
    #expect(claimed.count <= URLHandoff.maximumAnswerBytes && unclaimed.count <= URLHandoff.maximumAnswerBytes)
    #expect(URLHandoff.decodeAnswer(claimed[...]) == .claimed)
    #expect(URLHandoff.decodeAnswer(unclaimed[...]) == .unclaimed)
    #expect(URLHandoff.decodeAnswer(claimed.dropLast()) == .noAnswer)
    #expect(URLHandoff.decodeAnswer(unclaimed.dropLast()) == .noAnswer)
    #expect(URLHandoff.decodeAnswer([]) == .noAnswer)
    #expect(URLHandoff.decodeAnswer(Array("claimed\nclaimed\n".utf8)[...]) == .noAnswer)
    for byte in UInt8.min...UInt8.max where byte != UInt8(ascii: "\n") {
      #expect(URLHandoff.decodeAnswer((claimed.dropLast() + [byte])[...]) == .noAnswer)
    }
    #expect(URLHandoff.decodeAnswer(Array("CLAIMED\n".utf8)[...]) == .noAnswer)
  }

  @Test("the socket is return.sock, as the contract says")
  func socketName() {
    #expect(URLHandoff.socketName == "return.sock")
  }
}

/// What `handle-url` makes of the answer: claimed, not claimed, or a failure that says to send again.
@Suite struct URLHandoffAnswerTests {
  @Test("claimed and unclaimed are answers; no answer is a failure, never \"not claimed\"")
  func claimed() throws {
    #expect(try URLHandoff.Answer.claimed.claimed())
    #expect(try !URLHandoff.Answer.unclaimed.claimed())
    let error = #expect(throws: PlatformError.self) { try URLHandoff.Answer.noAnswer.claimed() }
    #expect(
      error?.message
        == "no answer from the checkout in progress in 10 seconds (it is stopped or overloaded); it will not claim this URL: send it again"
    )
  }
}
