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

  /// The query's pieces, as `QuerySplitter.next()` reports them, one line each.
  static func pieces(_ bytes: ByteView, from start: Int) -> [String] {
    var lines: [String] = []
    var splitter = QuerySplitter(bytes, from: start)
    while let piece = splitter.next() {
      lines.append(
        "\(Array(piece.name)) \(Array(piece.value)) \(piece.valueStart) \(piece.nameWord) \(piece.nameEscaped)"
          + " \(piece.valueEscaped) \(piece.nameNonASCII) \(piece.valueNonASCII)")
    }
    return lines + ["end \(splitter.position) \(String(describing: splitter.fault)) \(splitter.holdsHTMLAmpersand)"]
  }

  /// The same, a byte at a time: split at `&` up to the first `#`, each non-empty piece at its first `=`.
  static func referencePieces(_ a: [UInt8], from start: Int) -> [String] {
    let end = a[start...].firstIndex(of: UInt8(ascii: "#")) ?? a.count
    var fault: QueryFault?
    var html = false
    func isHex(_ c: UInt8) -> Bool {
      (0x30...0x39).contains(c) || (0x41...0x46).contains(c) || (0x61...0x66).contains(c)
    }
    for i in start..<end where fault == nil {
      let c = a[i]
      if c == UInt8(ascii: "%"), !(i + 2 < a.count && isHex(a[i + 1]) && isHex(a[i + 2])) {
        fault = .malformedEscape(at: i)
      }
      if c == 0x20 { fault = .space(at: i) }
      if c < 0x20 || c == 0x7F || c == 0xC2 && i + 1 < a.count && (0x80...0x9F).contains(a[i + 1]) {
        fault = .controlCharacter(at: i)
      }
    }
    for i in start..<end
    where a[i] == UInt8(ascii: "&") && Array(a[(i + 1)..<min(i + 5, a.count)]) == Array("amp;".utf8) {
      html = true
    }
    var lines: [String] = []
    var pieceStart = start
    for i in start...end where i == end || a[i] == UInt8(ascii: "&") {
      defer { pieceStart = i + 1 }
      guard i > pieceStart else { continue }
      let equals = a[pieceStart..<i].firstIndex(of: UInt8(ascii: "="))
      let name = Array(a[pieceStart..<(equals ?? i)])
      let valueStart = equals.map { $0 + 1 } ?? i
      let value = Array(a[valueStart..<i])
      let word = name.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
      lines.append(
        "\(name) \(value) \(valueStart) \(word) \(name.contains(0x25)) \(value.contains(0x25))"
          + " \(name.contains { $0 >= 0x80 }) \(value.contains { $0 >= 0x80 })")
    }
    return lines + ["end \(end) \(String(describing: fault)) \(html)"]
  }

  @Test("the pieces, the end, the first fault and `&amp;` are the model's")
  func matchesModel() {
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<3000 {
      var text: [UInt8] = []
      for _ in 0..<next(12) { text += Self.parts[next(Self.parts.count)] }
      for start in 0...text.count {
        text.withBytes { bytes in
          #expect(Self.pieces(bytes, from: start) == Self.referencePieces(text, from: start), "\(text) from \(start)")
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
