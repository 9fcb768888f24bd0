import DodoAccount
import DodoCheckout
import DodoNetwork
import DodoPlatform

/// Where a command's API requests go: the HTTPS helper, or a transport a test injected.
///
/// An enum of our own rather than an optional transport: `Optional<any HTTPTransport>` is a
/// generic type the standard library does not prespecialize, so passing one built its metadata
/// at run time in every start, 28,000 instructions of `--version`'s 194,000 (docs/benchmarks.md).
enum TransportSource {
  case helper
  case injected(any HTTPTransport)
}

/// What a command runs with: its streams, environment, and how to write output.
final class Context {
  let environment: [String: String]
  let stdout: OutputFile
  let stderr: OutputFile
  /// The file descriptor of standard input.
  let stdinFD: UnownedDescriptor
  /// `--json`: standard output carries only JSON.
  let json: Bool
  /// `--verbose`: say what is normally left unsaid.
  let verbose: Bool
  /// `--config FILE` and `--profile NAME`, wherever they stood on the command line.
  let configPath: String?
  let profile: String?
  /// `--mode test|live`, wherever it stood.
  let mode: APIMode?
  /// `--api-timeout SECONDS` as given, checked by `apiAccess()`.
  let apiTimeout: String?
  /// The way to the network: the HTTPS helper (`HelperTransport`), or what a test injected.
  /// Commands reach it through `apiAccess()`, which adds the retries.
  let transport: any HTTPTransport
  /// The helper `transport` is, when no test injected one: ended with the command.
  private let helper: HelperTransport?
  /// Waits between retries; a test injects one that does not wait.
  let sleep: @Sendable (Double) -> Void
  /// What `dodo start` runs against: the machine, or what a test injected.
  let start: StartDependencies
  let stdoutStyle: TextStyle
  let stderrStyle: TextStyle

  init(
    environment: [String: String], stdout: OutputFile, stderr: OutputFile, stdinFD: UnownedDescriptor,
    globals: GlobalSettings,
    transport: TransportSource = .helper, sleep: (@Sendable (Double) -> Void)? = nil,
    start: StartDependencies = .live
  ) {
    self.start = start
    mode = globals.mode
    apiTimeout = globals.apiTimeout
    switch transport {
    case .injected(let transport):
      self.transport = transport
      helper = nil
    case .helper:
      let helper = HelperTransport(environment: environment)
      self.transport = helper
      self.helper = helper
    }
    self.sleep = sleep ?? { seconds in Syscalls.sleep(seconds) }
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    self.stdinFD = stdinFD
    json = globals.json
    verbose = globals.verbose
    configPath = globals.configPath
    profile = globals.profile
    let colorAllowed = !globals.noColor && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    stdoutStyle = TextStyle(enabled: colorAllowed && stdout.isTerminal)
    stderrStyle = TextStyle(enabled: colorAllowed && stderr.isTerminal)
  }

  /// Ends the HTTPS helper, if the command started one.
  func closeTransport() { helper?.close() }

  /// Writes one JSON value and a newline to standard output.
  func printJSON(_ build: (JSONWriter) -> Void) {
    let writer = JSONWriter()
    build(writer)
    writer.newline()
    stdout.write(writer.bytes)
  }

  /// A warning on standard error, as `dodo: warning: …`; with `--json`, as a
  /// `{"warning":"…"}` line, so that standard error carries only JSON.
  func warn(_ message: String) {
    guard json else {
      // A warning can carry a path, a URL or a command from outside: shown, never obeyed.
      stderr.write("dodo: \(stderrStyle.yellow("warning")): \(TerminalText.escaped(message))\n")
      return
    }
    let writer = JSONWriter()
    writer.beginObject()
    writer.key("warning")
    writer.string(message)
    writer.endObject()
    writer.newline()
    stderr.write(writer.bytes)
  }
}

/// The global options of one command line (`GlobalOptions`), as a `Context` is built from them.
struct GlobalSettings: Sendable {
  let json: Bool
  let noColor: Bool
  let verbose: Bool
  let configPath: String?
  let profile: String?
  let mode: APIMode?
  let apiTimeout: String?

  /// Those of a parsed command line, wherever they stood on it.
  init(_ invocation: Invocation) {
    json = invocation.isSet(GlobalOptions.json)
    noColor = invocation.isSet(GlobalOptions.noColor)
    verbose = invocation.isSet(GlobalOptions.verbose)
    configPath = invocation.value(GlobalOptions.config)
    profile = invocation.value(GlobalOptions.profile)
    mode = invocation.value(GlobalOptions.mode, as: APIMode.self)
    apiTimeout = invocation.value(GlobalOptions.apiTimeout)
  }

  /// A guess for a command line that did not parse (or that only asks for help or the
  /// version), so that its error still comes in the form it asked for: the flags before any
  /// `--`. `--config` and `--profile` are not guessed, since only parsing tells a value from
  /// an option.
  init(guessingFrom arguments: [String]) {
    let options = arguments.prefix { $0 != "--" }
    json = options.contains("--" + GlobalOptions.json.name)
    noColor = options.contains("--" + GlobalOptions.noColor.name)
    verbose = options.contains("--" + GlobalOptions.verbose.name)
    configPath = nil
    profile = nil
    mode = nil
    apiTimeout = nil
  }
}

/// ANSI colours, or none: colour only on a terminal, never with `NO_COLOR` or `--no-color`.
struct TextStyle: Sendable {
  let enabled: Bool

  func bold(_ text: String) -> String { wrap(text, "1") }
  func red(_ text: String) -> String { wrap(text, "31") }
  func green(_ text: String) -> String { wrap(text, "32") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func dim(_ text: String) -> String { wrap(text, "2") }

  /// `text` in the colour of `status`: green when it succeeded, red when it failed or
  /// expired, yellow while the outcome is not known.
  func colored(_ text: String, for status: CheckoutStatus) -> String {
    switch status {
    case .succeeded: green(text)
    case .failed, .expired: red(text)
    case .pending, .cancelled: yellow(text)
    }
  }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
