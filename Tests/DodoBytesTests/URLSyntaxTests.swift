import DodoBytes
import Testing

/// `URLSyntax`'s loops against byte-at-a-time models, on texts built of the bytes they treat
/// specially, from every start to every end.
@Suite("Reading a URL's syntax")
struct URLSyntaxTests {
  static let parts: [[UInt8]] =
    [
      "a", "Z", "9", "+", "-", ".", ":", "/", "@", "?", "#", "%", "%4", "%41", "%zz", " ", "\u{01}", "\u{7F}", "é",
      "https", "host", "8080", "user@", "[::1]",
    ].map { Array($0.utf8) } + [[0xC2, 0x85], [0xC2, 0x9F], [0xC2, 0xA0], [0xC2], [0xFF]]

  @Test("every routine is its model's, on every range")
  func matchesModels() {
    var numbers = SeededNumbers(seed: 0x9E37_79B9_7F4A_7C15)
    func next(_ bound: Int) -> Int { numbers.next(bound) }
    for _ in 0..<300 {
      var text: [UInt8] = []
      for _ in 0..<next(10) { text += Self.parts[next(Self.parts.count)] }
      text.withBytes { bytes in
        for start in 0...text.count {
          for end in start...text.count {
            for stopping in [false, true] {
              let (index, fault) = URLSyntax.scanText(bytes, in: start..<end, stoppingAtQuery: stopping)
              #expect(
                "\(index) \(fault.map { "\($0)" } ?? "nil")"
                  == ByteModels.referenceScan(text, start..<end, stoppingAtQuery: stopping), "\(text) \(start)..<\(end)"
              )
            }
            #expect(URLSyntax.isScheme(bytes, start..<end) == ByteModels.referenceIsScheme(text[start..<end]))
            let (authorityEnd, lastAt) = URLSyntax.authorityEnd(bytes, from: start, to: end)
            #expect(
              "\(authorityEnd) \(String(describing: lastAt))"
                == ByteModels.referenceAuthorityEnd(text, from: start, to: end))
            #expect(URLSyntax.decimalValue(bytes, start..<end) == ByteModels.referenceDecimal(text[start..<end]))
          }
          for byte in Array(":/@?#".utf8) {
            #expect(bytes.has(byte, at: start) == (start < text.count && text[start] == byte))
          }
        }
        #expect(!bytes.has(UInt8(ascii: "a"), at: -1))
      }
    }
  }

  /// Plain heads, so that most texts are marked (`URLHeadMarks`), some past 64 bytes, and an
  /// odd byte in some.
  static let headParts: [[UInt8]] =
    ["a", "Z", "9", "+", "-", ".", ":", "/", "//", "@", "?", "#", "https", "host", "8080", "user@", "[::1]", "myapp"]
    .map { Array($0.utf8) }

  @Test("a head's marks find what the scans find, where there are marks")
  func headMarksMatchScans() {
    var numbers = SeededNumbers(seed: 0x2545_F491_4F6C_DD1D)
    func next(_ bound: Int) -> Int { numbers.next(bound) }
    var marked = 0
    for round in 0..<20000 {
      var text: [UInt8] = []
      for _ in 0..<next(24) { text += Self.headParts[next(Self.headParts.count)] }
      if round % 4 == 0 { text.insert(contentsOf: Self.parts[next(Self.parts.count)], at: next(text.count + 1)) }
      text.withBytes { bytes in
        guard let marks = URLHeadMarks(bytes) else {
          // No marks: a short text, a head past 64 bytes, or a byte that is not plain URL text.
          let (pathEnd, fault) = URLSyntax.scanText(bytes, in: 0..<bytes.count, stoppingAtQuery: true)
          #expect(bytes.count < 16 || pathEnd > 64 || fault != nil || !text[..<pathEnd].isPrintableASCII(), "\(text)")
          return
        }
        marked += 1
        let (pathEnd, fault) = URLSyntax.scanText(bytes, in: 0..<bytes.count, stoppingAtQuery: true)
        #expect(fault == nil && marks.pathEnd == pathEnd, "\(text)")
        let schemeEnd = ByteWord.firstMarked(in: bytes, from: 0, to: pathEnd) {
          ByteWord.exactlyEqual($0, UInt8(ascii: ":")) | ByteWord.exactlyEqual($0, UInt8(ascii: "/"))
        }
        #expect(marks.schemeEnd == schemeEnd, "\(text)")
        for start in 0...pathEnd {
          let (end, lastAt) = marks.authorityEnd(from: start)
          let scanned = URLSyntax.authorityEnd(bytes, from: start, to: pathEnd)
          #expect(end == scanned.end && lastAt == scanned.lastAt, "\(text) from \(start)")
        }
      }
    }
    #expect(marked > 10000)
  }

  @Test("a usual URL")
  func usualURL() {
    Array("https://u@h:8080/p%41?q#f".utf8).withBytes { bytes in
      #expect(URLSyntax.scanText(bytes, in: 0..<bytes.count, stoppingAtQuery: true) == (21, nil))
      #expect(URLSyntax.isScheme(bytes, 0..<5) && !URLSyntax.isScheme(bytes, 0..<6))
      let (end, lastAt) = URLSyntax.authorityEnd(bytes, from: 8, to: 21)
      #expect(end == 16 && lastAt == 9)
      #expect(URLSyntax.decimalValue(bytes, 12..<16) == 8080)
    }
  }
}

extension ArraySlice<UInt8> {
  /// Printable ASCII without a space or `%`: plain URL text.
  fileprivate func isPrintableASCII() -> Bool { allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") } }
}
