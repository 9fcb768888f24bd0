import DodoAccount
import DodoCheckout
import DodoNetwork

extension Context {
  /// Dodo's API for a command that uses it, from `apiAccess()`: the key (no key is a
  /// configuration error, 78, before anything opens or is sent), the mode, the base URL, the
  /// timeout, and the transport with its retries (GETs only).
  func dodoAPI(command: [String]) throws(CLIError) -> DodoAPI {
    try apiAccess(command: command).api
  }

  /// The API `settings` describe, its key resolved (`api_key_command` runs here).
  func dodoAPI(_ settings: APIAccessSettings) throws(CLIError) -> DodoAPI {
    try apiAccess(settings).api
  }

  /// The same API with every request paced to `rate` per second, the retries included.
  func paced(_ api: DodoAPI, rate: Double, clock: any PacingClock) -> DodoAPI {
    api.over(RetryingTransport(PacedTransport(transport, rate: rate, clock: clock), sleep: sleep))
  }

  /// Says which mode a command used, on standard error (with `--json` the output carries a
  /// `"mode"` key instead).
  func announceMode(_ api: DodoAPI) { announceMode(mode: api.mode, baseURL: api.baseURL) }

  func announceMode(mode: APIMode, baseURL: String) {
    guard !json else { return }
    stderr.write("Dodo Payments \(mode == .live ? "LIVE" : "test") mode (\(TerminalText.escaped(baseURL)))\n")
  }
}
