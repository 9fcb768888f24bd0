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
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
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
      bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
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
    bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    needsComma = true
  }

  public mutating func null() { string(nil as String?) }

  public mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    needsComma = false
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  private mutating func appendQuoted(_ text: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    for i in 0..<text.count {
      let c = text[i]
      guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
      runStart = i + 1
      switch c {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      default:
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        bytes.append(Self.hex[Int(c >> 4)])
        bytes.append(Self.hex[Int(c & 0xF)])
      }
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
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
