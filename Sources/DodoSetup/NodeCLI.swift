/// Dodo Payments' own CLI (the npm package `dodopayments-cli`), which installs a `dodo` too,
/// and the same program as `dodopayments`. Someone who meant it gets told where it is.
package enum NodeCLI {
  package static let package = "dodopayments-cli"
  /// The names it installs: `dodo` (which this one may stand before on PATH) and this one.
  package static let secondName = "dodopayments"

  /// Its commands (its README, "Direct subcommands"), none of them one of this dodo's.
  package static let commands: Set<String> = [
    "login", "logout", "products", "payments", "customers", "discounts", "licences", "licenses", "addons",
    "refunds", "checkout", "wh", "init", "ai", "update",
  ]

  /// What to say when one of its commands, `name`, is typed to this dodo.
  package static func hint(for name: String) -> String {
    "'dodo \(name)' is a command of Dodo Payments' Node CLI (npm package \(package)), a different "
      + "program also named dodo; it installs itself as '\(secondName)' too: run '\(secondName) \(name)'"
  }
}
