/// The one command tree: parsing, help, completion scripts and man pages all read it.
package enum CommandTree {
  package static let root: CommandSpec = CommandSpec(
    "dodo",
    abstract: "Run and decode Dodo Payments hosted checkouts from the shell.",
    discussion: """
      dodo opens a Dodo Payments hosted checkout in the browser, waits for it to come back to \
      the return URL, and turns that URL into a result (succeeded, failed, cancelled, pending \
      or expired), as the official iOS SDK does. It also decodes return URLs for support staff \
      and keeps a record of checkouts whose outcome is not known yet.

      With --json, standard output carries only JSON, and an error is \
      {"error":{"code":…,"message":…}} on standard error, its code one of INVALID_CHECKOUT_URL, \
      INVALID_RETURN_URL, ALREADY_IN_PROGRESS, PLATFORM_ERROR, USAGE_ERROR, CONFIG_ERROR and \
      UNKNOWN_COMMAND.
      """,
    subcommands: [
      .start, .handleURL, .abandoned, .urlHandler, .explainStatus, .validate, .webhook, .config, .completion, .help,
      .generate,
    ],
    examples: [
      .init(
        "dodo explain-status 'myapp://checkout/return?status=succeeded&payment_id=pay_1'",
        "Decode a customer's return URL.")
    ]
  )

  /// The command at `path` (starting with `dodo`), or `nil`.
  package static func command(at path: [String]) -> CommandSpec? {
    guard path.first == root.name else { return nil }
    var command = root
    for name in path.dropFirst() {
      guard let next = command.subcommand(named: name) else { return nil }
      command = next
    }
    return command
  }

  /// Every command below the root with its path, depth first, for documentation and tests.
  package static func allCommands() -> [(path: [String], command: CommandSpec)] {
    func walk(_ path: [String], _ command: CommandSpec) -> [(path: [String], command: CommandSpec)] {
      command.subcommands.flatMap { sub in [(path + [sub.name], sub)] + walk(path + [sub.name], sub) }
    }
    return walk([root.name], root)
  }
}
