import DodoCheckout

/// Options that more than one command takes, declared once.
enum SharedOptions {
  static let returnURL = OptionSpec(
    "return-url", value: "URL",
    help: "The URL the checkout returns to (overrides DODO_RETURN_URL and the profile's return_url).")

  /// The return URL as `dodo start` would use it: valid (spec 1.2), and a loopback one with
  /// a port to listen on. `start` and `validate` both check it here, so they agree.
  static func startReturnURL(_ string: String) throws(CheckoutError) -> ReturnURL {
    let url = try ReturnURL(string)
    if url.lacksLoopbackPort {
      throw .invalidReturnUrl(
        "a loopback return URL needs a port for dodo start to listen on (http://127.0.0.1:PORT/…, not 0); put it in the checkout session's return_url"
      )
    }
    return url
  }

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
