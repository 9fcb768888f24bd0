@_spi(Scanning) import DodoCheckout

/// `explain-status --redact`: an input with its customer's email and license keys hidden,
/// before it is read, so that every place it shows (the echoed input, the fields, `raw`)
/// shows the hidden form and nothing else.
///
/// An email keeps its first character and its domain (`a***@example.com`), which tells
/// support staff which customer it is likely about without giving the address away; one with
/// no `@` and every license key become `[redacted]`. A parameter is found by its name
/// percent-decoded (`em%61il` too) after any `?`, `&`, `;` or `#`, so a fragment or `&amp;`
/// hides no value: hiding too much is the safe way to be wrong.
enum ExplainRedaction {
  /// `input` with the values hidden; `nil` when it holds none, so the input is used as it is.
  static func redacted(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    // The <…> or quotes around an input are kept as they are, not taken for part of a value.
    var ignored: ExplainWarnings = []
    let inner = ExplainInput.unwrapped(input, &ignored)
    guard let base = input.baseAddress, let innerBase = inner.baseAddress else { return nil }
    let end = base.distance(to: innerBase) + inner.count
    var out: [UInt8]?
    var copied = 0
    var i = 0
    while i < end {
      let start = i
      var nameEnd = start
      while nameEnd < end, !isDelimiter(input[nameEnd]), input[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
      var next = nameEnd
      while next < end, !isDelimiter(input[next]) { next += 1 }
      if nameEnd < end, input[nameEnd] == UInt8(ascii: "="), nameEnd + 1 < next {
        let name = decoded(UnsafeBufferPointer(rebasing: input[start..<nameEnd]))
        let value = UnsafeBufferPointer(rebasing: input[(nameEnd + 1)..<next])
        let hidden: [UInt8]? =
          name == Array("email".utf8)
          ? hiddenEmail(value) : name == Array("license_key".utf8) ? Array("[redacted]".utf8) : nil
        if let hidden {
          out = (out ?? []) + Array(input[copied...nameEnd]) + hidden
          copied = next
        }
      }
      i = next + 1
    }
    guard var out else { return nil }
    out += input[copied...]
    return out
  }

  private static func isDelimiter(_ c: UInt8) -> Bool {
    c == UInt8(ascii: "?") || c == UInt8(ascii: "&") || c == UInt8(ascii: ";") || c == UInt8(ascii: "#")
  }

  /// `a***` and the domain after the last `@` (or `%40`), as it is written; `[redacted]`
  /// when there is no `@` or nothing before it.
  private static func hiddenEmail(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8] {
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
    guard let at, at.index > 0 else { return Array("[redacted]".utf8) }
    let first = value[0]
    let isAlphanumeric =
      ((first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z"))
      || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    return [isAlphanumeric ? first : UInt8(ascii: "*")] + Array("***".utf8) + Array(value[at.index...])
  }

  /// A parameter name with its `%XX` escapes decoded (`+` stays, as the SDK reads names).
  private static func decoded(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: name.count) { buffer, count in
      count = PercentDecoding.decode(name, into: buffer)
    }
  }
}
