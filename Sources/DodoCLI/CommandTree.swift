/// The one command tree: parsing, help, completion scripts and man pages all read it.
enum CommandTree {
  static let root: CommandSpec = CommandSpec(
    "dodo",
    abstract: "Run and decode Dodo Payments hosted checkouts from the shell.",
    overview:
      "It opens a hosted checkout in the browser, waits for the return URL and prints the result; it also decodes return URLs for support staff.",
    discussion: """
      dodo opens a Dodo Payments hosted checkout in the browser, waits for it to come back to \
      the return URL, and turns that URL into a result (succeeded, failed, cancelled, pending \
      or expired), as the official iOS SDK does. It also decodes return URLs for support staff \
      and keeps a record of checkouts whose outcome is not known yet.

      With --json, standard output carries only JSON, and an error is \
      {"error":{"code":…,"message":…}} on standard error, its code one of INVALID_CHECKOUT_URL, \
      INVALID_RETURN_URL, ALREADY_IN_PROGRESS, PLATFORM_ERROR, API_ERROR, USAGE_ERROR, \
      CONFIG_ERROR and UNKNOWN_COMMAND.

      API_ERROR (exit 24) means Dodo's API refused or failed (after retries), or could not be \
      reached; its object also carries "httpStatus", the HTTP status Dodo answered with, or null \
      when no answer came, and "dodoCode", the code of Dodo's error body (such as \
      INVALID_DISCOUNT_CODE), or null: \
      {"error":{"code":"API_ERROR","httpStatus":422,"dodoCode":"INVALID_DISCOUNT_CODE","message":…}}. The \
      commands that use the API (checkout create, start --product or --confirm, confirm, \
      abandoned reconcile) take the key from $DODO_PAYMENTS_API_KEY and use test mode unless \
      live mode is asked for; each says which mode it used. dodo license calls Dodo's public \
      license endpoints, in the same mode and at the same base URL, and never sends them the key.

      Text from outside that dodo prints for a person (a return URL's fields and path, profile \
      names, settings' values, file paths, plugin names, a browser command that failed, every \
      warning and error) shows each control, bidirectional and line-separator character as a \
      visible escape (\\x1b, \\n, \\u202e), so that it cannot drive the terminal; JSON output \
      carries the exact text.

      Output that cannot be written (a full disk, standard output closed with >&-) is an \
      error: a command that would have exited 0 or 1 exits 23 instead, never 0 with its \
      output lost. start is the exception, since its exit status is the checkout's outcome \
      (see dodo-start(1)).
      """,
    subcommands: [
      .start, .checkout, .confirm, .handleURL, .abandoned, .license, .urlHandler, .explainStatus, .validate, .webhook,
      .config,
      .doctor, .completion, .help, .generate,
    ],
    examples: [
      .init(
        "dodo explain-status 'myapp://checkout/return?status=succeeded&payment_id=pay_1'",
        "Decode a customer's return URL.")
    ]
  )

  /// The command at `path` (starting with `dodo`), or `nil`.
  static func command(at path: [String]) -> CommandSpec? {
    guard path.first == root.name else { return nil }
    var command = root
    for name in path.dropFirst() {
      guard let next = command.subcommand(named: name) else { return nil }
      command = next
    }
    return command
  }

  /// Every command below the root with its path, depth first, for documentation and tests.
  static func allCommands() -> [(path: [String], command: CommandSpec)] {
    func walk(_ path: [String], _ command: CommandSpec) -> [(path: [String], command: CommandSpec)] {
      command.subcommands.flatMap { sub in [(path + [sub.name], sub)] + walk(path + [sub.name], sub) }
    }
    return walk([root.name], root)
  }
}
