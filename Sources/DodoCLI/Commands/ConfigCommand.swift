import DodoConfig
import DodoSetup

extension CommandSpec {
  static let config: CommandSpec = CommandSpec(
    "config",
    abstract: "Show the configuration in effect: settings and their sources, profiles, files.",
    overview:
      "Settings come from flags, the environment, and YAML profiles in the config files; see dodo-config(5) for the keys.",
    discussion: """
      dodo reads YAML profiles from --config FILE, else $DODO_CONFIG, and then from that one \
      file only; otherwise from $XDG_CONFIG_HOME/dodo/config.yaml (default \
      ~/.config/dodo/config.yaml) and dodo/config.yaml under each of $XDG_CONFIG_DIRS (default \
      /etc/xdg). A profile in an earlier file hides one of the same name in a later file; \
      default_profile comes from the first file that sets it. See dodo-config(5) for the keys.
      """,
    subcommands: [.configShow, .configProfiles, .configPath],
    examples: [
      .init("dodo config show", "Print every effective setting and where it came from."),
      .init("dodo --profile local-dev config show --json", "The same for another profile, as JSON."),
      .init("dodo config path", "List the files searched, in order, and which exist."),
    ]
  )

  static let configShow: CommandSpec = CommandSpec(
    "show",
    abstract: "Print every effective setting and where it came from.",
    discussion: """
      For the profile, return URL, browser, timeout and the four customization fields: the \
      value dodo start would use and its source, one of: a flag, an environment variable \
      ($DODO_PROFILE, $DODO_RETURN_URL, $DODO_BROWSER, $BROWSER), a config file with line and \
      column, or the default. Defaults are all "none": no return URL, the platform's opener \
      (xdg-open or open) as the browser, no timeout (wait until the checkout returns), and no \
      customization. It takes the options of dodo start that set these (--return-url, \
      --browser, --timeout and the customization options) and shows what start would do with them. \
      Then the page options of the sessions dodo creates, the API's mode and base URL and where \
      its key and webhook secret come from (never the secrets), and the license commands' app \
      (license_app, default dodo) and days of offline grace (license_grace_days, default none).

      With --json: {"files":[…],"settings":{"profile":{"value":…,"source":{…}},…}}, where a \
      source is {"kind":"flag","name":"--profile"}, {"kind":"environment","name":"DODO_BROWSER"}, \
      {"kind":"file","path":…,"line":…,"column":…} or {"kind":"default"}.
      """,
    options: SettingOptions.all,
    exitStatuses: [
      .init(.success, "The configuration loaded."),
      .init(.usage, "An option value is not valid (such as a --timeout that is not a positive number)."),
      .init(.configuration, "A configuration file does not load, or the profile is unknown."),
    ],
    handler: { invocation, context throws(CLIError) in
      try ConfigCommand(context: context).show(SettingOptions.commandLineSettings(from: invocation))
    }
  )

  static let configProfiles: CommandSpec = CommandSpec(
    "profiles",
    abstract: "List the profile names, one per line.",
    discussion:
      "Every profile of every config file in effect, each name once, in precedence order. With --json: an array of names.",
    exitStatuses: [
      .init(.success, "The configuration loaded (also when it has no profiles)."),
      .init(.configuration, "A configuration file does not load."),
    ],
    handler: { _, context throws(CLIError) in try ConfigCommand(context: context).profiles() }
  )

  static let configPath: CommandSpec = CommandSpec(
    "path",
    abstract: "List the config files searched, in order, and which exist.",
    discussion: """
      One line per file: its path, whether it was found, and why it is searched (--config, \
      $DODO_CONFIG, $XDG_CONFIG_HOME, $XDG_CONFIG_DIRS, or their defaults); with --config or \
      $DODO_CONFIG, that file is the only line. Files are not \
      parsed, so this works when one of them is broken. With --json: \
      [{"path":…,"exists":true,"reason":…},…].
      """,
    exitStatuses: [.init(.success, "Always, once the list is printed.")],
    handler: { _, context throws(CLIError) in ConfigCommand(context: context).path() }
  )
}

/// `dodo config show | profiles | path`.
struct ConfigCommand {
  let context: Context

