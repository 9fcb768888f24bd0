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

  /// `scanText`, a byte at a time.
  static func referenceScan(_ a: [UInt8], _ range: Range<Int>, stoppingAtQuery: Bool) -> String {
    func isHex(_ c: UInt8) -> Bool {
      (0x30...0x39).contains(c) || (0x41...0x46).contains(c) || (0x61...0x66).contains(c)
    }
    var i = range.lowerBound
    while i < range.upperBound {
      let c = a[i]
      if stoppingAtQuery && (c == UInt8(ascii: "?") || c == UInt8(ascii: "#")) { return "\(i) nil" }
      if c == 0x20 { return "\(i) \(QueryFault.space(at: i))" }
      if c < 0x20 || c == 0x7F || c == 0xC2 && i + 1 < range.upperBound && (0x80...0x9F).contains(a[i + 1]) {
        return "\(i) \(QueryFault.controlCharacter(at: i))"
      }
      if c == UInt8(ascii: "%") {
        guard i + 2 < range.upperBound, isHex(a[i + 1]), isHex(a[i + 2]) else {
          return "\(i) \(QueryFault.malformedEscape(at: i))"
        }
        i += 3
      } else {
        i += 1
      }
    }
    return "\(range.upperBound) nil"
  }

  static func referenceIsScheme(_ a: ArraySlice<UInt8>) -> Bool {
    func isAlpha(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
    guard let first = a.first, isAlpha(first) else { return false }
    return a.dropFirst().allSatisfy { isAlpha($0) || (0x30...0x39).contains($0) || Array("+-.".utf8).contains($0) }
  }

  static func referenceAuthorityEnd(_ a: [UInt8], from start: Int, to end: Int) -> String {
    let slash = a[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
    return "\(slash) \(String(describing: a[start..<slash].lastIndex(of: UInt8(ascii: "@"))))"
  }

  static func referenceDecimal(_ a: ArraySlice<UInt8>) -> Int? {
    guard a.count <= 18, a.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return a.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  @Test("every routine is its model's, on every range")
  func matchesModels() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
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
                  == Self.referenceScan(text, start..<end, stoppingAtQuery: stopping), "\(text) \(start)..<\(end)")
            }
            #expect(URLSyntax.isScheme(bytes, start..<end) == Self.referenceIsScheme(text[start..<end]))
            let (authorityEnd, lastAt) = URLSyntax.authorityEnd(bytes, from: start, to: end)
            #expect(
              "\(authorityEnd) \(String(describing: lastAt))" == Self.referenceAuthorityEnd(text, from: start, to: end))
            #expect(URLSyntax.decimalValue(bytes, start..<end) == Self.referenceDecimal(text[start..<end]))
          }
          for byte in Array(":/@?#".utf8) {
            #expect(bytes.has(byte, at: start) == (start < text.count && text[start] == byte))
          }
        }
        #expect(!bytes.has(UInt8(ascii: "a"), at: -1))
      }
    }
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
