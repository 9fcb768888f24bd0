import DodoBytes

/// An input with its customer's email and license keys hidden (`dodo explain-status
/// --redact`) before it is read, so that every place it shows shows the hidden form only.
///
/// An email keeps its first character and its domain (`a***@example.com`); anything else
/// hidden becomes `[redacted]`. Names are matched decoded and ignoring case, by their ending
/// (`email`, `license_key`), after any `?`, `&`, `;` or `#`, and a value runs to the next `&`
/// or `#` as the reader splits it: hiding too much is the safe way to be wrong.
public enum InputRedaction {
  /// `input` with the values hidden.
  public static func redacted(_ input: String) -> String {
    var input = input
    return input.withBytes { bytes in redacted(bytes).map { String(decoding: $0, as: UTF8.self) } } ?? input
  }

  /// `input` with the values hidden; `nil` when it holds none, so the input is used as it is.
  package static func redacted(_ input: ByteView) -> [UInt8]? {
    // The <…> or quotes around an input are kept as they are, not taken for part of a value.
    let end = ReturnInput.unwrappedEnd(input)
    var out: [UInt8]?
    var copied = 0
    var i = 0
    while i < end {
      let start = i
      var nameEnd = start
      while nameEnd < end, !isDelimiter(input[nameEnd]), input[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
      // Where the reader ends this value: the next `&`, or the end of the query at `#`.
      var valueEnd = nameEnd
      while valueEnd < end, input[valueEnd] != UInt8(ascii: "&"), input[valueEnd] != UInt8(ascii: "#") {
        valueEnd += 1
      }
      if nameEnd < end, input[nameEnd] == UInt8(ascii: "="), nameEnd + 1 < valueEnd {
        let name = PercentDecoding.bytes(input.view(start..<nameEnd))
        let value = input.view((nameEnd + 1)..<valueEnd)
        let hidden: [UInt8]? =
          endsWith(name, "email") ? hiddenEmail(value) : endsWith(name, "license_key") ? Array("[redacted]".utf8) : nil
        if let hidden {
          out = (out ?? []) + Array(input[copied...nameEnd]) + hidden
          copied = valueEnd
          i = valueEnd + 1
          continue
        }
      }
      // Not a hidden parameter: the next name may start after any delimiter, inside this
      // parameter's value too.
      var next = nameEnd
      while next < end, !isDelimiter(input[next]) { next += 1 }
      i = next + 1
    }
    guard var out else { return nil }
    out += input[copied...]
    return out
  }

  private static func isDelimiter(_ c: UInt8) -> Bool {
    c == UInt8(ascii: "?") || c == UInt8(ascii: "&") || c == UInt8(ascii: ";") || c == UInt8(ascii: "#")
  }

  /// Whether `name` ends with the lower-case ASCII `suffix`, compared ignoring case.
  private static func endsWith(_ name: [UInt8], _ suffix: StaticString) -> Bool {
    name.count >= suffix.utf8CodeUnitCount
      && name.withBytes { $0.view(($0.count - suffix.utf8CodeUnitCount)..<$0.count).hasPrefixIgnoringCase(suffix) }
  }

  /// `a***` and the domain after the last `@` (or `%40`), as it is written; `[redacted]`
  /// when there is no `@`, nothing before it, or a domain that is not a plain host name.
  private static func hiddenEmail(_ value: ByteView) -> [UInt8] {
    var at: (index: Int, length: Int)?
    for i in value.indices.reversed() {
      if value[i] == UInt8(ascii: "@") {
        at = (i, 1)
        break
      }
      if i + 2 < value.count, value[i] == UInt8(ascii: "%"), value[i + 1] == UInt8(ascii: "4"),
        value[i + 2] == UInt8(ascii: "0")
      {
        at = (i, 3)
        break
      }
    }
    guard let at, at.index > 0, value[(at.index + at.length)...].allSatisfy(isHostCharacter) else {
      return Array("[redacted]".utf8)
    }
    let first = value[0]
    return [ByteClass.isAlphanumeric(first) ? first : UInt8(ascii: "*")] + Array("***".utf8)
      + Array(value[at.index...])
  }

  /// A letter, digit, `.`, `-` or `_`: what a domain shown as it is may hold.
  private static func isHostCharacter(_ c: UInt8) -> Bool {
    ByteClass.isAlphanumeric(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
  }

}
