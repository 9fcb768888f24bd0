import DodoPlatform
import Testing

@Suite("System bytes as strings, without loss")
struct SystemTextTests {
  @Test(
    "bytes that are not UTF-8 become U+EF80…U+EFFF and come back as themselves",
    arguments: [
      ([0x2F, 0xFF, 0x2E], "/\u{EFFF}."),  // a lone byte
      ([0xC3, 0xA9], "é"),  // valid UTF-8 is kept
      ([0xC0, 0x80], "\u{EFC0}\u{EF80}"),  // an overlong NUL
      ([0xED, 0xA0, 0x80], "\u{EFED}\u{EFA0}\u{EF80}"),  // a surrogate
      ([0xE2, 0x82], "\u{EFE2}\u{EF82}"),  // a sequence cut short
      ([0xEE, 0xBE, 0x80], "\u{EFEE}\u{EFBE}\u{EF80}"),  // U+EF80 itself, taken apart
      ([0x61, 0xF0, 0x9F, 0x98, 0x80, 0x80], "a😀\u{EF80}"),
    ] as [([UInt8], String)])
  func roundTrip(_ bytes: [UInt8], _ text: String) {
    #expect(SystemText.decode(bytes) == text)
    #expect(SystemText.encode(text) == bytes)
  }

  @Test("any bytes survive decode and encode")
  func anyBytes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        // Mostly high bytes, where UTF-8 goes wrong.
        UInt8.random(in: Bool.random(using: &generator) ? 0x80...0xFF : 0x00...0xFF, using: &generator)
      }
      #expect(SystemText.encode(SystemText.decode(bytes)) == bytes)
    }
  }

  @Test("a string that went through no decoding encodes as its UTF-8")
  func plainStrings() {
    #expect(SystemText.encode("/tmp/dodo/config.yaml") == Array("/tmp/dodo/config.yaml".utf8))
    #expect(SystemText.decode(Array("/home/zoë".utf8)) == "/home/zoë")
  }
}
