/// The man pages, made from the command tree: `dodo(1)`, one page per command
/// (`dodo-start(1)`, …), and the configuration format, `dodo-config(5)`.
///
/// Names, synopses, descriptions, arguments, options, examples and exit statuses come from
/// the commands' declarations; what the tree does not know (the environment, the files,
/// plugins) is written here once, from the spec.
enum ManPages {
  /// The date on every page: when the documented behaviour last changed. A fixed date keeps
  /// the generated pages reproducible.
  static let date = "2026-11-29"

  /// Every page by file name, `dodo.1` first.
  static func all(root: CommandSpec = CommandTree.root) -> [(name: String, text: String)] {
    [("dodo.1", rootPage(root))]
      + root.visibleSubcommands.map { ("dodo-\($0.name).1", commandPage($0, root: root)) }
      + [("dodo-config.5", ConfigFormatManPage.text())]
  }

  static func page(named name: String) -> String? {
    all().first { $0.name == name }?.text
  }

  // MARK: - Pages

  static func rootPage(_ root: CommandSpec) -> String {
    var page = Roff(title: root.name, section: 1, date: date, source: "dodo \(Dodo.version)", manual: "User Commands")
    page.section("NAME")
    page.line("\(Roff.escape(root.name)) \\- \(Roff.escape(lowercasedFirst(root.abstract)))")
    page.section("SYNOPSIS")
    page.request("PP")
    page.line(
      "\(Roff.bold("dodo")) [\(Roff.italic("GLOBAL OPTIONS"))] \(Roff.italic("COMMAND")) [\(Roff.italic("ARGS"))]")
    page.request("PP")
    page.line("\(Roff.bold("dodo")) \(Roff.italic("NAME")) [\(Roff.italic("ARGS"))]")
    page.request("PP")
    page.line("\(Roff.bold("dodo --version"))")
    page.section("DESCRIPTION")
    page.paragraphs(root.discussion)
    page.request("PP")
    page.prose("The commands:")
    for command in root.visibleSubcommands {
      page.item(Roff.bold("dodo " + command.name) + " (" + Roff.bold("dodo-" + command.name) + "(1))", command.abstract)
    }
    page.section("OPTIONS")
    page.prose("These options are accepted before or after the command's name.")
    for option in GlobalOptions.all { page.item(optionTag(option), option.help) }
    page.item(
      Roff.bold("--version"),
      "Print the version of dodo, and of the C libraries linked into it (libyaml, libsodium), and exit.")
    page.section("PLUGINS")
    page.paragraphs(pluginText)
    exitStatusSection(&page, generalExitStatuses)
    environmentSection(&page, for: nil)
    filesSection(&page)
    page.section("EXAMPLES")
    for example in root.examples { page.example(example.command, example.explanation) }
    page.example("dodo help start", "Show the help of a command.")
    seeAlso(&page, root.visibleSubcommands.map { ("dodo-" + $0.name, 1) } + [("dodo-config", 5)])
    return page.text
  }

  static func commandPage(_ command: CommandSpec, root: CommandSpec) -> String {
    let name = "dodo-" + command.name
    var page = Roff(title: name, section: 1, date: date, source: "dodo \(Dodo.version)", manual: "User Commands")
    let leaves = leafCommands(["dodo", command.name], command)
    page.section("NAME")
    page.line("\(Roff.escape(name)) \\- \(Roff.escape(lowercasedFirst(command.abstract)))")

    page.section("SYNOPSIS")
    for (path, leaf) in leaves {
      page.request("PP")
      page.line(synopsis(path, leaf))
    }

    page.section("DESCRIPTION")
    page.paragraphs(command.discussion.isEmpty ? command.abstract : command.discussion)
    arguments(&page, command.arguments)
    for (path, leaf) in leaves where path.count > 2 {
      page.subsection(path.joined(separator: " "))
      page.paragraphs(leaf.discussion.isEmpty ? leaf.abstract : leaf.discussion)
      arguments(&page, leaf.arguments)
    }

    page.section("OPTIONS")
    var seen = Set<String>()
    for option in leaves.flatMap(\.command.options) where seen.insert(option.name).inserted {
      let users = leaves.filter { $0.command.options.contains(option) }.map { $0.path.joined(separator: " ") }
      page.item(
        optionTag(option), option.help + (users.count < leaves.count ? " (\(users.joined(separator: ", ")))" : ""))
    }
    if seen.isEmpty {
      page.prose("\(name) has no options of its own; it takes the global options.")
    }
    page.subsection("Global options")
    for option in GlobalOptions.all { page.item(optionTag(option), option.help) }

    let declared = leaves.flatMap(\.command.exitStatuses)
    exitStatusSection(&page, declared.isEmpty ? generalExitStatuses : completed(declared))
    environmentSection(&page, for: command.name)
    filesSection(&page)

    page.section("EXAMPLES")
    var examples = command.examples
    for (path, leaf) in leaves where path.count > 2 { examples += leaf.examples }
    if examples.isEmpty { examples = [.init("dodo \(command.name) --help", "Show the options of \(name).")] }
    for example in examples { page.example(example.command, example.explanation) }

    seeAlso(
      &page,
      [("dodo", 1)] + root.visibleSubcommands.filter { $0.name != command.name }.map { ("dodo-" + $0.name, 1) } + [
        ("dodo-config", 5)
      ])
    return page.text
  }

