/// Help text and usage lines, made from the command tree.
enum HelpFormatter {
  static let width = 80
  static let column = 26

  /// `dodo validate [<CHECKOUT_URL>] [--return-url URL]`, after `label` (`Usage: `), wrapped
  /// at the help width with continuation lines under the first argument.
  static func usage(_ path: [String], _ command: CommandSpec, label: String = "") -> String {
    // The top level's options go before the command (and after it too).
    var parts: [String] = path.count == 1 ? ["[<global options>]"] : []
    if !command.subcommands.isEmpty && command.handler == nil {
      parts.append("<subcommand>")
    }
    parts += command.arguments.map(\.synopsis)
    parts += command.options.map(\.usageSynopsis)
    var line = label + path.joined(separator: " ")
    let indent = String(repeating: " ", count: line.count + 1)
    var lines: [String] = []
    for part in parts {
      if line.count + 1 + part.count > width, line != indent {
        lines.append(line)
        line = indent + part
      } else {
        line += (line == indent ? "" : " ") + part
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// The most lines a `--help` may have: like swift-argument-parser's, help is an overview,
  /// the usage, the arguments and options and a few examples; the whole story is in the man
  /// page, which the last line names.
  static let maximumLines = 45
  static let maximumExamples = 3

  static func help(_ path: [String], _ command: CommandSpec, extraSections: [(String, [(String, String)])] = [])
    -> String
  {
    let overview = command.overview.isEmpty ? command.abstract : command.abstract + " " + command.overview
    var out = wrap("OVERVIEW: " + overview, indent: 0) + "\n\n"
    out += shortUsage(path, command) + "\n"
    if !command.arguments.isEmpty {
      out += section("ARGUMENTS", command.arguments.map { ($0.synopsis, $0.help) })
    }
    if !command.options.isEmpty {
      out += section("OPTIONS", command.options.map { (optionLabel($0), $0.help) })
    }
    if !command.visibleSubcommands.isEmpty {
      out += section("SUBCOMMANDS", command.visibleSubcommands.map { ($0.name, $0.abstract) })
    }
    for (title, rows) in extraSections where !rows.isEmpty { out += section(title, rows) }
    let globals = GlobalOptions.all + (path.count == 1 ? [GlobalOptions.version] : [])
    // An option and its value stay on one line: the space between them is a character that
    // does not break (a control character, so that the text stays on wrap's ASCII path), and
    // becomes a space again once wrapped.
    let labels = globals.map { replacing(space, with: unbreakable, in: optionLabel($0)) }.joined(separator: ", ")
    out += "\nGLOBAL OPTIONS:\n" + replacing(unbreakable, with: space, in: wrap(labels, indent: 2)) + "\n"
    let footer = "\n" + seeAlso(path) + "\n"
    // Up to three examples, fewer when more would not fit (the man page has them all).
    var examples = command.examples.prefix(maximumExamples).map {
      "  \($0.command)\n" + wrap($0.explanation, indent: 6) + "\n"
    }
    func lines(_ text: String) -> Int { text.utf8.count { $0 == UInt8(ascii: "\n") } }
    while examples.count > 1, lines(out + "\nEXAMPLES:\n" + examples.joined() + footer) > maximumLines {
      examples.removeLast()
    }
    if !examples.isEmpty { out += "\nEXAMPLES:\n" + examples.joined() }
    return out + footer
  }

  /// The usage line of help: the whole synopsis when it fits in two lines, else the options
  /// folded into `[<options>]` (the OPTIONS section lists them).
  static func shortUsage(_ path: [String], _ command: CommandSpec) -> String {
    let full = usage(path, command, label: "USAGE: ")
    guard full.split(separator: "\n").count > 2 else { return full }
    var parts = ["USAGE:"] + path + (path.count == 1 ? ["[<global options>]"] : [])
    if !command.subcommands.isEmpty && command.handler == nil { parts.append("<subcommand>") }
    parts += command.arguments.map(\.synopsis)
    parts += command.options.filter(\.isRequired).map(\.usageSynopsis) + ["[<options>]"]
    return parts.joined(separator: " ")
  }

  /// The last line of help: where the rest is.
  static func seeAlso(_ path: [String]) -> String {
    guard path.count > 1, let top = CommandTree.root.subcommand(named: path[1]), !top.isHidden else {
      return "See 'dodo help <command>' for a command's help, and 'man dodo' for all of it."
    }
    return "See 'man dodo-\(top.name)' for the full description."
  }

  private static let space = UInt8(ascii: " ")
  private static let unbreakable = UInt8(0x1F)

  /// `text` with each `byte` replaced by `replacement` (ASCII both): not the string
  /// processing library's `replacing(_:with:)`, whose generic search through the text was a
  /// sixth of `--help`'s instructions.
  private static func replacing(_ byte: UInt8, with replacement: UInt8, in text: String) -> String {
    String(decoding: text.utf8.map { $0 == byte ? replacement : $0 }, as: UTF8.self)
  }

  static func optionLabel(_ option: OptionSpec) -> String {
    (option.short.map { "-\($0), " } ?? "") + option.synopsis
  }

  static func section(_ title: String, _ rows: [(String, String)]) -> String {
    var out = "\n\(title):\n"
    for (label, text) in rows {
      let lead = "  " + label
      if lead.count + 2 <= column {
        let body = wrap(text, indent: column)
        out += lead + spaces(column - lead.count) + body.dropFirst(column) + "\n"
      } else {
        out += lead + "\n" + wrap(text, indent: column) + "\n"
      }
    }
    return out
  }

  /// Word-wraps `text` to the help width, each line indented by `indent` spaces; blank lines
  /// between paragraphs are kept. One pass into one string, counting as it goes: splitting
  /// into arrays of paragraphs, words and lines made the runtime build a score of generic
  /// types on first use (40% of an `explain-status URL`, which wraps its fields), counting
  /// each line again for each word was a quarter of `doctor`, and reading help's ASCII a
  /// `Character` at a time half of `--help`. Words are cut out at spaces that stand alone in
  /// the text, so their lengths add up: no character of a word joins the space before it.
  static func wrap(_ text: String, indent: Int) -> String {
    var lines = WrappedLines(indent: indent)
    let bytes = text.utf8
    // ASCII without CR (nearly all help text): each byte is a character, so words are cut
    // out by byte. Else by character: "\r\n" is one, and so is a space with a combining mark.
    if bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
      var wordStart = bytes.startIndex
      for index in bytes.indices where bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") {
        lines.place(text[wordStart..<index], length: bytes.distance(from: wordStart, to: index))
        if bytes[index] == UInt8(ascii: "\n") { lines.endParagraph() }
        wordStart = bytes.index(after: index)
      }
      lines.place(text[wordStart...], length: bytes.distance(from: wordStart, to: bytes.endIndex))
    } else {
      var word = ""
      var length = 0
      for character in text {
        guard character == " " || character == "\n" else {
          word.append(character)
          length += 1
          continue
        }
        lines.place(Substring(word), length: length)
        if character == "\n" { lines.endParagraph() }
        word = ""
        length = 0
      }
      lines.place(Substring(word), length: length)
    }
    lines.endParagraph(last: true)
    return lines.text
  }

  /// `count` spaces, cut from one run of them: `String(repeating:count:)` appends them one at
  /// a time, a tenth of `--help`.
  static func spaces(_ count: Int) -> Substring {
    count <= spaceRun.count ? spaceRun.prefix(count) : Substring(String(repeating: " ", count: count))
  }
  private static let spaceRun = String(repeating: " ", count: width)
}

/// The lines `HelpFormatter.wrap` lays out, a word at a time.
private struct WrappedLines {
  let indent: Int
  let pad: Substring
  private(set) var text = ""
  private var line = ""
  private var lineLength = 0

  init(indent: Int) {
    self.indent = indent
    pad = HelpFormatter.spaces(indent)
  }

  /// Puts `word` (`length` characters; none when empty) on the line, or on a new one when it
  /// would pass the width.
  mutating func place(_ word: Substring, length: Int) {
    guard length > 0 else { return }
    if lineLength > 0, indent + lineLength + 1 + length > HelpFormatter.width {
      endLine()
      text += "\n"
    }
    if lineLength > 0 {
      line += " "
      lineLength += 1
    }
    line += word
    lineLength += length
  }

  /// Ends the paragraph: its last line, then a line break unless it is the `last`.
  mutating func endParagraph(last: Bool = false) {
    endLine()
    if !last { text += "\n" }
  }

  private mutating func endLine() {
    if lineLength > 0 {
      text += pad
      text += line
    }
    line = ""
    lineLength = 0
  }
}
