/// Help text and usage lines, made from the command tree.
///
/// Laid out as UTF-8 bytes in one array, made a `String` once: building help through `String`
/// (counting characters, indexing, splitting the usage to count its lines) dominated `--help`
/// and `help COMMAND` (docs/benchmarks.md). Lengths are still counted
/// in characters, as columns: by byte when a text is ASCII, which help nearly always is.
enum HelpFormatter {
  static let width = 80
  static let column = 26

  /// `dodo validate [<CHECKOUT_URL>] [--return-url URL]`, after `label` (`Usage: `), wrapped
  /// at the help width with continuation lines under the first argument.
  static func usage(_ path: [String], _ command: CommandSpec, label: String = "") -> String {
    var out: [UInt8] = []
    usage(path, command, command.arguments, command.options, label: label, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Writes the usage; returns how many lines it took.
  @discardableResult
  private static func usage(
    _ path: [String], _ command: CommandSpec, _ arguments: [ArgumentSpec], _ options: [OptionSpec], label: String,
    into out: inout [UInt8]
  ) -> Int {
    // The top level's options go before the command (and after it too).
    var parts: [String] = path.count == 1 ? ["[<global options>]"] : []
    if !command.subcommands.isEmpty && command.handler == nil {
      parts.append("<subcommand>")
    }
    parts += arguments.map(\.synopsis)
    parts += options.map(\.usageSynopsis)
    out.append(text: label)
    var lineLength = length(label)
    for (index, name) in path.enumerated() {
      if index > 0 { out.append(UInt8(ascii: " ")) }
      out.append(text: name)
      lineLength += (index > 0 ? 1 : 0) + length(name)
    }
    let indent = lineLength + 1
    var lines = 1
    // No part is empty, so a continuation line always holds one after its indent.
    for part in parts {
      let partLength = length(part)
      if lineLength + 1 + partLength > width {
        out.append(UInt8(ascii: "\n"))
        out.append(spaces: indent)
        lineLength = indent
        lines += 1
      } else {
        out.append(UInt8(ascii: " "))
        lineLength += 1
      }
      out.append(text: part)
      lineLength += partLength
    }
    return lines
  }

  /// The most lines a `--help` may have: like swift-argument-parser's, help is an overview,
  /// the usage, the arguments and options and a few examples; the whole story is in the man
  /// page, which the last line names.
  static let maximumLines = 45
  static let maximumExamples = 3

  static func help(_ path: [String], _ command: CommandSpec, extraSections: [(String, [(String, String)])] = [])
    -> String
  {
    // Each list is built when asked for (`CommandSpec`): once here.
    let arguments = command.arguments
    let options = command.options
    let subcommands = command.visibleSubcommands
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    let overview = command.overview.isEmpty ? command.abstract : command.abstract + " " + command.overview
    wrap("OVERVIEW: " + overview, indent: 0, into: &out)
    out.append(text: "\n\n")
    shortUsage(path, command, arguments, options, into: &out)
    out.append(UInt8(ascii: "\n"))
    if !arguments.isEmpty {
      section("ARGUMENTS", arguments.map { ($0.synopsis, $0.help) }, into: &out)
    }
    if !options.isEmpty {
      section("OPTIONS", options.map { (optionLabel($0), $0.help) }, into: &out)
    }
    if !subcommands.isEmpty {
      section("SUBCOMMANDS", subcommands.map { ($0.name, $0.abstract) }, into: &out)
    }
    for (title, rows) in extraSections where !rows.isEmpty { section(title, rows, into: &out) }
    let globals = GlobalOptions.all + (path.count == 1 ? [GlobalOptions.version] : [])
    // An option and its value stay on one line: the space between them is a character that
    // does not break (a control character, so that the text stays on wrap's ASCII path), and
    // becomes a space again once wrapped.
    var labels: [UInt8] = []
    for (index, option) in globals.enumerated() {
      if index > 0 { labels.append(text: ", ") }
      labels += optionLabel(option).utf8.map { $0 == space ? unbreakable : $0 }
    }
    out.append(text: "\nGLOBAL OPTIONS:\n")
    let wrapped = out.count
    wrap(String(decoding: labels, as: UTF8.self), indent: 2, into: &out)
    for index in wrapped..<out.count where out[index] == unbreakable { out[index] = space }
    out.append(UInt8(ascii: "\n"))
    let footer = "\n" + seeAlso(path) + "\n"
    // Up to three examples, fewer when more would not fit (the man page has them all).
    var examples: [[UInt8]] = command.examples.prefix(maximumExamples).map {
      var example = Array("  \($0.command)\n".utf8)
      wrap($0.explanation, indent: 6, into: &example)
      example.append(UInt8(ascii: "\n"))
      return example
    }
    func lines(_ bytes: some Sequence<UInt8>) -> Int { bytes.count { $0 == UInt8(ascii: "\n") } }
    // The lines of all but the examples: `out`, "\nEXAMPLES:\n" and the footer.
    let others = lines(out) + 2 + lines(footer.utf8)
    while examples.count > 1, others + examples.reduce(0, { $0 + lines($1) }) > maximumLines {
      examples.removeLast()
    }
    if !examples.isEmpty {
      out.append(text: "\nEXAMPLES:\n")
      for example in examples { out += example }
    }
    out.append(text: footer)
    return String(decoding: out, as: UTF8.self)
  }

  /// The usage line of help: the whole synopsis when it fits in two lines, else the options
  /// folded into `[<options>]` (the OPTIONS section lists them).
  private static func shortUsage(
    _ path: [String], _ command: CommandSpec, _ arguments: [ArgumentSpec], _ options: [OptionSpec],
    into out: inout [UInt8]
  ) {
    let start = out.count
    guard usage(path, command, arguments, options, label: "USAGE: ", into: &out) > 2 else { return }
    out.removeSubrange(start...)
    var parts = ["USAGE:"] + path + (path.count == 1 ? ["[<global options>]"] : [])
    if !command.subcommands.isEmpty && command.handler == nil { parts.append("<subcommand>") }
    parts += arguments.map(\.synopsis)
    parts += options.filter(\.isRequired).map(\.usageSynopsis) + ["[<options>]"]
    out.append(text: parts.joined(separator: " "))
  }

  /// The last line of help: where the rest is.
  static func seeAlso(_ path: [String]) -> String {
    guard path.count > 1, let top = CommandTree.root.subcommand(named: path[1]), !top.isHidden else {
      return "See 'dodo help <command>' for a command's help, and 'man dodo' for all of it."
    }
    return "See 'man dodo-\(top.name)' for the full description."
  }

  /// Indents are cut from one run of spaces, not written a byte at a time.
  fileprivate static let spaceRun = [UInt8](repeating: UInt8(ascii: " "), count: width)
  private static let space = UInt8(ascii: " ")
  private static let unbreakable = UInt8(0x1F)

  static func optionLabel(_ option: OptionSpec) -> String {
    (option.short.map { "-\($0), " } ?? "") + option.synopsis
  }

  /// `TITLE:` and its rows: each label with its text wrapped in the column after it, or on the
  /// lines under it when the label reaches into the column.
  private static func section(_ title: String, _ rows: [(String, String)], into out: inout [UInt8]) {
    out.append(text: "\n\(title):\n")
    for (label, text) in rows {
      let lead = "  " + label
      let leadLength = length(lead)
      out.append(text: lead)
      if leadLength + 2 <= column {
        out.append(spaces: column - leadLength)
        let body = out.count
        wrap(text, indent: column, into: &out)
        dropCharacters(column, from: body, of: &out)
      } else {
        out.append(UInt8(ascii: "\n"))
        wrap(text, indent: column, into: &out)
      }
      out.append(UInt8(ascii: "\n"))
    }
  }

  /// Drops the first `count` characters of `out` from `start` on: a wrapped text's first
  /// indent, where a label stands instead. By byte when they are spaces that no combining mark
  /// joins (every help text); else by character, as `String.dropFirst` counts them.
  private static func dropCharacters(_ count: Int, from start: Int, of out: inout [UInt8]) {
    let end = start + count
    if end <= out.count, out[start..<end].allSatisfy({ $0 == space }), end == out.count || out[end] < 0x80 {
      out.removeSubrange(start..<end)
    } else {
      let rest = String(decoding: out[start...], as: UTF8.self).dropFirst(count)
      out.replaceSubrange(start..., with: rest.utf8)
    }
  }

  /// How many characters `text` has, the columns help gives it: its bytes when it is ASCII
  /// without CR (`"\r\n"` is one character).
  static func length(_ text: String) -> Int {
    text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } ? text.utf8.count : text.count
  }
}

extension [UInt8] {
  /// Appends `text`'s UTF-8: from its contiguous bytes where it has them (a native or small
  /// string, nearly always), which is a copy; through the view otherwise, whose generic
  /// append took three times the instructions (`completion bash` makes 800 of these).
  mutating func append(text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
      append(contentsOf: text.utf8)
    }
  }

  mutating func append(spaces count: Int) {
    if count <= HelpFormatter.spaceRun.count {
      append(contentsOf: HelpFormatter.spaceRun[..<count])
    } else {
      append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
  }
}

extension String {
  /// `count` spaces, for padding a column. Cut from one run of them: `String(repeating: " ",
  /// count:)` appends its one-space string once per space, some 450 instructions each, which
  /// was 140,000 of `config show`'s 640,000 (docs/benchmarks.md).
  static func spaces(_ count: Int) -> String {
    count <= HelpFormatter.spaceRun.count
      ? String(decoding: HelpFormatter.spaceRun[..<count], as: UTF8.self) : String(repeating: " ", count: count)
  }
}