  // MARK: - Parts

  /// `command` itself when it runs, else each subcommand that runs, with its path.
  static func leafCommands(_ path: [String], _ command: CommandSpec) -> [(path: [String], command: CommandSpec)] {
    let children = command.visibleSubcommands.flatMap { leafCommands(path + [$0.name], $0) }
    return command.handler != nil || children.isEmpty ? [(path, command)] + children : children
  }

  static func synopsis(_ path: [String], _ command: CommandSpec) -> String {
    var parts = [
      Roff.bold(path[0]), "[\(Roff.italic("GLOBAL OPTIONS"))]", Roff.bold(path.dropFirst().joined(separator: " ")),
    ]
    for argument in command.arguments {
      let word = Roff.italic(argument.name.uppercased()) + (argument.isRepeating ? " \\&..." : "")
      parts.append(argument.isOptional ? "[\(word)]" : word)
    }
    for option in command.options {
      var word = Roff.bold(option.flagName)
      if let value = option.valueName { word += " " + Roff.italic(value) }
      parts.append((option.isRequired ? word : "[\(word)]") + (option.isRepeating ? " \\&..." : ""))
    }
    return parts.joined(separator: " ")
  }

  static func optionTag(_ option: OptionSpec) -> String {
    var tag = (option.short.map { Roff.bold("-\($0)") + ", " } ?? "") + Roff.bold(option.flagName)
    if let value = option.valueName { tag += " " + Roff.italic(value) }
    return tag
  }

  static func arguments(_ page: inout Roff, _ arguments: [ArgumentSpec]) {
    for argument in arguments {
      let values = argument.values.isEmpty ? "" : " One of: \(argument.values.joined(separator: ", "))."
      page.item(Roff.italic(argument.name.uppercased()), argument.help + values)
    }
  }

  static func exitStatusSection(_ page: inout Roff, _ statuses: [(ExitStatus, String)]) {
    page.section("EXIT STATUS")
    for (status, meaning) in statuses { page.item(Roff.bold(String(status.rawValue)), meaning) }
  }

  /// The declared statuses, and the ones every command can end with.
  static func completed(_ declared: [CommandSpec.ExitStatusDoc]) -> [(ExitStatus, String)] {
    var rows: [(ExitStatus, String)] = []
    for doc in declared where !rows.contains(where: { $0.0 == doc.status }) { rows.append((doc.status, doc.meaning)) }
    for (status, meaning) in commonExitStatuses where !rows.contains(where: { $0.0 == status }) {
      rows.append((status, meaning))
    }
    return rows.sorted { $0.0.rawValue < $1.0.rawValue }
  }

  static let commonExitStatuses: [(ExitStatus, String)] = [
    (.usage, "Usage error: an unknown option, a missing argument or a bad value."),
    (
      .configuration,
      "Configuration error: a config file that does not parse or breaks the schema, or an unknown profile."
    ),
  ]

