import CByteClass
import DodoBytes
import Testing

/// The sixteen-byte classifier's vector functions (SSE2 here) against its portable loops,
/// which are what a build without SSE2 uses: both must mark the same bytes.
@Suite("Classifying sixteen bytes")
struct ByteClassifierTests {
  @Test("the vector and the portable classifiers mark the same bytes")
  func vectorMatchesPortable() {
    var numbers = SeededNumbers(seed: 0xD1B5_4A32_D192_ED03)
    func nextByte() -> UInt8 { numbers.nextByte() }
    // Each byte value in each lane, and random bytes.
    var blocks: [[UInt8]] = (0..<256).map { value in (0..<16).map { UInt8(truncatingIfNeeded: value &+ $0 &* 17) } }
    blocks += (0..<2000).map { _ in (0..<16).map { _ in nextByte() } }
    let limits: [(UInt8, UInt8)] = [(0x21, 0x7E), (0, 0xFF), (0x80, 0x7F), (0x7F, 0x80), (0x30, 0x39)]
    for block in blocks {
      block.withUnsafeBufferPointer { bytes in
        guard let p = bytes.baseAddress else { return }
        for c in [UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "%"), 0, 0x80, 0xFF, block[7]] {
          #expect(dodo_equal16(p, c) == dodo_equal16_portable(p, c), "\(block) \(c)")
        }
        for (low, high) in limits {
          #expect(dodo_outside16(p, low, high) == dodo_outside16_portable(p, low, high), "\(block) \(low) \(high)")
        }
      }
    }
  }

  @Test("the portable classifier marks what it says")
  func portableMarks() {
    let bytes: [UInt8] = Array("a&b=c%d #\u{7F}~!ézz".utf8)
    bytes.withUnsafeBufferPointer { bytes in
      guard let p = bytes.baseAddress else { return }
      #expect(dodo_equal16_portable(p, UInt8(ascii: "&")) == 0b10)
      #expect(dodo_equal16_portable(p, UInt8(ascii: "%")) == 0b10_0000)
      // The space (7), DEL (9) and é's two bytes (12, 13) are outside 0x21...0x7E.
      #expect(dodo_outside16_portable(p, 0x21, 0x7E) == 0b0011_0010_1000_0000)
    }
  }

  @Test(
    "the sixteen-byte copies copy what the word-at-a-time copy copies, a marked byte at every place",
    arguments: [true, false])
  func plainCopies(json: Bool) {
    let probes: [UInt8] = [
      0x00, 0x09, 0x1F, 0x20, 0x21, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7E, 0x7F, 0x80, 0xC3, 0xFF,
    ]
    // The classes as the word-at-a-time scans have them.
    let wordMarks: (UInt64) -> UInt64 =
      json
      ? { ByteClass.needingJSONEscape($0) | ByteWord.nonASCII($0) }
      : { ByteClass.unprintable($0) | ByteWord.equal($0, UInt8(ascii: " ")) }
    for length in 0...70 {
      for position in 0...length {
        for probe in position < length ? probes : [0x61] {
          var bytes = (0..<length).map { UInt8(0x21 + $0 % 90) }
          if position < length { bytes[position] = probe }
          let buffer = ByteBuffer(capacity: 8)
          let (vector, word) = bytes.withBytes { view in
            buffer.writing { c -> (Int, Int) in
              c.reserve(2 * view.count)
              let vector = json ? c.putJSONPlainASCII(view) : c.putPrintableASCII(view)
              return (vector, c.put(view, upTo: wordMarks))
            }
          }
          #expect(vector == word, "\(bytes)")
          #expect(Array(buffer.bytes) == Array(bytes[..<vector] + bytes[..<word]), "\(bytes)")
        }
      }
    }
  }
}
