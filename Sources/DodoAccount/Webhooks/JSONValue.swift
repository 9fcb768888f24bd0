/// A JSON value that keeps what re-serializing must not change: the order of an object's
/// keys and a number's text as written. Webhook bodies are built, edited (`--set`) and
/// reformatted (the diagnosis of a failed verification) with it.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// The number as written (`1999`, `-0.5e3`): never rounded through a `Double`.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in their order; a repeated key is kept as it came.
  case object([Member])

  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue
    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// How `serialized` lays a value out.
  public enum Layout: Sendable, Hashable {
    /// No white space: `{"a":1,"b":[1,2]}`, as JavaScript's `JSON.stringify` writes.
    case compact
    /// A space after `:` and `,`: `{"a": 1, "b": [1, 2]}`, as Python's `json.dumps` writes.
    case spaced
    /// One member per line, indented by two spaces, as `JSON.stringify(value, null, 2)` writes.
    case indented
  }

  /// The member `key` of an object (the first, when repeated).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The string, when this is one.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The value as JSON text in `layout`.
  public func serialized(_ layout: Layout = .compact) -> [UInt8] {
    var output: [UInt8] = []
    write(to: &output, layout: layout, depth: 0)
    return output
  }

  private func write(to output: inout [UInt8], layout: Layout, depth: Int) {
    switch self {
    case .null: output += Array("null".utf8)
    case .bool(let value): output += Array((value ? "true" : "false").utf8)
    case .number(let text): output += Array(text.utf8)
    case .string(let text): Self.writeString(text, to: &output)
    case .array(let elements):
      writeContainer(elements, open: "[", close: "]", to: &output, layout: layout, depth: depth) { element, output in
        element.write(to: &output, layout: layout, depth: depth + 1)
      }
    case .object(let members):
      writeContainer(members, open: "{", close: "}", to: &output, layout: layout, depth: depth) { member, output in
        Self.writeString(member.key, to: &output)
        output += layout == .compact ? [UInt8(ascii: ":")] : Array(": ".utf8)
        member.value.write(to: &output, layout: layout, depth: depth + 1)
      }
    }
  }

  private func writeContainer<Element>(
    _ elements: [Element], open: Unicode.Scalar, close: Unicode.Scalar, to output: inout [UInt8], layout: Layout,
    depth: Int, _ writeElement: (Element, inout [UInt8]) -> Void
  ) {
    output.append(UInt8(ascii: open))
    let indent = { (level: Int) in [UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: 2 * level) }
    for (index, element) in elements.enumerated() {
      if index > 0 { output += layout == .spaced ? Array(", ".utf8) : [UInt8(ascii: ",")] }
      if layout == .indented { output += indent(depth + 1) }
      writeElement(element, &output)
    }
    if layout == .indented, !elements.isEmpty { output += indent(depth) }
    output.append(UInt8(ascii: close))
  }

  /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`.
  static func writeString(_ text: String, to output: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
      case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
      case UInt8(ascii: "\n"): output += Array(#"\n"#.utf8)
      case UInt8(ascii: "\r"): output += Array(#"\r"#.utf8)
      case UInt8(ascii: "\t"): output += Array(#"\t"#.utf8)
      case 0..<0x20: output += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}

extension JSONValue {
  /// Parses `bytes` as one JSON value (white space around it allowed); `nil` when it is not
  /// JSON, or nests deeper than `maximumDepth`.
  public init?(parsing bytes: some Collection<UInt8>) {
    var parser = JSONParser(bytes: Array(bytes))
    guard let value = parser.parseDocument() else { return nil }
    self = value
  }
}

/// A recursive-descent JSON parser (RFC 8259), bounded in depth so that hostile input cannot
/// exhaust the stack.
struct JSONParser {
  static let maximumDepth = 256
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func parseDocument() -> JSONValue? {
    guard let value = parseValue(depth: 0) else { return nil }
    skipWhiteSpace()
    return index == bytes.count ? value : nil
  }

  private mutating func skipWhiteSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private mutating func consume(_ literal: String) -> Bool {
    let literal = Array(literal.utf8)
    guard bytes.count - index >= literal.count, Array(bytes[index..<index + literal.count]) == literal else {
      return false
    }
    index += literal.count
    return true
  }

  private mutating func parseValue(depth: Int) -> JSONValue? {
    guard depth < Self.maximumDepth else { return nil }
    skipWhiteSpace()
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "n"): return consume("null") ? .null : nil
    case UInt8(ascii: "t"): return consume("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return consume("false") ? .bool(false) : nil
    case UInt8(ascii: "\""): return parseString().map(JSONValue.string)
    case UInt8(ascii: "["): return parseArray(depth: depth)
    case UInt8(ascii: "{"): return parseObject(depth: depth)
    default: return parseNumber().map(JSONValue.number)
    }
  }

  private mutating func parseArray(depth: Int) -> JSONValue? {
    index += 1
    var elements: [JSONValue] = []
    skipWhiteSpace()
    if consume("]") { return .array(elements) }
    while true {
      guard let element = parseValue(depth: depth + 1) else { return nil }
      elements.append(element)
      skipWhiteSpace()
      if consume("]") { return .array(elements) }
      guard consume(",") else { return nil }
    }
  }

  private mutating func parseObject(depth: Int) -> JSONValue? {
    index += 1
    var members: [JSONValue.Member] = []
    skipWhiteSpace()
    if consume("}") { return .object(members) }
    while true {
      skipWhiteSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
      skipWhiteSpace()
      guard consume(":"), let value = parseValue(depth: depth + 1) else { return nil }
      members.append(.init(key, value))
      skipWhiteSpace()
      if consume("}") { return .object(members) }
      guard consume(",") else { return nil }
    }
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as written.
  private mutating func parseNumber() -> String? {
    let start = index
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    func digits() -> Bool {
      let first = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      return index > first
    }
    _ = consume("-")
    if consume("0") {
      if index < bytes.count, isDigit(bytes[index]) { return nil }
    } else if !digits() {
      return nil
    }
    if consume("."), !digits() { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if !consume("+") { _ = consume("-") }
      guard digits() else { return nil }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// A string's value; escapes decoded, surrogate pairs joined, invalid UTF-8 refused.
  private mutating func parseString() -> String? {
    index += 1
    var scalars = String.UnicodeScalarView()
    var chunkStart = index
    func flush(_ end: Int) -> Bool {
      guard chunkStart < end else { return true }
      var decoder = UTF8()
      var iterator = bytes[chunkStart..<end].makeIterator()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar)
        case .emptyInput: return true
        case .error: return false
        }
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard flush(index) else { return nil }
        index += 1
        return String(scalars)
      }
      guard byte >= 0x20 else { return nil }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      guard flush(index), index + 1 < bytes.count else { return nil }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        guard let scalar = parseUnicodeEscape() else { return nil }
        scalars.append(scalar)
      default: return nil
      }
      chunkStart = index
    }
    return nil
  }

  /// The `XXXX` after `\u`, joined with a following `\uXXXX` low surrogate when it is a high one.
  private mutating func parseUnicodeEscape() -> Unicode.Scalar? {
    func hex4() -> UInt32? {
      guard bytes.count - index >= 4 else { return nil }
      var value: UInt32 = 0
      for byte in bytes[index..<index + 4] {
        guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
        value = value << 4 | UInt32(digit)
      }
      index += 4
      return value
    }
    guard let high = hex4() else { return nil }
    if (0xD800..<0xDC00).contains(high) {
      guard consume("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }
    return Unicode.Scalar(high)
  }
}