  /// Spec section 4.
  static let generalExitStatuses: [(ExitStatus, String)] =
    [
      (.success, "Succeeded, claimed, record found, valid, or every input decoded."),
      (
        .no,
        "A \"no\": handle-url not claimed, no abandoned record, or an explain-status input that could not be decoded."
      ),
      (.failed, "start: the payment failed."),
      (.cancelled, "start: cancelled (the customer left, a signal, or --timeout ran out)."),
      (.pending, "start: pending (processing, or an action is required)."),
      (.expired, "start: the checkout session expired."),
      (.invalidCheckoutURL, "INVALID_CHECKOUT_URL."),
      (.invalidReturnURL, "INVALID_RETURN_URL."),
      (.alreadyInProgress, "ALREADY_IN_PROGRESS: another checkout is running."),
      (.platformError, "PLATFORM_ERROR: the browser could not be started, or another system failure."),
    ] + commonExitStatuses + [
      (
        .unknownCommand,
        "Unknown command, and no plugin of that name on PATH. A plugin's own exit status passes through unchanged."
      )
    ]

  /// The variables `dodo` reads, and the commands each matters to (`nil`: every command).
  static let environment: [(name: String, commands: Set<String>?, text: String)] = [
    ("DODO_CONFIG", nil, "The one config file to read, instead of the XDG files (--config wins over it)."),
    ("DODO_PROFILE", nil, "The profile to use, unless --profile names one."),
    (
      "DODO_RETURN_URL", ["start", "validate", "config", "url-handler", "doctor"],
      "The return URL, unless --return-url gives one; it overrides the profile's return_url."
    ),
    (
      "DODO_BROWSER", ["start", "config", "doctor"],
      "The browser command, unless --browser gives one; it overrides the profile's browser."
    ),
    (
      "BROWSER", ["start", "doctor"],
      "The browser command when neither --browser, DODO_BROWSER nor the profile gives one."
    ),
    (
      "DODO_STATE_DIR", ["start", "abandoned", "doctor"],
      "Overrides the state directory (the abandoned-session record and the lock that guards it)."
    ),
    (
      "DODO_RUNTIME_DIR", ["start", "handle-url", "abandoned", "doctor"],
      "Overrides the runtime directory (the return channel and the lock that guards it)."
    ),
    ("XDG_CONFIG_HOME", nil, "The user's config directory; default ~/.config."),
    ("XDG_CONFIG_DIRS", nil, "The system config directories, separated by colons; default /etc/xdg."),
    ("XDG_STATE_HOME", ["start", "abandoned", "doctor"], "The user's state directory; default ~/.local/state."),
    (
      "XDG_CACHE_HOME", ["help"],
      "The user's cache directory; default ~/.cache. dodo help keeps the plugin names of PATH's directories there."
    ),
    (
      "XDG_RUNTIME_DIR", ["start", "handle-url", "abandoned", "doctor"],
      "The user's runtime directory; without it a private fallback directory is used, with a warning."
    ),
    (
      "XDG_DATA_HOME", ["url-handler", "doctor"],
      "Where the desktop entry is written (applications/); default ~/.local/share."
    ),
    (
      "DODO_PAYMENTS_API_KEY", ["config", "checkout", "start", "confirm", "abandoned"],
      "The Dodo API key, for the commands that call the API; else the profile's api_key_command gives it. Never shown."
    ),
    (
      "DODO_PAYMENTS_ENVIRONMENT", ["config", "checkout", "start", "confirm", "abandoned"],
      "test_mode or live_mode: the API's mode, unless --mode gives one; it overrides the profile's mode (default test)."
    ),
    (
      "DODO_PAYMENTS_BASE_URL", ["config", "checkout", "start", "confirm", "abandoned"],
      "Overrides the API's base URL (https://test.dodopayments.com or https://live.dodopayments.com): https, or http to a loopback host."
    ),
    (
      "DODO_PAYMENTS_WEBHOOK_KEY", ["config", "webhook"],
      "The webhook secret; else the profile's webhook_secret_command gives it. Never shown."
    ),
    (
      "SSL_CERT_FILE", ["checkout", "start", "confirm", "abandoned"],
      "A PEM file of certificate authorities trusted for the API in addition to the system's (a test server's own CA)."
    ),
    ("NO_COLOR", nil, "When set and not empty, the output is never coloured."),
    ("PATH", ["help"], "Searched for plugins, programs named dodo-NAME."),
    (
      "DISPLAY, WAYLAND_DISPLAY, SSH_CONNECTION, SSH_TTY", ["start", "doctor"],
      "Whether this is a graphical session or an SSH one: without a display, or over SSH, start opens no browser."
    ),
  ]

