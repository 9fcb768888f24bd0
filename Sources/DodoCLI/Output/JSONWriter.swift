import DodoCheckout

/// Builds JSON text into a reusable byte buffer, with no intermediate objects: streaming
/// output of millions of results goes through here.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []
  private var needsComma = false

  public init() {}

  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes `"key":` ; the value follows with one of the value writers.
  public mutating func key(_ key: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func string(_ value: String?) {
    separate()
    guard var value else {
      ("null" as StaticString).withUTF8Buffer { bytes.append(contentsOf: $0) }
      needsComma = true
      return
    }
    value.withUTF8 { appendQuoted($0) }
    needsComma = true
  }

  public mutating func string(_ value: StaticString) {
    separate()
    value.withUTF8Buffer { appendQuoted($0) }
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    separate()
    let literal: StaticString = value ? "true" : "false"
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    needsComma = true
  }

  public mutating func null() { string(nil as String?) }

  /// Appends a value that is already JSON text (see `JSONWriter.encoded(_:)`).
  public mutating func encoded(_ json: [UInt8]) {
    separate()
    bytes.append(contentsOf: json)
    needsComma = true
  }

  /// `text` as a JSON string, for constant texts written many times over.
  public static func encoded(_ text: String) -> [UInt8] {
    var writer = JSONWriter()
    writer.string(text)
    return writer.bytes
  }

  /// A number: whole values without a fraction (`900`), others in Swift's shortest form (`1.5`).
  public mutating func number(_ value: Double) {
    separate()
    let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    bytes.append(contentsOf: Array(text.utf8))
    needsComma = true
  }

  public mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    needsComma = false
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends `text` quoted and escaped; runs of bytes that need no escape are copied whole.
  private mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    var i = 0
    let count = text.count
    while i < count {
      let c = text[i]
      if c >= 0x20 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
      i += 1
      runStart = i
      bytes.append(UInt8(ascii: "\\"))
      switch c {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(c)
      case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
      default:
        bytes.append(UInt8(ascii: "u"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(Self.hex[Int(c >> 4)])
        bytes.append(Self.hex[Int(c & 0xF)])
      }
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<count]))
    bytes.append(UInt8(ascii: "\""))
  }
}

extension JSONWriter {
  /// A result as spec section 3 shows it: every key always present, `null` when absent.
  public mutating func result(_ result: CheckoutResult) {
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
  public mutating func error(code: String, message: String) {
    beginObject()
    key("code")
    string(code)
    key("message")
    string(message)
    endObject()
  }
}
