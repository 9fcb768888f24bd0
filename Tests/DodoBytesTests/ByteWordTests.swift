import DodoBytes
import DodoTestSupport
import Testing

/// The word-at-a-time scan and its masks against byte-at-a-time models, with the byte that
/// matters at every position of texts 0 to 17 bytes long: the first, the last, and either
/// side of a word's edge.
@Suite("Scanning a word at a time")
struct ByteWordTests {
  @Test("exact masks mark exactly the matching bytes, and firstMarked finds the first")
  func masks() {
    for length in 0...17 {
      for position in 0..<length {
        for probe in ScanProbes.bytes {
          var bytes = ScanProbes.text(length, probe, at: position)
          if length > 2 { bytes[length - 1] = probe }  // a second match after the first
          bytes.withBytes { buffer in
            for start in 0...length {
              let found = ByteWord.firstMarked(in: buffer, from: start, to: length) {
                ByteWord.exactlyEqual($0, probe)
              }
              #expect(found == (buffer[start...].firstIndex(of: probe) ?? length), "\(probe) \(length) \(start)")
              let count = min(8, length - start)
              let word = ByteWord.partial(buffer, at: start, count: count)
              for lane in 0..<8 {
                let byte = lane < count ? buffer[start + lane] : 0
                let equal = ByteWord.exactlyEqual(word, probe) >> (8 * lane + 7) & 1 == 1
                #expect(equal == (byte == probe || (lane >= count && probe == 0)))
                let atLeast = ByteWord.atLeast(word, 0x25) >> (8 * lane + 7) & 1 == 1
                #expect(atLeast == (byte >= 0x25 && byte < 0x80))
                #expect(UInt8(truncatingIfNeeded: ByteWord.lowercased(word) >> (8 * lane)) == ByteClass.lower(byte))
              }
            }
          }
        }
      }
    }
  }

  @Test("a partial word holds the bytes it is given and zeros above, near either end of the text")
  func partialWords() {
    for length in 0...17 {
      let bytes = (0..<length).map { UInt8($0 + 1) }
      bytes.withBytes { buffer in
        for offset in 0...length {
          for count in 0...min(8, length - offset) {
            var want: UInt64 = 0
            for k in 0..<count { want |= UInt64(buffer[offset + k]) << (8 * k) }
            #expect(ByteWord.partial(buffer, at: offset, count: count) == want, "\(length) \(offset) \(count)")
          }
        }
      }
    }
  }

  @Test("the ';' test finds one at every position")
  func semicolon() {
    for length in 0...40 {
      #expect(
        [UInt8](repeating: UInt8(ascii: "a"), count: length).withBytes {
          $0.lacks(UInt8(ascii: ";"))
        })
      for position in 0..<length {
        #expect(
          !ScanProbes.text(length, UInt8(ascii: ";"), at: position).withBytes {
            $0.lacks(UInt8(ascii: ";"))
          })
      }
    }
  }
}
