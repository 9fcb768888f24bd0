import DodoAccount
import DodoConfig

extension Context {
  /// Dodo's API for a command that uses it: the key from `$DODO_PAYMENTS_API_KEY`, the mode
  /// from `$DODO_PAYMENTS_ENVIRONMENT` (`test_mode`|`live_mode`; test when unset), the base URL
  /// from `$DODO_PAYMENTS_BASE_URL` when set. No key is a configuration error (78), raised
  /// before anything opens or is sent.
  func dodoAPI() throws(CLIError) -> DodoAPI {
    guard let key = environment["DODO_PAYMENTS_API_KEY"], !key.isEmpty else {
      throw CLIError.configuration(
        ConfigError(
          path: nil,
          message:
            "no Dodo Payments API key: set DODO_PAYMENTS_API_KEY, or api_key_command in the profile (a command that prints it)"
        ))
    }
    let mode: DodoMode
    switch environment["DODO_PAYMENTS_ENVIRONMENT"] ?? "" {
    case "", "test_mode": mode = .test
    case "live_mode": mode = .live
    case let other:
      throw CLIError.configuration(
        ConfigError(
          path: nil,
          message:
            "DODO_PAYMENTS_ENVIRONMENT is '\(TerminalText.escaped(other))'; expected test_mode or live_mode"))
    }
    let base = environment["DODO_PAYMENTS_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    return DodoAPI(transport: transport ?? MissingTransport(), apiKey: key, mode: mode, baseURL: base)
  }

  /// Says which mode a command used, on standard error (with `--json` the output carries a
  /// `"mode"` key instead).
  func announceMode(_ api: DodoAPI) {
    guard !json else { return }
    stderr.write("Dodo Payments \(api.mode == .live ? "LIVE" : "test") mode (\(TerminalText.escaped(api.baseURL)))\n")
  }
}

/// The transport when no helper program is known: every request fails with what to do.
struct MissingTransport: HTTPTransport {
  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    throw TransportError(.unavailable, "the HTTPS helper is not available in this build of dodo")
  }
}
