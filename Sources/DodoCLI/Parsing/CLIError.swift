import DodoAccount
import DodoCheckout
import DodoConfig

/// Why a command stopped before its work was done; each case has its exit status and, for
/// `--json`, its error code. Every command handler throws this type and only this type
/// (`CommandHandler`), so `Dodo.main` reports each failure in the form its case calls for.
enum CLIError: Error, CustomStringConvertible {
  /// The command line is wrong: printed with the command's usage line and a hint.
  case usage(String, command: [String])
  /// No such command, built in or plugin; `hint`: a sentence on what the user may have meant
  /// (another program's command).
  case unknownCommand(String, suggestion: String?, hint: String? = nil)
  /// A configuration file or profile that cannot be used, at its file, line and column
  /// when it is in a file.
  case configuration(ConfigError)
  case checkout(CheckoutError)
  /// Dodo's API refused or failed (after retries), or could not be reached: exit 24,
  /// `API_ERROR`, with the HTTP status when one came.
  case api(DodoAPIError)

  var exitStatus: ExitStatus {
    switch self {
    case .usage: .usage
    case .unknownCommand: .unknownCommand
    case .configuration: .configuration
    case .checkout(let error): ExitStatus(error.code)
    case .api: .apiError
    }
  }

  /// The `code` of the `--json` error object: the checkout codes of spec section 1.5, and
  /// four of `dodo`'s own for the errors that are not about a checkout.
  var code: String {
    switch self {
    case .usage: "USAGE_ERROR"
    case .unknownCommand: "UNKNOWN_COMMAND"
    case .configuration: "CONFIG_ERROR"
    case .checkout(let error): error.code.rawValue
    case .api: "API_ERROR"
    }
  }

  var message: String {
    switch self {
    case .usage(let message, _): message
    case .unknownCommand(let name, let suggestion, let hint):
      "unknown command '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        + (hint.map { ". " + $0 } ?? "")
    case .configuration(let error): error.located
    case .checkout(let error): error.message
    case .api(let error): error.message
    }
  }

  /// The message and the code, as `CheckoutError` prints itself: `unknown option '--x' (USAGE_ERROR)`.
  var description: String { "\(message) (\(code))" }
}
