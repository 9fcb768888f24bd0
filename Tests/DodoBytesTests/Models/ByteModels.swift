import DodoBytes

/// Byte-at-a-time models of DodoBytes' routines, and the routines' results put in the models'
/// terms: shared by DodoBytesTests and the fuzzer (scripts/fuzz compiles this file too), so
/// that both hold the code to the same reference.
enum ByteModels {
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

  /// `text` word-wrapped as `ByteCursor.wrapWritten` does, through arrays of words.
  static func referenceWrap(_ text: [UInt8], indent: Int, width: Int) -> [UInt8] {
    var lines: [[UInt8]] = []
    for word in text.split(separator: UInt8(ascii: " ")) {
      if let last = lines.last, indent + last.count + 1 + word.count <= width {
        lines[lines.count - 1] += [UInt8(ascii: " ")] + word
      } else {
        lines.append(Array(word))
      }
    }
    return Array(lines.joined(separator: [UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: indent)))
  }

  /// `text` written after `lead` and wrapped in place.
  static func wrapped(_ text: [UInt8], lead: Int, indent: Int, width: Int) -> (Bool, [UInt8]) {
    let buffer = ByteBuffer(capacity: lead % 7)
    return buffer.writing { c in
      c.reserve(lead + text.count)
      for _ in 0..<lead { c.put(UInt8(ascii: "L")) }
      text.withBytes { c.put($0) }
      let done = c.wrapWritten(from: lead, indent: indent, width: width)
      return (done, Array(c.written(from: lead)))
    }
  }

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
}