  func show(_ flags: CommandLineSettings) throws(CLIError) -> ExitStatus {
    let configuration = try context.configuration()
    let settings = try context.effectiveSettings(flags, in: configuration)
    let rows =
      settings.shown + (try context.apiSettings(in: configuration)).shown
      + (try context.shownLicenseSettings(in: configuration))
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("files")
        json.beginArray()
        for file in configuration.files { json.string(file.path) }
        json.endArray()
        json.key("settings")
        json.beginObject()
        for row in rows {
          json.key(row.jsonName)
          json.beginObject()
          json.key("value")
          if let number = row.number {
            json.number(number)
          } else if let bool = row.bool {
            json.bool(bool)
          } else {
            json.string(row.value)
          }
          json.key("source")
          if let command = row.command, case .file(let path, let line, let column) = row.source {
            Self.writeCommand(command, path: path, line: line, column: column, to: json)
          } else {
            Self.write(row.source, to: json)
          }
          json.endObject()
        }
        json.endObject()
        json.endObject()
      }
      return .success
    }
    // Values, names and paths come from files and the environment: shown, never obeyed.
    let values = rows.map { $0.value.map(TerminalText.escaped) ?? "(none)" }
    let nameWidth = rows.map(\.name.count).max() ?? 0
    let valueWidth = values.map(\.count).max() ?? 0
    var text = ""
    for (row, value) in zip(rows, values) {
      text +=
        Self.pad(row.name, nameWidth) + "  " + Self.pad(value, valueWidth) + "  "
        + TerminalText.escaped(row.origin) + "\n"
    }
    context.stdout.write(text)
    return .success
  }

  private static func writeCommand(_ key: String, path: String, line: Int, column: Int, to json: JSONWriter) {
    json.beginObject()
    json.key("kind")
    json.string("command")
    json.key("key")
    json.string(key)
    json.key("path")
    json.string(path)
    json.key("line")
    json.number(Double(line))
    json.key("column")
    json.number(Double(column))
    json.endObject()
  }

  func profiles() throws(CLIError) -> ExitStatus {
    let names = try context.configuration().profiles.map(\.name)
    if context.json {
      context.printJSON { json in
        json.beginArray()
        for name in names { json.string(name) }
        json.endArray()
      }
    } else {
      context.stdout.write(names.map { TerminalText.escaped($0) + "\n" }.joined())
    }
    return .success
  }

  func path() -> ExitStatus {
    let candidates = ConfigLocator.candidates(configFlag: context.configPath, environment: context.environment)
    let found = candidates.map { ConfigFileStatus($0.path) }
    if context.json {
      context.printJSON { json in
        json.beginArray()
        for (candidate, status) in zip(candidates, found) {
          json.beginObject()
          json.key("path")
          json.string(candidate.path)
          json.key("exists")
          json.bool(status.exists)
          json.key("reason")
          json.string(candidate.reason.description)
          json.endObject()
        }
        json.endArray()
      }
      return .success
    }
    let paths = candidates.map { TerminalText.escaped($0.path) }
    let statuses = found.map { TerminalText.escaped($0.description) }
    let pathWidth = paths.map(\.count).max() ?? 0
    let statusWidth = statuses.map(\.count).max() ?? 0
    var text = ""
    for (candidate, (path, status)) in zip(candidates, zip(paths, statuses)) {
      text +=
        Self.pad(path, pathWidth) + "  " + Self.pad(status, statusWidth) + "  " + candidate.reason.description
        + "\n"
    }
    context.stdout.write(text)
    return .success
  }

  private static func write(_ source: SettingSource, to json: JSONWriter) {
    json.beginObject()
    json.key("kind")
    switch source {
    case .flag(let name):
      json.string("flag")
      json.key("name")
      json.string(name)
    case .environment(let name):
      json.string("environment")
      json.key("name")
      json.string(name)
    case .file(let path, let line, let column):
      json.string("file")
      json.key("path")
      json.string(path)
      json.key("line")
      json.number(Double(line))
      json.key("column")
      json.number(Double(column))
    case .builtIn:
      json.string("default")
    }
    json.endObject()
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + .spaces(max(0, width - text.count))
  }
}
