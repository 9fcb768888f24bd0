/// What `dodo start` and `dodo validate` say about how a return URL is kept from forged
/// returns. The texts hold the URL's scheme and parameter names as they are: whoever prints
/// them escapes them.
extension ReturnURL {
  /// For a loopback return URL, what a return must carry: the names of the URL's own
  /// parameters, never their values; or that it has no per-run secret. `nil` for any other URL.
  package var loopbackNote: String? {
    guard loopback != nil else { return nil }
    let names = ownParameterNames
    guard !names.isEmpty else {
      return
        "no per-run secret: any local program can send it a status; add one such as ?state=RANDOM (see 'dodo help start')"
    }
    let quoted = names.map { "'\($0)'" }.joined(separator: ", ")
    return "a return must carry its \(quoted) parameter\(names.count == 1 ? "" : "s") with the same value"
      + (names.count == 1 ? "" : "s")
  }

  /// For a custom-scheme return URL (`myapp://…`) without parameters of its own: any web
  /// page (after one click on the browser's "open this app?" prompt) and any local program
  /// can open the scheme, which runs `dodo handle-url` with a URL of their choice; only a
  /// per-run secret tells the real return from a forged one. Its values are never shown.
  package var customSchemeWarning: String? {
    guard scheme != "http", scheme != "https", ownParameterNames.isEmpty else { return nil }
    return
      "the return URL \(redacted) carries no per-run parameter: any web page or local "
      + "program can open the \(scheme): scheme and hand 'dodo handle-url' a return of its "
      + "choosing; have your backend put a fresh ?state=RANDOM in each checkout session's return_url and pass the "
      + "same URL to dodo (see 'man dodo-start')"
  }
}
