import DodoCheckout

/// Builds JSON text into a reusable byte buffer, with no intermediate objects: streaming
/// output of millions of results goes through here.
public final class JSONWriter {
  private let buffer = ByteBuffer()
  private var needsComma = false

  public init() {}

  /// The JSON text written so far.
  public var bytes: UnsafeBufferPointer<UInt8> { buffer.bytes }

  public func reset() {
    buffer.removeAll()
    needsComma = false
  }

  public func beginObject() {
    separate()
    buffer.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public func endObject() {
    buffer.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public func beginArray() {
    separate()
    buffer.append(UInt8(ascii: "["))
    needsComma = false
  }

  public func endArray() {
    buffer.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes `"key":` ; the value follows with one of the value writers.
  public func key(_ key: StaticString) {
    separate()
    buffer.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { buffer.append($0) }
    buffer.append(UInt8(ascii: "\""))
    buffer.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public func key(_ key: String) {
    string(key)
    buffer.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public func string(_ value: String?) {
    separate()
    guard let value else {
      ("null" as StaticString).withUTF8Buffer { buffer.append($0) }
      needsComma = true
      return
    }
    if value.utf8.withContiguousStorageIfAvailable({ appendQuoted($0) }) == nil {
      var copy = value
      copy.withUTF8 { appendQuoted($0) }
    }
    needsComma = true
  }

  public func string(_ value: StaticString) {
    separate()
    value.withUTF8Buffer { appendQuoted($0) }
    needsComma = true
  }

  public func bool(_ value: Bool) {
    separate()
    let literal: StaticString = value ? "true" : "false"
    literal.withUTF8Buffer { buffer.append($0) }
    needsComma = true
  }

  public func null() { string(nil as String?) }

  /// Appends a value that is already JSON text (see `JSONWriter.encoded(_:)`).
  public func encoded(_ json: [UInt8]) {
    separate()
    json.withUnsafeBytes { buffer.append($0) }
    needsComma = true
  }

  /// `text` as a JSON string, for constant texts written many times over.
  public static func encoded(_ text: String) -> [UInt8] {
    let writer = JSONWriter()
    writer.string(text)
    return Array(writer.bytes)
  }

  /// A number: whole values without a fraction (`900`), others in Swift's shortest form (`1.5`).
  public func number(_ value: Double) {
    separate()
    var text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    text.withUTF8 { buffer.append($0) }
    needsComma = true
  }

  public func newline() {
    buffer.append(UInt8(ascii: "\n"))
    needsComma = false
  }

  private func separate() {
    if needsComma { buffer.append(UInt8(ascii: ",")) }
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// Whether any of the eight bytes of `word` is a control character, `"` or `\\`
  /// (the "has a zero byte" bit trick of Hacker's Delight, applied three times).
  @inline(__always) private static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let control = (word &- ones &* 0x20) & ~word
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    return (control | zeroQuote | zeroBackslash) & highs != 0
  }

  /// Appends `text` quoted and escaped, straight into the buffer: each byte becomes at most
  /// six (`\u00XX`), so room for that is made once, and runs of bytes that need no escape
  /// are found eight at a time and copied whole.
  private func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
    buffer.write(upTo: text.count * 6 + 2) { start in
      var out = start
      out.pointee = UInt8(ascii: "\"")
      out += 1
      guard let base = text.baseAddress else {
        out.pointee = UInt8(ascii: "\"")
        return 2
      }
      let count = text.count
      var i = 0
      while i < count {
        var runEnd = i
        while runEnd + 8 <= count, !Self.needsEscape(UnsafeRawPointer(base + runEnd).loadUnaligned(as: UInt64.self)) {
          runEnd += 8
        }
        while runEnd < count {
          let c = base[runEnd]
          if c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { break }
          runEnd += 1
        }
        if runEnd > i {
          out.update(from: base + i, count: runEnd - i)
          out += runEnd - i
          i = runEnd
        }
        guard i < count else { break }
        let c = base[i]
        i += 1
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
  /// A result as spec section 3 shows it: every key always present, `null` when absent.
  public func result(_ result: CheckoutResult) {
    beginObject()
    key("status")
    string(result.status.rawValue)
    key("paymentId")
    string(result.paymentId)
    key("subscriptionId")
    string(result.subscriptionId)
    key("licenseKeys")
    if let keys = result.licenseKeys {
      beginArray()
      for key in keys { string(key) }
      endArray()
    } else {
      null()
    }
    key("customerEmail")
    string(result.customerEmail)
    key("raw")
    beginObject()
    for parameter in result.parameters {
      key(parameter.name)
      string(parameter.value)
    }
    endObject()
    endObject()
  }

  /// `{"code":"…","message":"…"}`.
  public func error(code: String, message: String) {
    beginObject()
    key("code")
    string(code)
    key("message")
    string(message)
    endObject()
  }
}
