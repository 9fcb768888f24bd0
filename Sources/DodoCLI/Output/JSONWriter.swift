@_spi(Scanning) import DodoCheckout

/// Builds JSON text into a reusable byte buffer, with no intermediate objects: streaming
/// output of millions of results goes through here.
final class JSONWriter {
  private let buffer = ByteBuffer()
  private var needsComma = false

  init() {}

  /// The JSON text written so far.
  var bytes: UnsafeBufferPointer<UInt8> { buffer.bytes }

  /// How many bytes are written so far.
  var count: Int { buffer.count }

  /// Drops what was written after the first `count` bytes (text output laid out again).
  func truncate(to count: Int) { buffer.truncate(to: count) }

  func reset() {
    buffer.removeAll()
    needsComma = false
  }

  @inline(__always)
  func beginObject() {
    separate()
    buffer.append(UInt8(ascii: "{"))
    needsComma = false
  }

  @inline(__always)
  func endObject() {
    buffer.append(UInt8(ascii: "}"))
    needsComma = true
  }

  @inline(__always)
  func beginArray() {
    separate()
    buffer.append(UInt8(ascii: "["))
    needsComma = false
  }

  @inline(__always)
  func endArray() {
    buffer.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes `"key":` ; the value follows with one of the value writers.
  @inline(__always)
  func key(_ key: StaticString) {
    let count = key.utf8CodeUnitCount
    let comma = needsComma
    buffer.write(upTo: count + 4) { start in
      var out = start
      if comma {
        out.pointee = UInt8(ascii: ",")
        out += 1
      }
      out.pointee = UInt8(ascii: "\"")
      (out + 1).update(from: key.utf8Start, count: count)
      out += count + 1
      out[0] = UInt8(ascii: "\"")
      out[1] = UInt8(ascii: ":")
      return out + 2 - start
    }
    needsComma = false
  }

  /// A key made at run time; a literal key goes to `key(_: StaticString)`, which copies it
  /// as it is (a literal would otherwise be taken for a `String` and escaped every time).
  func key(named key: String) {
    string(key)
    buffer.append(UInt8(ascii: ":"))
    needsComma = false
  }

  func string(_ value: String?) {
    guard let value else { return null() }
    separate()
    if value.utf8.withContiguousStorageIfAvailable({ appendQuoted($0) }) == nil {
      var copy = value
      copy.withUTF8 { appendQuoted($0) }
    }
    needsComma = true
  }

  @inline(__always)
  func string(_ value: StaticString) {
    separate()
    value.withUTF8Buffer { appendQuoted($0) }
    needsComma = true
  }

  func bool(_ value: Bool) {
    separate()
    let literal: StaticString = value ? "true" : "false"
    literal.withUTF8Buffer { buffer.append($0) }
    needsComma = true
  }

  /// Written in place: a result has up to four `null`s per line of `explain-status --json -`.
  @inline(__always)
  func null() {
    separate()
    ("null" as StaticString).withUTF8Buffer { buffer.append($0) }
    needsComma = true
  }

  /// Appends bytes as they are: text output that shares this buffer's chunked writes.
  @inline(__always)
  func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
    buffer.append(bytes)
  }

  /// Appends a value that is already JSON text (see `JSONWriter.encoded(_:)`).
  func encoded(_ json: UnsafeBufferPointer<UInt8>) {
    separate()
    buffer.append(json)
    needsComma = true
  }

  /// `text` as a JSON string, for constant texts written many times over.
  static func encoded(_ text: String) -> [UInt8] {
    let writer = JSONWriter()
    writer.string(text)
    return Array(writer.bytes)
  }

  /// A number: whole values without a fraction (`900`), others in Swift's shortest form (`1.5`).
  func number(_ value: Double) {
    separate()
    var text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    text.withUTF8 { buffer.append($0) }
    needsComma = true
  }

  func newline() {
    buffer.append(UInt8(ascii: "\n"))
    needsComma = false
  }

