import DodoBytes

/// Every public routine of DodoBytes on the fuzzer's bytes, each checked against a plain
/// byte-at-a-time reference written here; then the readers built on it that take any input
/// (the return-input reader, redaction). The first bytes of the input also pick the byte a
/// scan looks for, the offsets and the room a buffer starts with.
enum FuzzBytes {
  static func check(_ input: [UInt8]) {
    let probe = input.first ?? 0
    let offset = input.count > 1 ? Int(input[1]) % (input.count + 1) : 0
    input.withBytes { bytes in
      view(bytes, probe: probe, offset: offset)
      words(bytes, probe: probe, offset: offset)
      percent(bytes)
      let start = offset
      require(
        ByteModels.pieces(bytes, from: start) == ByteModels.referencePieces(Array(bytes), from: start), "QuerySplitter")
      urlSyntax(bytes, from: start, probe: probe)
      let (indent, width) = (Int(probe) % 30, 20 + offset % 70)
      let (done, result) = ByteModels.wrapped(Array(bytes), lead: offset % 20, indent: indent, width: width)
      let wrappable = bytes.isASCII && bytes.lacks(UInt8(ascii: "\n")) && bytes.lacks(UInt8(ascii: "\r"))
      require(
        done == wrappable
          && result == (done ? ByteModels.referenceWrap(Array(bytes), indent: indent, width: width) : Array(bytes)),
        "ByteCursor.wrapWritten")
    }
    cursor(input, room: Int(probe) % 40)
    lists(input)
    blocks(input)
    arrays(input, offset: offset)
    returnInput(input)
    redaction(input)
  }

  static func require(_ condition: Bool, _ what: @autoclosure () -> String) {
    FuzzChecks.require(condition, what())
  }

