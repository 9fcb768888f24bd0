import DodoTestSupport
import Testing

@testable import DodoCLI

/// `HelpFormatter.wrap`, which help, `doctor` and `explain-status` lay their text out with:
/// the edge cases the snapshots do not all reach.
@Suite struct HelpWrapTests {
  @Test("words fill each line up to the width, every line indented; runs of spaces are one break")
  func fillsLines() {
    let words = Array(repeating: "word", count: 20).joined(separator: "  ")
    let expected = [
      "    " + Array(repeating: "word", count: 15).joined(separator: " "),
      "    " + Array(repeating: "word", count: 5).joined(separator: " "),
    ].joined(separator: "\n")
    #expect(HelpFormatter.wrap(words, indent: 4) == expected)
  }

  @Test("a paragraph break stays, a blank line stays blank (no indent), a word longer than a line stands alone")
  func paragraphs() {
    let long = String(repeating: "x", count: 90)
    let text = "first paragraph\n\nsecond \(long) end\n"
    expectSameText(HelpFormatter.wrap(text, indent: 2), "  first paragraph\n\n  second\n  \(long)\n  end\n")
  }

  @Test("lengths are counted in characters, and CR LF is one character, not a paragraph break")
  func characters() {
    let accented = String(repeating: "e\u{301}", count: 70)
    #expect(HelpFormatter.wrap("\(accented) a", indent: 0) == "\(accented) a")
    #expect(HelpFormatter.wrap("a\r\nb", indent: 1) == " a\r\nb")
  }

  /// Every text the help of the tree wraps: each command's overview, the help of its
  /// arguments and options, its subcommands' abstracts and its examples' explanations.
  static func helpTexts() -> [String] {
    func texts(_ command: CommandSpec) -> [String] {
      [command.abstract + " " + command.overview] + command.arguments.map(\.help) + command.options.map(\.help)
        + command.examples.map(\.explanation) + command.visibleSubcommands.map(\.abstract)
        + command.visibleSubcommands.flatMap(texts)
    }
    return texts(CommandTree.root) + GlobalOptions.all.map(\.help)
  }

  @Test("help's ASCII texts are laid out by byte as they are by character, at every indent help and doctor use")
  func bytePathMatchesCharacterPath() {
    let texts = Self.helpTexts().filter { $0.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } }
    #expect(texts.count > 100)
    for text in texts + ["", " ", "\n", "a  b\n\n c ", String(repeating: "word ", count: 40)] {
      for indent in [0, 2, 6, 9, 26] {
        var byByte: [UInt8] = []
        var byCharacter: [UInt8] = []
        HelpFormatter.wrapASCII(Array(text.utf8), indent: indent, into: &byByte)
        HelpFormatter.wrapByCharacter(text, indent: indent, into: &byCharacter)
        #expect(byByte == byCharacter, "indent \(indent): \(text)")
      }
    }
  }

  @Test("words that are not ASCII are counted in characters: sixteen of four characters and five bytes fill one line")
  func nonASCIIWordsByCharacter() {
    let words = Array(repeating: "caf\u{E9}", count: 16).joined(separator: " ")
    #expect(HelpFormatter.wrap(words, indent: 0) == words)
    #expect(HelpFormatter.wrap(words + " x", indent: 0) == words + "\nx")
  }

  @Test("a section's label that is not ASCII is aligned by its characters; a long one stands on its own line")
  func sectionLabelsByCharacter() {
    let rows = [("caf\u{E9}", "plugin: /p/dodo-caf\u{E9}"), ("\u{2713}-a-long-name-of-a-plugin", "plugin: /p")]
    let help = HelpFormatter.help(["dodo"], CommandTree.root, extraSections: [("PLUGINS", rows)])
    let pad = String(repeating: " ", count: 20)
    let column = String(repeating: " ", count: 26)
    #expect(
      help.contains(
        "\nPLUGINS:\n  caf\u{E9}\(pad)plugin: /p/dodo-caf\u{E9}\n  \u{2713}-a-long-name-of-a-plugin\n\(column)plugin: /p\n"
      ))
  }

  @Test(
    "a row's text is put after its label by dropping the first 26 characters of it wrapped, even when they are not its indent"
  )
  func rowTextAfterLabel() {
    // Text that starts with a blank line: what is dropped is the line break and 25 spaces.
    let help = HelpFormatter.help(["dodo"], CommandTree.root, extraSections: [("T", [("lab", "\nx")])])
    #expect(help.contains("\nT:\n  lab" + String(repeating: " ", count: 21) + " x\n"))
    let combining = HelpFormatter.help(["dodo"], CommandTree.root, extraSections: [("T", [("lab", "\u{301}x y")])])
    #expect(combining.contains("\nT:\n  lab" + String(repeating: " ", count: 21) + "x y\n"))
  }
}
