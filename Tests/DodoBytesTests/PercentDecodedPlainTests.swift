import DodoBytes
import Testing

/// `ByteCursor.putPercentDecodedIfPlain(_:)` and `putPercentDecodedIfPrintable(_:)`, the JSON
/// and text writers' fast paths for decoded texts, against `PercentDecoding.bytes(_:)`: every
/// stopping byte, raw or escaped, at every offset of a word, in texts of every length up to
/// three words.
@Suite("Percent-decoding straight into the output")
struct PercentDecodedPlainTests {
  /// Pieces that decode plainly, that stop a fast path, or that are no escape at all.
  static let probes: [String] = [
    "%40", "%2B", "%2f", "%7E", "%7e", "%41", "%", "%4", "%zz", "%4g", "%%41", "%20", "%21", "%25", "%2525", "+",
    "%22", "%5C", "%5c", "%00", "%1F", "%0A", "%7F", "%80", "%C3%A9", "%FF", "\"", "\\", "\u{1}", "\t", "\u{7F}",
    "\u{E9}", "\u{202E}", "&", " ", "'", "!", "#", "$", "(", "%28", "%26", "~", "%7D", "}",
  ]

  /// The bytes each fast path keeps, as the writers' general paths tell them.
  static func jsonPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }
  static func printable(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

  @Test("each writes the decoding when all of it is kept, else nothing, from every offset")
  func everyProbeAtEveryOffset() {
    for probe in Self.probes {
      for before in 0...17 {
        for after in [0, 1, 3, 7, 8, 9, 15] {
          check(String(repeating: "a", count: before) + probe + String(repeating: "b", count: after))
          check(String(repeating: "c", count: before) + probe + "%41" + probe + String(repeating: "d", count: after))
        }
      }
    }
    for length in 0...24 { check(String(repeating: "%41", count: length)) }
  }

  private func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    check(text, keeping: Self.jsonPlain, sourceLocation: sourceLocation) { $0.putPercentDecodedIfPlain($1) }
    check(text, keeping: Self.printable, sourceLocation: sourceLocation) { $0.putPercentDecodedIfPrintable($1) }
  }

  private func check(
    _ text: String, keeping kept: (UInt8) -> Bool, sourceLocation: SourceLocation,
    _ put: (inout ByteCursor, ByteView) -> Bool
  ) {
    Array(text.utf8).withBytes { view in
      let decoded = PercentDecoding.bytes(view)
      let plain = decoded.allSatisfy(kept)
      for room in [1, 64] {
        let buffer = ByteBuffer(capacity: room)
        buffer.append(UInt8(ascii: "\""))
        let written = buffer.writing { cursor -> Bool in
          cursor.reserve(view.count + 8)
          return put(&cursor, view)
        }
        #expect(written == plain, "\(text)", sourceLocation: sourceLocation)
        #expect(
          Array(buffer.bytes) == [UInt8(ascii: "\"")] + (plain ? decoded : []), "\(text)",
          sourceLocation: sourceLocation)
      }
    }
  }
}
