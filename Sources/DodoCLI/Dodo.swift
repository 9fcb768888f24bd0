import DodoPlatform

/// The `dodo` command suite: `main.swift` hands it the process's arguments and streams, and
/// in-process tests (the help snapshots, start's argument checks) call `main` the same way.
public enum Dodo {
  public static let version = "0.1.0"

  /// Runs the process's command line and exits with its status.
  public static func runAndExit() -> Never {
    Syscalls.openStandardDescriptors()
    return Syscalls.exit(main(arguments: Array(CommandLine.arguments.dropFirst()), environment: Syscalls.environment()))
  }

  /// Runs one command line (without the program name) and returns the exit status.
  public static func main(
    arguments: [String], environment: [String: String], stdinFD: Int32 = 0, stdoutFD: Int32 = 1, stderrFD: Int32 = 2
  ) -> Int32 {
    let stdout = OutputFile(fd: stdoutFD)
    let stderr = OutputFile(fd: stderrFD)
    defer { stderr.flush() }
    var status = run(arguments: arguments, environment: environment, stdinFD: stdinFD, stdout: stdout, stderr: stderr)
    // Output that did not arrive is a failure, not a success with a hole in it (`dodo … > full-disk`).
    stdout.flush()
    if let error = stdout.error, !stdout.errorReported, status == ExitStatus.success.rawValue || status == ExitStatus.no.rawValue {
      let context = Context(
        environment: environment, stdout: stdout, stderr: stderr, stdinFD: stdinFD,
        json: arguments.contains("--json"), noColor: true, configPath: nil, profile: nil)
      report(.checkout(.platformError("cannot write standard output: \(error.reason)")), context: context)
      status = ExitStatus.platformError.rawValue
    }
    return status
  }

  private static func run(
    arguments: [String], environment: [String: String], stdinFD: Int32, stdout: OutputFile, stderr: OutputFile
  ) -> Int32 {
    // Before parsing, so that a command line that does not parse still gets its error in
    // the form it asked for.
    let options = arguments.prefix { $0 != "--" }
    var context = Context(
      environment: environment, stdout: stdout, stderr: stderr, stdinFD: stdinFD,
      json: options.contains("--json"), noColor: options.contains("--no-color"), configPath: nil, profile: nil)
    do throws(CLIError) {
      switch try CommandLineParser(root: CommandTree.root).parse(arguments) {
      case .version:
        stdout.write("dodo \(version)\n")
        return ExitStatus.success.rawValue
      case .help(let path, let listingPlugins):
        return try HelpCommand.show(path: path, listingPlugins: listingPlugins, context: context).rawValue
      case .external(let name, let arguments, let globals):
        context = Context(
          environment: environment, stdout: stdout, stderr: stderr, stdinFD: stdinFD,
          json: globals.isSet(GlobalOptions.json), noColor: globals.isSet(GlobalOptions.noColor),
          configPath: globals.value(GlobalOptions.config), profile: globals.value(GlobalOptions.profile))
        guard let plugin = Plugin.find(name, environment: environment) else { throw PluginCommands.unknown(name, environment) }
        try PluginLauncher.run(plugin, arguments: arguments, context: context)
      case .run(let invocation, let handler):
        context = Context(
          environment: environment, stdout: stdout, stderr: stderr, stdinFD: stdinFD,
          json: invocation.isSet(GlobalOptions.json), noColor: invocation.isSet(GlobalOptions.noColor),
          configPath: invocation.value(GlobalOptions.config), profile: invocation.value(GlobalOptions.profile))
        return try handler(invocation, context).rawValue
      }
    } catch {
      report(error, context: context)
      return error.exitStatus.rawValue
    }
  }

  /// Prints an error: as `{"error":…}` with `--json`, else as `Error: …`, with the usage
  /// line and a hint for a usage error.
  static func report(_ error: CLIError, context: Context) {
    context.stdout.flush()
    if context.json {
      let writer = JSONWriter()
      writer.beginObject()
      writer.key("error")
      writer.error(code: error.code, message: error.message)
      writer.endObject()
      writer.newline()
      context.stderr.write(writer.bytes)
      return
    }
    let style = context.stderrStyle
    // An error can echo an argument, a path or a config line: its controls are shown, not obeyed.
    switch error {
    case .configuration(let message):
      // Its own lines (the source line, the caret below it) stay lines.
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      context.stderr.write(lines.map { TerminalText.escaped(String($0)) }.joined(separator: "\n") + (message.hasSuffix("\n") ? "" : "\n"))
    case .usage(let message, let path):
      let command = CommandTree.command(at: path) ?? CommandTree.root
      context.stderr.write("\(style.red("Error:")) \(TerminalText.escaped(message))\n")
      context.stderr.write(HelpFormatter.usage(path, command, label: "Usage: ") + "\n")
      context.stderr.write("  See '\(path.joined(separator: " ")) --help'.\n")
    case .unknownCommand:
      context.stderr.write("\(style.red("Error:")) \(TerminalText.escaped(error.message))\n")
      context.stderr.write("  See 'dodo help' for the list of commands.\n")
    case .checkout:
      context.stderr.write("\(style.red("Error:")) \(TerminalText.escaped(error.message))\n")
    }
  }
}
