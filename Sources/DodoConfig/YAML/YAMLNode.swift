/// A node of a parsed YAML document, with the place it starts in its file.
///
/// The config schema works on this tree rather than on libyaml's events so that every check
/// can point at the exact line and column of the text it is about.
struct YAMLNode: Sendable {
  enum Content: Sendable {
    /// A scalar's text and whether it was written plain (unquoted). Only plain scalars can be
    /// numbers, booleans or null: `timeout: "900"` is the text `900`, not a number.
    case scalar(String, plain: Bool)
    case sequence([YAMLNode])
    case mapping([YAMLEntry])
  }

  var content: Content
  var mark: YAMLMark

  /// What a person would call this node's type, for "expected X, found Y" messages.
  var kindDescription: String {
    switch content {
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    case .scalar(let text, let plain):
      guard plain else { return "a string" }
      if YAMLNode.isNull(text) { return "nothing (null)" }
      if text == "true" || text == "false" { return "a boolean" }
      if YAMLNode.number(text) != nil { return "a number" }
      return "a string"
    }
  }

  /// The YAML 1.2 core schema's spellings of null, which a plain scalar may use.
  static func isNull(_ text: String) -> Bool {
    text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
  }

  /// The value of a plain scalar written as a decimal integer or float (`900`, `1.5`, `2e3`),
  /// or `nil`. Hexadecimal, octal, `.inf` and `.nan` are not numbers of seconds, so they are
  /// not read here.
  static func number(_ text: String) -> Double? {
    var digits = 0
    var sawDot = false
    var sawExponent = false
    var previous: UInt8 = 0
    for (index, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard index == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else { return nil }
      case UInt8(ascii: "."):
        guard !sawDot, !sawExponent else { return nil }
        sawDot = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard !sawExponent, digits > 0 else { return nil }
        sawExponent = true
      default: return nil
      }
      previous = byte
    }
    guard digits > 0, previous != UInt8(ascii: "e"), previous != UInt8(ascii: "E"),
      previous != UInt8(ascii: "+"), previous != UInt8(ascii: "-")
    else { return nil }
    return Double(text)
  }
}

/// One `key: value` pair of a mapping. Keys are always scalars: the loader refuses others.
struct YAMLEntry: Sendable {
  var key: String
  var keyMark: YAMLMark
  var value: YAMLNode
}

/// A 1-based line and column in a file (columns count characters, as libyaml does).
struct YAMLMark: Sendable, Hashable {
  var line: Int
  var column: Int
}