  @inline(__always)
  private func separate() {
    if needsComma { buffer.append(UInt8(ascii: ",")) }
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// Marks the bytes of `word` that a JSON string cannot hold as they are: control
  /// characters, `"` and `\\`.
  @inline(__always) private static func needingEscape(_ word: ByteWord) -> UInt64 {
    word.below(0x20) | word.equal(to: UInt8(ascii: "\"")) | word.equal(to: UInt8(ascii: "\\"))
  }

  /// Appends `text` quoted and escaped, straight into the buffer: each byte becomes at most
  /// six (`\u00XX`), so room for that is made once, and runs of bytes that need no escape
  /// are found eight at a time and copied whole.
  @inline(__always)
  private func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
    buffer.write(upTo: text.count * 6 + 10) { start in
      var out = start
      out.pointee = UInt8(ascii: "\"")
      out += 1
      let count = text.count
      var i = 0
      while i < count {
        // Whole words while none of their bytes needs escaping; the room made above lets a
        // word be stored even where fewer bytes are left to write.
        while i + 8 <= count {
          let word = ByteWord(text, at: i)
          if ByteWord.any(Self.needingEscape(word)) { break }
          UnsafeMutableRawPointer(out).storeBytes(of: word.value, as: UInt64.self)
          out += 8
          i += 8
        }
        guard i < count else { break }
        let c = text[i]
        i += 1
        if c >= 0x20 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\") {
          out.pointee = c
          out += 1
          continue
        }
        out.pointee = UInt8(ascii: "\\")
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = c
        case UInt8(ascii: "\n"): out[1] = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): out[1] = UInt8(ascii: "r")
        case UInt8(ascii: "\t"): out[1] = UInt8(ascii: "t")
        default:
          out[1] = UInt8(ascii: "u")
          out[2] = UInt8(ascii: "0")
          out[3] = UInt8(ascii: "0")
          out[4] = Self.hex[Int(c >> 4)]
          out[5] = Self.hex[Int(c & 0xF)]
          out += 4
        }
        out += 2
      }
      out.pointee = UInt8(ascii: "\"")
      out += 1
      return out - start
    }
  }

}

extension JSONWriter {
  /// A result as spec section 3 shows it: every key always present, `null` when absent; a
  /// `cancelled` result of `start` adds `reason` after `status`; `extra` writes keys of its
  /// own after `raw` (`start --confirm`'s confirmation), and `start`'s result always ends
  /// with its `warnings` (`[]` when none).
  func result(
    _ result: CheckoutResult, warnings: [String]? = nil, extra: (JSONWriter) -> Void = { _ in }
  ) {
    resultObject(
      status: result.status, reason: result.cancellationReason?.rawValue, paymentId: result.paymentId,
      subscriptionId: result.subscriptionId,
      licenseKeys: result.licenseKeys, customerEmail: result.customerEmail,
      parameterCount: result.parameters.count, parameter: { (result.parameters[$0].name, result.parameters[$0].value) },
      write: { self.string($0) }, warnings: warnings, extra: extra)
  }

  /// A result read in place, written without making a string of any text of it.
  ///
  /// `plainURL` says that the URL's text is plain (see `isPlain(_:)`): its undecoded texts are
  /// then copied as they stand, without looking for what to escape.
  func result(_ query: ReturnQuery, plainURL: Bool = false) {
    resultObject(
      status: query.status, reason: nil, paymentId: query.paymentId, subscriptionId: query.subscriptionId,
      licenseKeys: query.licenseKeys.isEmpty ? nil : query.licenseKeys, customerEmail: query.customerEmail,
      parameterCount: query.parameters.count, parameter: { (query.parameters[$0].name, query.parameters[$0].value) },
      write: { self.string($0, plainURL: plainURL) }, extra: { _ in })
  }

  /// The one layout of a result object, for both kinds of text.
  @inline(__always)
  private func resultObject<Text, Keys: Collection<Text>>(
    status: CheckoutStatus, reason: String?, paymentId: Text?, subscriptionId: Text?, licenseKeys: Keys?,
    customerEmail: Text?,
    parameterCount: Int, parameter: (Int) -> (Text, Text), write: (Text?) -> Void, warnings: [String]? = nil,
    extra: (JSONWriter) -> Void = { _ in }
  ) {
    beginObject()
    key("status")
    string(CheckoutStatus.literalName(status))
    if let reason {
      key("reason")
      string(reason)
    }
    key("paymentId")
    write(paymentId)
    key("subscriptionId")
    write(subscriptionId)
    key("licenseKeys")
    if let licenseKeys {
      beginArray()
      for key in licenseKeys { write(key) }
      endArray()
    } else {
      null()
    }
    key("customerEmail")
    write(customerEmail)
    key("raw")
    beginObject()
    for index in 0..<parameterCount {
      let (name, value) = parameter(index)
      write(name)
      buffer.append(UInt8(ascii: ":"))
      needsComma = false
      write(value)
    }
    endObject()
    extra(self)
    if let warnings {
      key("warnings")
      beginArray()
      for warning in warnings { string(warning) }
      endArray()
    }
    endObject()
  }

