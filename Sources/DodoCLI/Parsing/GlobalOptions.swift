/// The options every command takes, before or after its name.
enum GlobalOptions {
  static let config = OptionSpec(
    "config", value: "FILE", completion: .file, help: "Read only FILE, not DODO_CONFIG nor the XDG config files.")
  static let profile = OptionSpec(
    "profile", value: "NAME", completion: .profile,
    help: "Use the configuration profile NAME (overrides DODO_PROFILE and default_profile).")
  static let json = OptionSpec(
    "json", help: "Write JSON to standard output, and errors as JSON to standard error.")
  static let noColor = OptionSpec(
    "no-color", help: "Never colour the output (also when NO_COLOR is set, or not on a terminal).")
  static let verbose = OptionSpec(
    "verbose",
    help:
      "Say more on standard error: the runtime directory used when XDG_RUNTIME_DIR is not set; with --json, the browser's own output."
  )
  static let mode = OptionSpec(
    "mode", values: ["test", "live"],
    help: "Use Dodo's test or live mode for API calls (overrides DODO_PAYMENTS_ENVIRONMENT and the profile's mode).")
  static let apiTimeout = OptionSpec(
    "api-timeout", value: "SECONDS", help: "Give up on an API request after SECONDS (default 30).")
  static let help = OptionSpec("help", short: "h", help: "Show help for the command.")

  static let all = [config, profile, json, noColor, verbose, mode, apiTimeout, help]
  /// `dodo --version`: only before any command, so it is not in `all`.
  static let version = OptionSpec("version", help: "Print the version of dodo.")
}
