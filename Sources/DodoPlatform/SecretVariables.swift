/// The variables that hold dodo's secrets: the API key and the webhook secret. They reach the
/// HTTPS helper (over its pipe, not its environment), their own commands and plugins (which,
/// as gh's and git's extensions, get dodo's environment); never a browser command or one of
/// doctor's probes (`xdg-mime`, `xdg-settings`, `xdg-open`), which have no use for them.
package enum SecretVariables {
  package static let names: Set<String> = ["DODO_PAYMENTS_API_KEY", "DODO_PAYMENTS_WEBHOOK_KEY"]

  /// `environment` without them.
  package static func removed(from environment: [String: String]) -> [String: String] {
    environment.filter { !names.contains($0.key) }
  }
}
