import Testing

@testable import DodoCLI

/// Help is short, like swift-argument-parser's: at most 45 lines, the usage within the first
/// five, and the last line naming the man page that has the rest.
@Suite struct HelpLengthTests {
  static let commands: [[String]] = [[]] + CommandTree.allCommands().map { Array($0.path.dropFirst()) }

  @Test(
    "every command's --help and 'dodo help COMMAND' is at most 45 lines, USAGE in the first five", arguments: commands)
  func short(words: [String]) throws {
    for arguments in [words + ["--help"], ["help"] + words] {
      let output = try CommandRunner().run(arguments)
      #expect(output.status == 0, "\(arguments)")
      let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(lines.count <= HelpFormatter.maximumLines, "dodo \(arguments): \(lines.count) lines")
      #expect(
        lines.prefix(5).contains { $0.hasPrefix("USAGE: ") }, "dodo \(arguments): USAGE not in the first five lines")
      #expect(lines.first?.hasPrefix("OVERVIEW: ") == true, "dodo \(arguments)")
      #expect(lines.last?.hasPrefix("See ") == true, "dodo \(arguments): \(lines.last ?? "")")
      // An example's command line is as long as it is; the rest is wrapped at 80 columns.
      let long = lines.filter { $0.count > HelpFormatter.width && !$0.hasPrefix("  dodo ") }
      #expect(long.isEmpty, "dodo \(arguments): lines over 80 columns: \(long)")
    }
  }

  @Test("a command's help points to its own man page, which keeps the whole discussion")
  func manPageKeepsDiscussion() throws {
    for (path, command) in CommandTree.allCommands() where path.count == 2 && !command.isHidden {
      let help = HelpFormatter.help(path, command)
      #expect(help.hasSuffix("See 'man dodo-\(command.name)' for the full description.\n"))
      let page = try #require(ManPages.page(named: "dodo-\(command.name).1"))
      let firstWords = command.discussion.split(separator: " ").prefix(3).joined(separator: " ")
      #expect(command.discussion.isEmpty || page.contains(Roff.escape(firstWords)), "dodo-\(command.name)(1)")
    }
  }
}
