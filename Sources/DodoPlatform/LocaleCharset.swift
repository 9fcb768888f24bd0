/// The character set of the user's locale, read from the environment as setlocale(3) would:
/// the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty; none is the C
/// locale, which is ASCII.
package enum LocaleCharset {
  /// Whether that locale's codeset is UTF-8 (`en_US.UTF-8`, `C.utf8`, or macOS's bare `UTF-8`).
  package static func isUTF8(_ environment: [String: String]) -> Bool {
    guard
      let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
    else { return false }
    let codeset = locale.lowercased().split(separator: "@").first ?? ""
    return codeset.hasSuffix("utf-8") || codeset.hasSuffix("utf8")
  }
}
