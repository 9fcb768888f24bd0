import DodoAccount
import Testing

/// The stream of envelopes between `dodo` and its one helper: frames come out whole however
/// the bytes are cut, and what is not an envelope, or one too large, is refused at once.
@Suite struct HelperStreamTests {
  @Test func framesComeOutWholeHoweverTheBytesArrive() throws {
    let frames: [(UInt64, [UInt8])] = [(1, Array("one".utf8)), (7, []), (3, Array("three\n\0bytes".utf8))]
    let stream = frames.flatMap { HelperStream.envelope(id: $0.0, $0.1) }
    for piece in [1, 2, 5, 13, stream.count] {
      var reader = HelperStream.Reader()
      var seen: [(UInt64, [UInt8])] = []
      var offset = 0
      while offset < stream.count {
        reader.append(stream[offset..<min(stream.count, offset + piece)])
        offset += piece
        while let frame = try reader.next() { seen.append((frame.id, frame.frame)) }
      }
      #expect(seen.map(\.0) == [1, 7, 3], "in pieces of \(piece)")
      #expect(seen.map(\.1) == frames.map(\.1), "in pieces of \(piece)")
      #expect(!reader.hasPartialFrame)
    }
  }

  @Test func aFrameCutShortIsSeen() throws {
    var reader = HelperStream.Reader()
    reader.append(HelperStream.envelope(id: 1, Array("whole".utf8)).dropLast())
    #expect(try reader.next() == nil)
    #expect(reader.hasPartialFrame)
  }

  @Test(arguments: [
    "dodo-https 1 1 3\nabc", "dodo-https 2 1\nabc", "dodo-https 2 -1 3\nabc", "dodo-https 2 1 +3\nabc",
    "dodo-https 2 1 3 4\nabc", "dodo-https 2  1 3\nabc", "HTTP/1.1 200 OK\r\n", "dodo-https 2 1 99999999999999999999\n",
    String(repeating: "x", count: 100),
  ])
  func whatIsNotAnEnvelopeIsRefused(_ text: String) {
    var reader = HelperStream.Reader()
    reader.append(Array(text.utf8))
    #expect(throws: HelperFrame.Malformed.self) { try reader.next() }
  }

  @Test func aFrameLargerThanTheLimitIsRefusedBeforeItArrives() {
    var reader = HelperStream.Reader()
    reader.append(Array("dodo-https 2 1 \(HelperFrame.maximumSize + 1)\n".utf8))
    let error = #expect(throws: HelperFrame.Malformed.self) { try reader.next() }
    #expect(error?.reason.contains("MiB") == true)
  }
}
