import DodoBytes
import DodoCheckout

/// Builds JSON text into a byte buffer, with no intermediate objects: every command's JSON
/// output but `explain-status`'s stream of results, which has a writer of its own (`ExplainJSON`).
final class JSONWriter {
  private let buffer = ByteBuffer()
  private var needsComma = false

  init() {}

  /// The JSON text written so far.
  var bytes: ByteView { buffer.bytes }

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
    let comma = needsComma
    buffer.writing { c in
      c.reserve(key.utf8CodeUnitCount + 4)
      if comma { c.put(UInt8(ascii: ",")) }
      c.put(UInt8(ascii: "\""))
      c.put(key)
      c.put(#"":"#)
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
    if value.withBytesIfContiguous({ appendQuoted($0) }) == nil {
      var copy = value
      copy.withBytes { appendQuoted($0) }
    }
    needsComma = true
  }

  @inline(__always)
  func string(_ value: StaticString) {
    separate()
    value.withBytes { appendQuoted($0) }
    needsComma = true
  }

  func bool(_ value: Bool) {
    separate()
    let literal: StaticString = value ? "true" : "false"
    literal.withBytes { buffer.append($0) }
    needsComma = true
  }

  /// Written in place: a result has up to four `null`s per line of `explain-status --json -`.
  @inline(__always)
  func null() {
    separate()
    ("null" as StaticString).withBytes { buffer.append($0) }
    needsComma = true
  }

  /// A number: whole values without a fraction (`900`), others in Swift's shortest form (`1.5`).
  func number(_ value: Double) {
    separate()
    var text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    text.withBytes { buffer.append($0) }
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

  /// Appends `text` quoted and escaped, straight into the buffer (`ByteCursor.putJSONString`).
  @inline(__always)
  private func appendQuoted(_ text: ByteView) {
    buffer.writing { cursor in
      cursor.reserve(ByteCursor.jsonStringRoom(text.count))
      cursor.putJSONString(text)
    }
  }
}

extension JSONWriter {
  /// A result as spec section 3 shows it: every key always present, `null` when absent; a
  /// `cancelled` result of `start` adds `reason` after `status`; `extra` writes keys of its
  /// own after `raw` (`start --confirm`'s confirmation), and `start`'s result always ends
  /// with its `warnings` (`[]` when none).
  func result(
    _ result: CheckoutResult, warnings: [String]? = nil, reason: String? = nil, extra: (JSONWriter) -> Void = { _ in }
  ) {
    beginObject()
    key("status")
    string(CheckoutStatus.literalName(result.status))
    if let reason = result.cancellationReason?.rawValue ?? reason {
      key("reason")
      string(reason)
    }
    key("paymentId")
    string(result.paymentId)
    key("subscriptionId")
    string(result.subscriptionId)
    key("licenseKeys")
    if let licenseKeys = result.licenseKeys {
      beginArray()
      for key in licenseKeys { string(key) }
      endArray()
    } else {
      null()
    }
    key("customerEmail")
    string(result.customerEmail)
    key("raw")
    beginObject()
    for parameter in result.parameters {
      key(named: parameter.name)
      string(parameter.value)
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
