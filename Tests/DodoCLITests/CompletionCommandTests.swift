import DodoTestSupport
import Testing

@testable import DodoCLI

/// `dodo completion SHELL`: the committed script of that shell, on standard output.
@Suite struct CompletionCommandTests {
  @Test(arguments: [("bash", "completions/dodo"), ("zsh", "completions/_dodo"), ("fish", "completions/dodo.fish")])
  func printsTheCommittedScript(shell: String, file: String) throws {
    let committed = try #require(GeneratedDocsTests.committed(file))
    expectOutcome(try CommandRunner().run(["completion", shell]), status: 0, stdout: committed)
  }

  @Test func anUnknownShellIsAUsageErrorWithASuggestion() throws {
    expectSameText(
      try HelpSnapshotTests.run(["completion", "zhs"]),
      """
      $ dodo completion zhs
      [exit 64]
      --- stdout
      --- stderr
      Error: invalid value 'zhs' for <shell> (expected one of: bash, zsh, fish). Did you mean 'zsh'?
      Usage: dodo completion <shell>
        See 'dodo completion --help'.

      """)
  }

  @Test func noShellIsAUsageErrorListingTheShells() throws {
    expectSameText(
      try HelpSnapshotTests.run(["completion"]),
      """
      $ dodo completion
      [exit 64]
      --- stdout
      --- stderr
      Error: missing argument <shell> (one of: bash, zsh, fish)
      Usage: dodo completion <shell>
        See 'dodo completion --help'.

      """)
  }
}
