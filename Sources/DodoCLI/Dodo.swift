import DodoAccount
import DodoConfig
import DodoPlatform
import DodoSetup

/// The `dodo` command suite: `main.swift` hands it the process's arguments and streams, and
/// in-process tests call `main` the same way, with their own streams.
package enum Dodo {
  static let version = "0.1.0"

  /// `dodo 0.1.0 (libyaml 0.2.5, libsodium 1.0.18)`: the C libraries linked in and their
  /// versions, since the shipped binary carries its own copies and the system's packages say
  /// nothing about them. Interpolated, not `joined`: the first call of the (unspecialized)
  /// `joined` costs a scan of every protocol conformance in the binary.
  static var versionLine: String { "dodo \(version) (libyaml \(LibYAML.version), libsodium \(LibSodium.version))" }

  /// Runs the process's command line and exits with its status.
  package static func runAndExit() -> Never {
    // Before anything reads the API key or webhook secret into memory.
    Syscalls.forbidCoreDumps()
    let closed = Syscalls.openStandardDescriptors()
    let environment = Syscalls.environment()
    let status = main(
      arguments: Array(Syscalls.arguments().dropFirst()), environment: environment,
      stdout: FileDescriptorSink(fd: .standardOutput, closedAtLaunch: closed.contains(.standardOutput)))
    // Held until the process ends: freeing every name and value just before exit(3) would cost
    // a start more than reading them did.
    return withExtendedLifetime(environment) { Syscalls.exit(status) }
  }

  /// Runs one command line (without the program name) and returns the exit status. A test
  /// passes its own streams: standard input as a descriptor (a pipe), output as sinks in
  /// memory; and may pass its own `transport` (`.injected`: an in-memory Dodo API; the default runs
  /// the HTTPS helper), `sleep` (for retries; the default waits) and `start` (what `dodo start`
  /// runs against; the default is the machine).
  static func main(
    arguments: [String], environment: [String: String], stdinFD: UnownedDescriptor = .standardInput,
    stdout: any OutputSink = FileDescriptorSink(fd: .standardOutput),
    stderr: any OutputSink = FileDescriptorSink(fd: .standardError),
    transport: TransportSource = .helper, sleep: (@Sendable (Double) -> Void)? = nil,
    start: StartDependencies = .live
  ) -> Int32 {
    let parsed = ParseOutcome(arguments)
    let context = Context(
      environment: environment, stdout: OutputFile(stdout), stderr: OutputFile(stderr), stdinFD: stdinFD,
      globals: globals(of: parsed, arguments: arguments), transport: transport, sleep: sleep, start: start)
    defer { context.stderr.flush() }
    var status = run(parsed, context: context)
    context.closeTransport()
    // Output that did not arrive is a failure, not a success with a hole in it (`dodo … > full-disk`).
    context.stdout.flush()
    if let error = context.stdout.error, !context.stdout.errorReported,
      status == ExitStatus.success.rawValue || status == ExitStatus.no.rawValue
    {
      report(.checkout(.platformError("cannot write standard output: \(error.reason)")), context: context)
      status = ExitStatus.platformError.rawValue
    }
    return status
  }

  /// The global options of a command line that names a command; else the guess made without
  /// parsing, so that a command line that does not parse still gets its error in the form it
  /// asked for.
  private static func globals(of parsed: ParseOutcome, arguments: [String]) -> GlobalSettings {
    switch parsed {
    case .success(.run(let invocation, _)), .success(.external(_, _, let invocation)): GlobalSettings(invocation)
    case .success(.help), .success(.version), .failure: GlobalSettings(guessingFrom: arguments)
    }
  }

  private static func run(_ parsed: ParseOutcome, context: Context) -> Int32 {
    do throws(CLIError) {
      switch try parsed.get() {
      case .version:
        context.stdout.write(versionLine + "\n")
        return ExitStatus.success.rawValue
      case .help(let path, let listingPlugins):
        return try HelpCommand.show(path: path, listingPlugins: listingPlugins, context: context).rawValue
      case .external(let name, let arguments, _):
        guard let plugin = Plugin.find(name, environment: context.environment) else {
          throw PluginCommands.unknown(name, context.environment)
        }
        try PluginLauncher.run(plugin, arguments: arguments, context: context)
      case .run(let invocation, let handler):
        return try handler(invocation, context).rawValue
      }
    } catch {
      report(error, context: context)
      return error.exitStatus.rawValue
    }
  }

  /// Prints an error: as `{"error":…}` with `--json` (its message without an `error:`
  /// prefix: the object says it), else as `Error: …` (a lower-case message), with the usage
  /// line and a hint for a usage error, or compiler style for a mistake in a config file.
  static func report(_ error: CLIError, context: Context) {
    context.stdout.flush()
    if context.json {
      let writer = JSONWriter()
      writer.beginObject()
      writer.key("error")
      if case .api(let failure) = error {
        writer.apiError(failure)
      } else {
        writer.error(code: error.code, message: error.message)
      }
      writer.endObject()
      writer.newline()
      context.stderr.write(writer.bytes)
      return
    }
    let style = context.stderrStyle
    // An error can echo an argument, a path or a config line: its controls are shown, not obeyed.
    switch error {
    case .configuration(let problem) where problem.path != nil:
      // Compiler style, `FILE:LINE:COL: error: …`, then the source line and a caret under
      // the column: its own lines stay lines.
      let lines = problem.rendered.split(separator: "\n", omittingEmptySubsequences: false)
      context.stderr.write(lines.map { TerminalText.escaped(String($0)) }.joined(separator: "\n") + "\n")
    case .usage(let message, let path):
      let command = CommandTree.command(at: path) ?? CommandTree.root
      context.stderr.write("\(style.red("Error:")) \(TerminalText.escaped(message))\n")
      context.stderr.write(HelpFormatter.usage(path, command, label: "Usage: ") + "\n")
      context.stderr.write("  See '\(path.joined(separator: " ")) --help'.\n")
    case .unknownCommand:
      context.stderr.write("\(style.red("Error:")) \(TerminalText.escaped(error.message))\n")
      context.stderr.write("  See 'dodo help' for the list of commands.\n")
    case .checkout, .configuration, .api:
      context.stderr.write("\(style.red("Error:")) \(TerminalText.escaped(error.message))\n")
    }
  }
}

/// A command line parsed against the tree, or why it does not parse. Not a `Result`: that is
/// generic with a requirement (`Failure: Error`), and the runtime builds its metadata on first
/// use by scanning every protocol conformance in the binary (docs/benchmarks.md).
private enum ParseOutcome {
  case success(ParsedCommandLine)
  case failure(CLIError)

  init(_ arguments: [String]) {
    do throws(CLIError) { self = .success(try CommandLineParser(root: CommandTree.root).parse(arguments)) } catch {
      self = .failure(error)
    }
  }

  func get() throws(CLIError) -> ParsedCommandLine {
    switch self {
    case .success(let parsed): parsed
    case .failure(let error): throw error
    }
  }
}
