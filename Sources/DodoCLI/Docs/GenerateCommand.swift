import DodoBytes

extension CommandSpec {
  /// `dodo __generate bash|zsh|fish|man-pages|man PAGE`: prints a completion script or a man
  /// page made from the command tree. Hidden: it is for scripts/generate-docs, not for people.
  static let generate: CommandSpec = CommandSpec(
    "__generate",
    abstract: "Print a completion script or a man page generated from the command tree.",
    arguments: [
      ArgumentSpec("kind", help: "What to print.", values: ["bash", "zsh", "fish", "man-pages", "man"]),
      ArgumentSpec("page", help: "The man page to print, e.g. dodo-start.1.", optional: true),
    ],
    hidden: true,
    handler: { invocation, context throws(CLIError) in
      let page = invocation.arguments.dropFirst().first
      switch invocation.arguments[0] {
      case let shell where CompletionCommand.shells.contains(shell):
        CompletionCommand.script(for: shell).withBytes { context.stdout.write($0) }
      case "man-pages": context.stdout.write(ManPages.all().map { $0.name + "\n" }.joined())
      default:
        guard let page, let text = ManPages.page(named: page) else {
          throw CLIError.usage("give one of the pages that 'dodo __generate man-pages' lists", command: invocation.path)
        }
        context.stdout.write(text)
      }
      return .success
    }
  )
}
