import DodoBytes
import Testing

/// `QuerySplitter` against a byte-at-a-time model, on queries built of the bytes it treats
/// specially: at word edges, with every start, with faults before and after one another.
@Suite("Splitting a query")
struct QuerySplitterTests {
  /// Pieces of text the queries are built from.
  static let parts: [[UInt8]] =
    [
      "a", "status", "=", "&", "%", "%4", "%41", "%zz", "#", " ", "\u{01}", "\u{7F}", "é", "amp;", "&amp;", "$",
      "payment_id", "license_key=LK", "=v", "ab=cd=ef",
    ].map { Array($0.utf8) } + [[0xC2, 0x85], [0xC2], [0xFF]]

  @Test("the pieces, the end, the first fault and `&amp;` are the model's")
  func matchesModel() {
    var numbers = SeededNumbers(seed: 0x2545_F491_4F6C_DD1D)
    func next(_ bound: Int) -> Int { numbers.next(bound) }
    for _ in 0..<3000 {
      var text: [UInt8] = []
      for _ in 0..<next(12) { text += Self.parts[next(Self.parts.count)] }
      for start in 0...text.count {
        text.withBytes { bytes in
          #expect(
            ByteModels.pieces(bytes, from: start) == ByteModels.referencePieces(text, from: start),
            "\(text) from \(start)")
        }
      }
    }
  }

  /// The parts of plain URL text alone, so that queries of hundreds of bytes are read from
  /// the blocks' masks (`QueryBlock`) across several blocks before any byte-by-byte reading.
  static let plainParts: [[UInt8]] =
    ["a", "status", "=", "&", "%", "%4", "%41", "%zz", "amp;", "&amp;", "$", "payment_id", "license_key=LK", "=v"]
    .map { Array($0.utf8) }
  /// What ends a plain query early or makes the rest be read byte by byte.
  static let oddParts: [[UInt8]] = ["#", " ", "\u{01}", "\u{7F}", "é", "%"].map { Array($0.utf8) } + [[0xC2, 0x85]]

  @Test("long plain queries, and an odd byte late, split as the model splits them")
  func matchesModelAcrossBlocks() {
    var numbers = SeededNumbers(seed: 0x9E37_79B9_7F4A_7C15)
    func next(_ bound: Int) -> Int { numbers.next(bound) }
    for round in 0..<2000 {
      var text: [UInt8] = []
      for _ in 0..<next(60) { text += Self.plainParts[next(Self.plainParts.count)] }
      if round % 2 == 1 { text.insert(contentsOf: Self.oddParts[next(Self.oddParts.count)], at: next(text.count + 1)) }
      for start in Set([0, next(text.count + 1), next(text.count + 1), text.count]) {
        text.withBytes { bytes in
          #expect(
            ByteModels.pieces(bytes, from: start) == ByteModels.referencePieces(text, from: start),
            "\(text) from \(start)")
        }
      }
    }
  }

  @Test("a usual query")
  func usualQuery() {
    let text = Array("?status=succeeded&payment_id=pay_1&&x#frag&y=1".utf8)
    text.withBytes { bytes in
      var names: [String] = []
      var values: [String] = []
      var splitter = QuerySplitter(bytes, from: 1)
      while let piece = splitter.next() {
        names.append(piece.name.string)
        values.append(piece.value.string)
      }
      #expect(names == ["status", "payment_id", "x"])
      #expect(values == ["succeeded", "pay_1", ""])
      #expect(splitter.position == 37 && splitter.fault == nil && !splitter.holdsHTMLAmpersand)
    }
  }
}
