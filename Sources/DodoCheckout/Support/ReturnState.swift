/// A per-run secret on a return URL: `dodo start --product` has Dodo return to the URL with
/// a fresh `state` parameter when it has no query of its own, so that a forged return,
/// which cannot know the value, cannot pass for this one.
package enum ReturnState {
  /// Whether `returnURL` needs a `state`: it has no query of its own (`?` alone is none, and
  /// a `?` inside the fragment, as in `myapp://r#a?b`, is part of the fragment).
  package static func isNeeded(_ returnURL: String) -> Bool {
    let beforeFragment = returnURL.prefix { $0 != "#" }
    guard let mark = beforeFragment.firstIndex(of: "?") else { return true }
    return beforeFragment.index(after: mark) == beforeFragment.endIndex
  }

  /// `returnURL` with `state=` and `random` in unpadded base64url before its fragment.
  package static func adding(to returnURL: String, random: [UInt8]) -> String {
    adding("state=" + base64URL(random), to: returnURL)
  }

  /// `returnURL` with `parameter` added to its query, before its fragment.
  package static func adding(_ parameter: String, to returnURL: String) -> String {
    let fragment = returnURL.firstIndex(of: "#") ?? returnURL.endIndex
    var base = String(returnURL[..<fragment])
    if !base.contains("?") {
      base += "?"
    } else if !base.hasSuffix("?"), !base.hasSuffix("&") {
      base += "&"
    }
    return base + parameter + returnURL[fragment...]
  }

  /// `bytes` in base64url (RFC 4648 §5) without padding: safe in a query as it is.
  package static func base64URL(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    var out = ""
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var word: UInt32 = 0
      for (offset, byte) in chunk.enumerated() { word |= UInt32(byte) << (16 - 8 * offset) }
      for position in 0...chunk.count { out.append(alphabet[Int((word >> (18 - 6 * position)) & 63)]) }
      index += 3
    }
    return out
  }
}