  /// `ByteView`'s collection, slicing and comparisons.
  static func view(_ bytes: ByteView, probe: UInt8, offset: Int) {
    let array = Array(bytes)
    require(array.count == bytes.count && Array(bytes.view(0..<bytes.count)) == array, "a view holds its bytes")
    let tail = bytes.view(offset..<bytes.count)
    require(Array(tail) == Array(array[offset...]), "view(_:) is the slice")
    require(Array(ByteView(rebasing: bytes[offset...])) == Array(array[offset...]), "rebasing is the slice")
    require(tail.isSame(as: bytes.view(offset..<bytes.count)) && (offset == 0 || !tail.isSame(as: bytes)), "isSame")
    require(bytes.string == String(decoding: array, as: UTF8.self), "string")
    let want = array[offset...].firstIndex(of: probe)
    require(bytes.firstIndex(of: probe, in: offset..<bytes.count) == want, "firstIndex(of:in:)")
    require(bytes.lacks(probe) == !array.contains(probe), "lacks")
    require(bytes.isASCII == array.allSatisfy { $0 < 0x80 }, "isASCII")
    require(bytes.isPrintableASCII() == array.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "isPrintableASCII")
    require(
      bytes.isPrintableASCII(spaces: false) == array.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "isPrintableASCII spaces")
    require(bytes.elementsEqual(tail) == (array == Array(array[offset...])), "elementsEqual")
    let lower = array.map(lowerASCII)
    require(Array(bytes.asciiLowercased.utf8) == Array(String(decoding: lower, as: UTF8.self).utf8), "asciiLowercased")
    lower.withBytes { lowered in require(bytes.equalsIgnoringCase(lowered), "equalsIgnoringCase") }
    require(bytes.equalsIgnoringCase(tail) == (lower == Array(array[offset...]).map(lowerASCII)), "ignoring case")
    for literal: StaticString in ["&amp;", "amp;", "status", "checkout.dodopayments.com", "payment_id"] {
      let want = Array(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
      require(
        bytes.hasBytes(literal, at: offset) == array[offset...].starts(with: want), "hasBytes \(literal) at \(offset)")
      require(
        bytes.hasPrefixIgnoringCase(literal) == lower.starts(with: want), "hasPrefixIgnoringCase \(literal)")
      require(bytes.equalsIgnoringCase(literal) == (lower == want), "equalsIgnoringCase \(literal)")
    }
    var text = String(decoding: array, as: UTF8.self)
    let contiguous = text.withBytesIfContiguous { Array($0) }
    require(contiguous == nil || contiguous == Array(text.utf8), "withBytesIfContiguous")
    require(text.withBytes { Array($0) } == Array(text.utf8), "String.withBytes")
  }

  /// The masks and the scan, at every start from `offset`.
  static func words(_ bytes: ByteView, probe: UInt8, offset: Int) {
    let array = Array(bytes)
    let limit = probe & 0x7F | 1
    let count = min(8, array.count - offset)
    let word = ByteWord.partial(bytes, at: offset, count: count)
    for lane in 0..<8 {
      let byte = lane < count ? array[offset + lane] : 0
      require(UInt8(truncatingIfNeeded: word >> (8 * lane)) == byte, "partial lane \(lane)")
      func marked(_ mask: UInt64) -> Bool { mask >> (8 * lane + 7) & 1 == 1 }
      require(marked(ByteWord.exactlyEqual(word, probe)) == (byte == probe), "exactlyEqual")
      require(marked(ByteWord.atLeast(word, limit)) == (byte >= limit && byte < 0x80), "atLeast")
      require(marked(ByteWord.nonASCII(word)) == (byte >= 0x80), "nonASCII")
      require(UInt8(truncatingIfNeeded: ByteWord.lowercased(word) >> (8 * lane)) == lowerASCII(byte), "lowercased")
      require(marked(ByteWord.lanes(count)) == (lane < count), "lanes")
    }
    // The cheaper masks: their first mark is the first matching byte.
    let firstEqual = (0..<8).first { $0 < count ? array[offset + $0] == probe : probe == 0 } ?? 8
    require(ByteWord.first(ByteWord.equal(word, probe)) == firstEqual, "equal's first mark")
    let firstBelow = (0..<8).first { $0 < count ? array[offset + $0] < limit : true } ?? 8
    require(ByteWord.first(ByteWord.below(word, limit)) == firstBelow, "below's first mark")
    for start in offset...array.count {
      let found = ByteWord.firstMarked(in: bytes, from: start, to: array.count) {
        ByteWord.below($0, limit) | ByteWord.equal($0, probe) | ByteWord.nonASCII($0)
      }
      let want = array[start...].firstIndex { $0 < limit || $0 == probe || $0 >= 0x80 } ?? array.count
      require(found == want, "firstMarked from \(start)")
    }
    for c in array {
      require(ByteClass.needsJSONEscape(c) == (c < 0x20 || c == 0x22 || c == 0x5C), "needsJSONEscape")
      require(ByteClass.isPrintable(c) == (c >= 0x20 && c < 0x7F), "isPrintable")
      require(ByteClass.lower(c) == lowerASCII(c), "lower")
      let alphanumeric = (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
      require(ByteClass.isAlphanumeric(c) == alphanumeric, "isAlphanumeric")
    }
  }

  /// The decoder against `FuzzChecks.referenceDecode`, by all its ways.
  static func percent(_ bytes: ByteView) {
    let want = FuzzChecks.referenceDecode(Array(bytes))
    require(PercentDecoding.bytes(bytes) == want, "PercentDecoding.bytes")
    require(PercentDecoding.withDecoded(bytes) { Array($0) } == want, "withDecoded")
    require(PercentDecoding.string(bytes) == String(decoding: want, as: UTF8.self), "PercentDecoding.string")
    if bytes.lacks(UInt8(ascii: "%")) {
      require(PercentDecoding.string(bytes, escaped: false) == bytes.string, "string of a text without %")
      require(PercentDecoding.withDecoded(bytes, escaped: false) { $0.isSame(as: bytes) }, "no copy without %")
    }
    var decoded = PercentDecodedBytes(bytes, 0..<bytes.count)
    var one: [UInt8] = []
    while let c = decoded.next() { one.append(c) }
    require(one == want, "PercentDecodedBytes")
    for c in bytes {
      require(PercentDecoding.hexValue(c) == FuzzChecks.hex(c), "hexValue")
      require(PercentDecoding.isHexDigit(c) == (FuzzChecks.hex(c) != nil), "isHexDigit")
    }
  }

  /// The buffer and its cursor, from `room` bytes (it grows), against plain arrays.
  static func cursor(_ input: [UInt8], room: Int) {
    let buffer = ByteBuffer(capacity: room)
    var want: [UInt8] = []
    input.withBytes { bytes in
      buffer.append(bytes)
      want += input
      for byte in input.prefix(3) {
        buffer.append(byte)
        want.append(byte)
      }
      let copied = buffer.writing { c -> Int in
        c.reserve(bytes.count + 8)
        c.put("lit")
        let copied = c.put(bytes, upTo: ByteClass.needingJSONEscape)
        c.put(UInt8(ascii: "|"))
        return copied
      }
      let clean = input.firstIndex(where: ByteClass.needsJSONEscape) ?? input.count
      require(copied == clean, "put(_:upTo:) stops at the first marked byte")
      want += Array("lit".utf8) + input[..<clean] + [UInt8(ascii: "|")]
      let plainCopied = buffer.writing { c -> Int in
        c.reserve(bytes.count)
        return c.putJSONPlainASCII(bytes)
      }
      let plain = input.firstIndex { ByteClass.needsJSONEscape($0) || $0 >= 0x80 } ?? input.count
      require(plainCopied == plain, "putJSONPlainASCII stops at the first byte to escape or not ASCII")
      want += input[..<plain]
      let start = buffer.count
      buffer.writing { c in
        c.reserve(ByteCursor.jsonStringRoom(bytes.count))
        c.putJSONString(bytes)
        require(Array(c.written(from: start)) == referenceJSON(input), "putJSONString")
        let end = c.count
        c.reserve(end - start)
        c.putWritten(start..<end)
        c.rewind(to: end)
      }
      want += referenceJSON(input)
    }
    require(Array(buffer.bytes) == want && buffer.count == want.count, "the buffer holds what was written")
    buffer.removeAll()
    require(buffer.count == 0 && buffer.bytes.isEmpty, "removeAll")
  }

  /// An inline list with room for some of the bytes, against an array.
  static func lists(_ input: [UInt8]) {
    let capacity = Int(input.first ?? 0) % 6
    InlineList<UInt8>.withRoom(capacity: capacity) { room in
      var list = InlineList<UInt8>(room: room)
      var want: [UInt8] = []
      for byte in input.prefix(64) {
        if let at = list.firstPosition(where: { $0 == byte }) {
          list.replace(at: at, with: byte &+ 1)
          want[at] = byte &+ 1
        } else {
          list.append(byte)
          want.append(byte)
        }
      }
      require(Array(list) == want, "InlineList")
    }
    var unroomed = InlineList<UInt8>(room: .none)
    for byte in input.prefix(16) { unroomed.append(byte) }
    require(Array(unroomed) == Array(input.prefix(16)), "InlineList without room")
  }

  /// A block table: each block as made, made once.
  static func blocks(_ input: [UInt8]) {
    var made = 0
    let table = BlockTable(rows: 3, columns: 4) { row, column in
      made += 1
      return Array(input.prefix(row * 4 + column))
    }
    for _ in 0..<2 {
      for row in 0..<3 {
        for column in 0..<4 {
          require(Array(table.block(row, column)) == Array(input.prefix(row * 4 + column)), "block")
        }
      }
    }
    require(made == 12, "each block is made once")
  }

  static func arrays(_ input: [UInt8], offset: Int) {
    var moved = input
    moved.moveBytes(offset..<input.count, to: 0)
    require(moved == Array(input[offset...]) + Array(input[(input.count - offset)...]), "moveBytes")
    var copied = [UInt8](repeating: 0, count: input.count)
    copied.copyBytes(of: input, offset..<input.count, to: 0)
    require(Array(copied.prefix(input.count - offset)) == Array(input[offset...]), "copyBytes")
  }

  /// The return-input reader: its in-place reading says what its string reading says.
  static func returnInput(_ input: [UInt8]) {
    let text = String(decoding: input, as: UTF8.self)
    let read = try? ReturnInput.read(text)
    var inPlace: (CheckoutResult, InputWarnings)?
    var copy = text
    let thrown = copy.withBytes { bytes -> Bool in
      do throws(CheckoutError) { try ReturnInput.read(bytes) { inPlace = ($0.result, $1) } } catch { return true }
      return false
    }
    require(thrown == (read == nil), "both readings fail together")
    if let read, let inPlace {
      require(read.result == inPlace.0 && read.warnings == inPlace.1, "the same reading")
      require(read.result.status == CheckoutStatus(statusParameter: read.result.rawStatus), "status from rawStatus")
    }
  }

  /// Redaction: the bytes' and the string's agree, and redacting again changes nothing.
  static func redaction(_ input: [UInt8]) {
    let text = String(decoding: input, as: UTF8.self)
    let redacted = InputRedaction.redacted(text)
    var copy = text
    let fromBytes = copy.withBytes { InputRedaction.redacted($0) }
    require((fromBytes.map { String(decoding: $0, as: UTF8.self) } ?? text) == redacted, "bytes and string agree")
    require(InputRedaction.redacted(redacted) == redacted, "redacting again changes nothing")
  }

  static func lowerASCII(_ c: UInt8) -> UInt8 { FuzzChecks.lowerASCII(c) }

  /// JSON's escaping, byte by byte, as `putJSONString` writes it.
  static func referenceJSON(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x22]
    let hex = Array("0123456789abcdef".utf8)
    for c in bytes {
      switch c {
      case 0x22, 0x5C: out += [0x5C, c]
      case 0x0A: out += Array("\\n".utf8)
      case 0x0D: out += Array("\\r".utf8)
      case 0x09: out += Array("\\t".utf8)
      case 0..<0x20: out += Array("\\u00".utf8) + [hex[Int(c >> 4)], hex[Int(c & 0xF)]]
      default: out.append(c)
      }
    }
    return out + [0x22]
  }

  /// `URLSyntax`'s loops from `start` to an end the probe picks, each against a byte-at-a-time reference.
  static func urlSyntax(_ bytes: ByteView, from start: Int, probe: UInt8) {
    let a = Array(bytes)
    let end = start + Int(probe) % (a.count - start + 1)
    let range = start..<end
    for stopping in [false, true] {
      let (index, fault) = URLSyntax.scanText(bytes, in: range, stoppingAtQuery: stopping)
      require(
        "\(index) \(fault.map { "\($0)" } ?? "nil")"
          == ByteModels.referenceScan(a, range, stoppingAtQuery: stopping), "URLSyntax.scanText")
    }
    require(URLSyntax.isScheme(bytes, range) == ByteModels.referenceIsScheme(a[range]), "URLSyntax.isScheme")
    let (authorityEnd, lastAt) = URLSyntax.authorityEnd(bytes, from: start, to: end)
    require(
      "\(authorityEnd) \(String(describing: lastAt))" == ByteModels.referenceAuthorityEnd(a, from: start, to: end),
      "URLSyntax.authorityEnd")
    require(URLSyntax.decimalValue(bytes, range) == ByteModels.referenceDecimal(a[range]), "URLSyntax.decimalValue")
    require(bytes.has(probe, at: start) == (start < a.count && a[start] == probe), "ByteView.has(_:at:)")
    headMarks(bytes)
  }

  /// `URLHeadMarks`, where it marks a head, against the scans it stands in for.
  static func headMarks(_ bytes: ByteView) {
    guard let marks = URLHeadMarks(bytes) else { return }
    let (pathEnd, fault) = URLSyntax.scanText(bytes, in: 0..<bytes.count, stoppingAtQuery: true)
    require(fault == nil && marks.pathEnd == pathEnd, "URLHeadMarks.pathEnd")
    let schemeEnd = ByteWord.firstMarked(in: bytes, from: 0, to: pathEnd) {
      ByteWord.exactlyEqual($0, UInt8(ascii: ":")) | ByteWord.exactlyEqual($0, UInt8(ascii: "/"))
    }
    require(marks.schemeEnd == schemeEnd, "URLHeadMarks.schemeEnd")
    for start in 0...pathEnd {
      let (end, lastAt) = marks.authorityEnd(from: start)
      let scanned = URLSyntax.authorityEnd(bytes, from: start, to: pathEnd)
      require(end == scanned.end && lastAt == scanned.lastAt, "URLHeadMarks.authorityEnd")
    }
  }

}