  /// `nil`: the page of `dodo` itself, which lists them all.
  static func environmentSection(_ page: inout Roff, for command: String?) {
    page.section("ENVIRONMENT")
    for variable in environment {
      if let command, let commands = variable.commands, !commands.contains(command) { continue }
      page.item(Roff.bold(variable.name), variable.text)
    }
    page.request("PP")
    page.prose(
      "Empty or relative XDG_* values are ignored. Paths, in arguments and in these variables, are used as the bytes given, "
        + "also when they are not UTF-8; messages show such a byte as \\xff.")
  }

  static func filesSection(_ page: inout Roff) {
    page.section("FILES")
    page.item(
      Roff.italic("$XDG_CONFIG_HOME/dodo/config.yaml"),
      "The user's configuration (default ~/.config/dodo/config.yaml); see dodo-config(5).")
    page.item(
      Roff.italic("$XDG_CONFIG_DIRS/dodo/config.yaml"),
      "System-wide configuration, in each directory of XDG_CONFIG_DIRS (default /etc/xdg).")
    page.item(Roff.italic("$XDG_STATE_HOME/dodo/"), "The abandoned-session record (default ~/.local/state/dodo/).")
    page.item(
      Roff.italic("$XDG_CACHE_HOME/dodo/plugin-names"),
      "The dodo-NAME names in each PATH directory that dodo help listed, with the directory's identity and change time "
        + "(default ~/.cache/dodo/): a directory is read again only when its change time differs, or lies within "
        + "seconds of the clock. Deleting it changes nothing but speed; one that is not a regular file of your own, "
        + "or is not as dodo writes it, is ignored and written again.")
    page.item(
      Roff.italic("$XDG_RUNTIME_DIR/dodo/"),
      "The one-at-a-time lock and the channel that dodo handle-url uses to reach dodo start.")
    page.item(
      Roff.italic("PREFIX/libexec/dodo/dodo-https"),
      "The HTTPS helper (libcurl) that dodo runs for each API call; looked for beside the dodo executable, then in "
        + "../libexec/dodo/ from it. It takes the request on its standard input, never in its arguments.")
    page.request("PP")
    page.prose(
      "Directories are created with mode 0700 and files with mode 0600; a directory that is not the user's own, or is open to others, "
        + "or is itself a symbolic link, is refused, and so is a path to it through a symbolic link of another user's (links of your own "
        + "or of root's are followed). Each directory is checked once, when it is opened, and its files are then reached through that "
        + "open directory, so a directory renamed or replaced meanwhile is not followed.")
  }

  static func seeAlso(_ page: inout Roff, _ pages: [(String, Int)]) {
    page.section("SEE ALSO")
    let references = pages.map { "\(Roff.bold($0.0))(\($0.1))" }
    page.line(references.joined(separator: ", "))
  }

  static let pluginText = """
    dodo NAME ARGS runs the program dodo-NAME found on PATH when NAME is not a built-in command; \
    a built-in command always wins, so a plugin named after one is never run (dodo help warns about it). \
    The arguments after NAME are passed on verbatim, and the plugin's exit status is dodo's.
    The plugin runs with DODO_CONFIG (the config file in effect: --config, else DODO_CONFIG, else the first \
    config file that exists), DODO_PROFILE (--profile, else DODO_PROFILE, else the config's default profile), \
    DODO_STATE_DIR and DODO_RUNTIME_DIR set, so that it shares the user's setup and can call dodo itself.
    dodo help lists the plugins found, and dodo help NAME runs dodo-NAME --help.
    Completion: the completion scripts offer plugins by name. A plugin completes its own arguments when a \
    program named dodo_complete-NAME is on PATH: it is run with the words typed after dodo NAME, the word being \
    completed last (empty when it is a new word), and prints one candidate per line. The plugin itself is \
    never run by pressing Tab.
    """

  static func lowercasedFirst(_ text: String) -> String {
    var text = text
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first, !text.dropFirst().prefix(1).allSatisfy(\.isUppercase) else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
