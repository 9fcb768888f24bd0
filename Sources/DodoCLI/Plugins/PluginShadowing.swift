import DodoSetup

extension Plugin {
  /// A built-in command of the same name always runs instead: built-ins are never shadowed.
  var isShadowed: Bool { Self.isBuiltIn(name) }

  static func isBuiltIn(_ name: String) -> Bool { CommandTree.root.subcommand(named: name) != nil }

  /// The plugin `dodo NAME` runs; `nil` for a built-in name (or no such plugin).
  static func find(_ name: String, environment: [String: String]) -> Plugin? {
    isBuiltIn(name) ? nil : find(named: name, environment: environment)
  }
}
