import Testing

@testable import DodoConfig

/// `YAMLParser.firstInvalidUTF8Offset(_:)`, which steps over ASCII a word at a time: the first
/// bad byte found at every offset of a word, behind ASCII and behind valid sequences.
@Suite("The config's UTF-8 check")
struct UTF8CheckTests {
  /// Sequences that are not UTF-8: a lone continuation byte, a lead byte cut short, an
  /// overlong form, a surrogate, a byte that never appears.
  static let bad: [[UInt8]] = [[0x80], [0xC3], [0xC3, 0x41], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF]]
  /// Valid sequences of one to four bytes.
  static let good: [[UInt8]] = [[0x41], [0xC3, 0xA9], [0xE2, 0x80, 0x94], [0xF0, 0x9F, 0x98, 0x80]]

  @Test("the first bad byte's offset, at every offset of a word; nil when there is none")
  func everyOffset() {
    for prefixLength in 0...19 {
      for lead in Self.good {
        let prefix = Array(repeating: UInt8(ascii: "a"), count: prefixLength) + lead
        #expect(YAMLParser.firstInvalidUTF8Offset(prefix + Array("# z\n".utf8)) == nil)
        for bad in Self.bad {
          #expect(YAMLParser.firstInvalidUTF8Offset(prefix + bad + Array("bc".utf8)) == prefix.count, "\(prefix + bad)")
        }
      }
    }
    #expect(YAMLParser.firstInvalidUTF8Offset([]) == nil)
  }
}
