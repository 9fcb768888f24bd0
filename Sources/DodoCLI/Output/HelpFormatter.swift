/// Help text and usage lines, made from the command tree.
package enum HelpFormatter {
  static let width = 80
  static let column = 26

  /// `dodo validate [<CHECKOUT_URL>] [--return-url URL]`, after `label` (`Usage: `), wrapped
  /// at the help width with continuation lines under the first argument.
  package static func usage(_ path: [String], _ command: CommandSpec, label: String = "") -> String {
    var parts: [String] = []
    if !command.subcommands.isEmpty && command.handler == nil {
      parts.append("<subcommand>")
    }
    parts += command.arguments.map(\.synopsis)
    parts += command.options.map { "[\($0.synopsis)]" }
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

  package static func help(_ path: [String], _ command: CommandSpec, extraSections: [(String, [(String, String)])] = [])
    -> String
  {
    var out = "OVERVIEW: \(command.abstract)\n\n"
    if !command.discussion.isEmpty { out += wrap(command.discussion, indent: 0) + "\n\n" }
    out += usage(path, command, label: "USAGE: ") + "\n"
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
    out += section("GLOBAL OPTIONS", globals.map { (optionLabel($0), $0.help) })
    if !command.examples.isEmpty {
      out += "\nEXAMPLES:\n"
      for example in command.examples {
        out += "  \(example.command)\n" + wrap(example.explanation, indent: 6) + "\n"
      }
    }
    if !command.exitStatuses.isEmpty {
      out += section("EXIT STATUS", command.exitStatuses.map { (String($0.status.rawValue), $0.meaning) })
    }
    if path.count == 1 {
      out += "\nSee 'dodo help <command>' for detailed help.\n"
    }
    return out
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
        out += lead + String(repeating: " ", count: column - lead.count) + body.dropFirst(column) + "\n"
      } else {
        out += lead + "\n" + wrap(text, indent: column) + "\n"
      }
    }
    return out
  }

  /// Word-wraps `text` to the help width, each line indented by `indent` spaces; blank lines
  /// between paragraphs are kept.
  static func wrap(_ text: String, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph -> String in
      var lines: [String] = []
      var line = ""
      for word in paragraph.split(separator: " ") {
        if !line.isEmpty, indent + line.count + 1 + word.count > width {
          lines.append(pad + line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      lines.append(line.isEmpty ? "" : pad + line)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
