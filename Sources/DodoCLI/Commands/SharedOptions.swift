import DodoCheckout

/// Options that more than one command takes, declared once.
enum SharedOptions {
  static let returnURL = OptionSpec(
    "return-url", value: "URL",
    help: "The URL the checkout returns to (else the profile's).")

  /// What `start` and `validate` say about how a loopback return URL is kept from forged
  /// returns: the names of the parameters a return must echo, never their values.
  static func loopbackNote(_ url: ReturnURL) -> String? {
    guard url.loopback != nil else { return nil }
    let names = url.ownParameterNames
    guard !names.isEmpty else {
      return
        "no per-run secret: any local program can send it a status; add one such as ?state=RANDOM (see 'dodo help start')"
    }
    return "a return must carry \(quotedNames(names))"
  }

  /// The warning `start` and `validate` give for a custom-scheme return URL (`myapp://…`)
  /// without parameters of its own: any web page (after one click on the browser's "open
  /// this app?" prompt) and any local program can open the scheme, which runs
  /// `dodo handle-url` with a URL of their choice; only a per-run secret tells the real
  /// return from a forged one. Its values are never shown.
  static func customSchemeWarning(_ url: ReturnURL) -> String? {
    guard url.scheme != "http", url.scheme != "https", url.ownParameterNames.isEmpty else { return nil }
    return
      "the return URL \(TerminalText.escaped(url.redacted)) carries no per-run parameter: any web page or local "
      + "program can open the \(TerminalText.escaped(url.scheme)): scheme and hand 'dodo handle-url' a return of its "
      + "choosing; have your backend put a fresh ?state=RANDOM in each checkout session's return_url and pass the "
      + "same URL to dodo (see 'man dodo-start')"
  }

  private static func quotedNames(_ names: [String]) -> String {
    let quoted = names.map { "'\(TerminalText.escaped($0))'" }.joined(separator: ", ")
    return "its \(quoted) parameter\(names.count == 1 ? "" : "s") with the same value\(names.count == 1 ? "" : "s")"
  }
}