  /// A string given as its UTF-8 bytes (the caller guarantees they are UTF-8).
  @inline(__always)
  func utf8String(_ bytes: UnsafeBufferPointer<UInt8>) {
    separate()
    appendQuoted(bytes)
    needsComma = true
  }

  /// A string whose bytes need no escaping (see `isPlain(_:)`): copied as they stand.
  @inline(__always)
  func plainString(_ bytes: UnsafeBufferPointer<UInt8>) {
    let comma = needsComma
    buffer.write(upTo: bytes.count + 3) { start in
      var out = start
      if comma {
        out.pointee = UInt8(ascii: ",")
        out += 1
      }
      out.pointee = UInt8(ascii: "\"")
      if let base = bytes.baseAddress { (out + 1).update(from: base, count: bytes.count) }
      out += bytes.count + 1
      out.pointee = UInt8(ascii: "\"")
      return out + 1 - start
    }
    needsComma = true
  }

  /// Whether `bytes` can stand in a JSON string as they are: printable ASCII without `"` or
  /// `\`. Checked eight bytes at a time, once per input line, so that the texts taken from
  /// that line are copied instead of scanned again.
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    allWords(
      of: bytes, where: { !ByteWord.any(needingEscape($0) | $0.equal(to: 0x7F) | $0.nonASCII) },
      rest: { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
  }

  /// Whether no byte of `bytes` is `byte`, checked eight bytes at a time: a per-line test for
  /// a rare character costs next to nothing.
  static func lacks(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    allWords(of: bytes, where: { !ByteWord.any($0.equal(to: byte)) }, rest: { $0 != byte })
  }

  /// Whether every byte of `bytes` is printable ASCII (`0x20`–`0x7E`; without the space,
  /// `0x21`–`0x7E`, when `spaces` is false): text the terminal shows as it is.
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, spaces: Bool = true) -> Bool {
    let lowest: UInt8 = spaces ? 0x20 : 0x21
    return allWords(
      of: bytes, where: { !ByteWord.any($0.below(lowest) | $0.equal(to: 0x7F) | $0.nonASCII) },
      rest: { $0 >= lowest && $0 < 0x7F })
  }

  /// Whether every byte of `bytes` is ASCII.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    allWords(of: bytes, where: { !ByteWord.any($0.nonASCII) }, rest: { $0 < 0x80 })
  }

  /// Whether `word` holds for every eight bytes of `bytes` and `rest` for each byte after them.
  @inline(__always)
  private static func allWords(
    of bytes: UnsafeBufferPointer<UInt8>, where word: (ByteWord) -> Bool, rest byte: (UInt8) -> Bool
  ) -> Bool {
    var i = 0
    while i + 8 <= bytes.count {
      guard word(ByteWord(bytes, at: i)) else { return false }
      i += 8
    }
    // The last bytes as the word that ends the text, some of them looked at twice: one step
    // instead of up to seven.
    if i < bytes.count, bytes.count >= 8 { return word(ByteWord(bytes, at: bytes.count - 8)) }
    while i < bytes.count {
      guard byte(bytes[i]) else { return false }
      i += 1
    }
    return true
  }

  /// A query's text, decoded. Undecoded text is written as it stands (the caller hands over
  /// UTF-8); decoded bytes that are not ASCII go through `String`, which repairs what is not UTF-8.
  func string(_ text: QueryText?, plainURL: Bool = false) {
    guard let text else { return null() }
    guard text.isEscaped else { return plainURL ? plainString(text.encoded) : utf8String(text.encoded) }
    text.withDecodedBytes { bytes in
      if Self.isASCII(bytes) {
        utf8String(bytes)
      } else {
        string(String(decoding: bytes, as: UTF8.self))
      }
    }
  }

  /// `{"code":"…","message":"…"}`.
  func error(code: String, message: String) {
    beginObject()
    key("code")
    string(code)
    key("message")
    string(message)
    endObject()
  }
}
