import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// The committed completion scripts and man pages are what the command tree generates now.
@Suite struct GeneratedDocsTests {
  static func committed(_ path: String) -> String? {
    try? String(contentsOf: Repository.url(path), encoding: .utf8)
  }

  static let scripts: [(file: String, generate: @Sendable () -> String)] = [
    ("completions/dodo", { BashCompletion.script() }),
    ("completions/_dodo", { ZshCompletion.script() }),
    ("completions/dodo.fish", { FishCompletion.script() }),
  ]

  @Test(arguments: scripts.map(\.file))
  func committedCompletionScriptIsUpToDate(file: String) {
    let generated = Self.scripts.first { $0.file == file }!.generate()
    expectSameText(
      generated, Self.committed(file), "\(file) is out of date: run scripts/generate-docs and commit the result")
  }

  /// Where a page is committed: `man/man1/dodo.1`, `man/man5/dodo-config.5`, as man(1) looks.
  static func manPath(_ name: String) -> String {
    "man/man\(name.split(separator: ".").last ?? "")/\(name)"
  }

  @Test func committedManPagesAreUpToDate() throws {
    let pages = ManPages.all()
    for page in pages {
      expectSameText(
        page.text, Self.committed(Self.manPath(page.name)),
        "\(Self.manPath(page.name)) is out of date: run scripts/generate-docs and commit the result")
    }
    let onDisk = try ["man", "man/man1", "man/man5"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: Repository.url(folder).path)
        .filter { $0.hasSuffix(".1") || $0.hasSuffix(".5") }.map { folder + "/" + $0 }
    }
    #expect(
      Set(onDisk) == Set(pages.map { Self.manPath($0.name) }),
      "man/ has pages of commands that no longer exist, or pages outside man1/ and man5/: run scripts/generate-docs")
  }

  /// troff reads a page in the locale's encoding: with LANG unset (the C locale) a raw `…`
  /// warns and prints as garbage, so every page is ASCII, other characters as `\[uXXXX]`.
  @Test(arguments: ManPages.all().map(\.name))
  func everyPageIsASCII(name: String) throws {
    let text = try #require(ManPages.page(named: name))
    let lines = text.split(separator: "\n").filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
    #expect(lines.isEmpty, "\(name) has characters beyond ASCII: \(lines.prefix(3))")
  }

  @Test func thereIsAPagePerVisibleCommandAndTheFileFormat() {
    let names = Set(ManPages.all().map(\.name))
    let expected = ["dodo.1", "dodo-config.5"] + CommandTree.root.visibleSubcommands.map { "dodo-\($0.name).1" }
    #expect(names == Set(expected))
    #expect(!names.contains { $0.contains("__") })
  }

  @Test(arguments: ManPages.all().map(\.name))
  func everyPageHasTheStandardSections(name: String) throws {
    let text = try #require(ManPages.page(named: name))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO",
    ] {
      let request = section.contains(" ") ? ".SH \"\(section)\"" : ".SH \(section)"
      #expect(text.contains("\n\(request)\n"), "\(name) has no \(section) section")
    }
  }

  /// Each visible command with the page that documents it.
  static let commandsWithPages: [(path: [String], command: CommandSpec, page: String)] = CommandTree.allCommands()
    .filter { entry in !entry.path.contains { name in name.hasPrefix("__") } }
    .map { ($0.path, $0.command, "dodo-\($0.path[1]).1") }

  @Test func everyOptionOfEveryCommandIsInItsManPage() throws {
    for (path, command, page) in Self.commandsWithPages {
      let text = try #require(ManPages.page(named: page))
      for option in command.options + GlobalOptions.all {
        #expect(
          text.contains("\\fB\(Roff.escape(option.flagName))\\fR"),
          "\(page) does not document \(option.flagName) of '\(path.joined(separator: " "))'")
        for value in option.values {
          #expect(text.contains(value), "\(page) does not name the value \(value) of \(option.flagName)")
        }
      }
    }
    let rootPage = try #require(ManPages.page(named: "dodo.1"))
    for option in GlobalOptions.all + [OptionSpec("version", help: "")] {
      #expect(rootPage.contains("\\fB\(Roff.escape(option.flagName))\\fR"))
    }
  }

  @Test func everyOptionAndValueOfEveryCommandIsInEachCompletionScript() {
    for (file, generate) in Self.scripts {
      let script = generate()
      for (_, command, _) in Self.commandsWithPages {
        for option in command.options + GlobalOptions.all {
          #expect(script.contains(option.flagName), "\(file) does not complete \(option.flagName)")
          if !option.values.isEmpty {
            #expect(
              script.contains("values:" + option.values.joined(separator: " ")),
              "\(file) does not offer the values of \(option.flagName)")
          }
        }
      }
    }
  }

  @Test func hiddenCommandsAreNeitherCompletedNorDocumented() {
    let hidden = CommandTree.root.subcommands.filter(\.isHidden).map(\.name)
    #expect(hidden.contains("__generate"))
    let model = CompletionModel()
    #expect(!model.commands.contains { $0.path.contains("__") })
    // Reserved, so that a dodo-__generate program is never offered as a plugin.
    #expect(model.reservedNames.contains("__generate"))
    #expect(!HelpFormatter.help(["dodo"], CommandTree.root).contains("__generate"))
  }

  @Test func roffEscapesWhatWouldBeReadAsRequestsOrEscapes() {
    var page = Roff(title: "x", section: 1, date: ManPages.date, source: "s", manual: "m")
    page.prose(".SH injected\n'also\nback\\slash --flag")
    #expect(page.text.contains("\\&.SH injected\n"))
    #expect(page.text.contains("\\&'also\n"))
    #expect(page.text.contains("back\\eslash \\-\\-flag\n"))
  }

  @Test func shellQuotingSurvivesQuotes() {
    #expect(CompletionModel.quoted("it's") == "'it'\\''s'")
  }
}
