import DodoCheckout

extension DesktopURLHandler {
  /// The schemes of `returnURLs` that need a desktop URL handler, each once, in order, and
  /// the return URLs skipped: http and https need none (a loopback return is served by
  /// `dodo start` itself, and https belongs to the browser).
  package static func schemes(for returnURLs: [ReturnURL]) -> (schemes: [String], skipped: [ReturnURL]) {
    var schemes: [String] = []
    var skipped: [ReturnURL] = []
    for url in returnURLs where !schemes.contains(url.scheme) {
      if url.scheme == "http" || url.scheme == "https" {
        skipped.append(url)
      } else {
        schemes.append(url.scheme)
      }
    }
    return (schemes, skipped)
  }
}
