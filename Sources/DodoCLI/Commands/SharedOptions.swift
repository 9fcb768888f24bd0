import DodoCheckout

/// Options that more than one command takes, declared once.
enum SharedOptions {
  static let returnURL = OptionSpec(
    "return-url", value: "URL",
    help: "The URL the checkout returns to (overrides DODO_RETURN_URL and the profile's return_url).")

  /// What `start` and `validate` say about how a loopback return URL is kept from forged
  /// returns: the names of the parameters a return must echo, never their values.
  static func loopbackNote(_ url: ReturnURL) -> String? {
    guard url.loopback != nil else { return nil }
    let names = url.ownParameterNames
    guard !names.isEmpty else {
      return
        "no per-run secret: any local program can send it a status; add one such as ?state=RANDOM (see 'dodo help start')"
    }
    let quoted = names.map { "'\(TerminalText.escaped($0))'" }.joined(separator: ", ")
    return
      "a return must carry its \(quoted) parameter\(names.count == 1 ? "" : "s") with the same value\(names.count == 1 ? "" : "s")"
  }
}
