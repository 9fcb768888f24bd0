import DodoCheckout
import DodoConfig
import DodoPlatform

extension CommandSpec {
  static let urlHandler: CommandSpec = CommandSpec(
    "url-handler",
    abstract: "Register dodo as the desktop's handler for the return URL's scheme.",
    overview:
      "A custom-scheme return URL reaches 'dodo start' only when the desktop runs 'dodo handle-url' for its scheme; install sets that up with xdg-mime.",
    discussion: """
      A custom-scheme return URL (myapp://checkout/return) reaches 'dodo start' through the \
      desktop: the browser hands the URL to the scheme's handler, which must run 'dodo \
      handle-url %u'. 'install' writes dodo-url-handler-SCHEME.desktop under \
      $XDG_DATA_HOME/applications (default ~/.local/share/applications) and makes it the \
      default with 'xdg-mime default'; 'remove' undoes exactly that; 'status' says which \
      schemes route to dodo. The scheme is the effective profile's return URL's \
      ($DODO_RETURN_URL, else the profile's return_url), or every profile's with --all. http \
      and https return URLs are skipped: a loopback return is served by 'dodo start' itself, \
      and https belongs to the browser. Needs xdg-utils (Linux desktops).
      """,
    subcommands: [.urlHandlerInstall, .urlHandlerRemove, .urlHandlerStatus],
    examples: [
      .init("dodo url-handler install", "Route the profile's return URL scheme to dodo."),
      .init("dodo url-handler status --all", "Show, for every profile's scheme, whether it routes to dodo."),
    ]
  )

  static let urlHandlerInstall = URLHandlerCommand.spec(
    "install", abstract: "Register dodo handle-url for the scheme (idempotent).",
    exitStatuses: [.init(.success, "The scheme routes to dodo.")]
  ) { command throws(CLIError) in try command.install() }

  static let urlHandlerRemove = URLHandlerCommand.spec(
    "remove", abstract: "Undo install: restore the previous handler and delete dodo's entry.",
    exitStatuses: [.init(.success, "dodo's entry is gone (or was never installed).")]
  ) { command throws(CLIError) in try command.remove() }

  static let urlHandlerStatus = URLHandlerCommand.spec(
    "status", abstract: "Say which schemes route to dodo.",
    exitStatuses: [.init(.success, "Every scheme routes to dodo."), .init(.no, "At least one scheme does not.")]
  ) { command throws(CLIError) in try command.status() }
}

/// `dodo url-handler install|remove|status [--all]`.
struct URLHandlerCommand {
  static let all = OptionSpec("all", help: "Every profile's return URL scheme, not only the effective profile's.")

  let context: Context
  let everyProfile: Bool
  let path: [String]

  static func spec(
    _ name: String, abstract: String, exitStatuses: [CommandSpec.ExitStatusDoc],
    _ body: @escaping @Sendable (URLHandlerCommand) throws(CLIError) -> ExitStatus
  ) -> CommandSpec {
    CommandSpec(
      name, abstract: abstract, options: [all],
      exitStatuses: exitStatuses + [
        .init(.platformError, "xdg-mime is missing or fails, or a file cannot be written (PLATFORM_ERROR)."),
        .init(.usage, "No return URL in the environment or the profile."),
        .init(.configuration, "A configuration file does not load, or the profile is unknown."),
      ],
      handler: { invocation, context throws(CLIError) in
        try body(URLHandlerCommand(context: context, everyProfile: invocation.isSet(all), path: invocation.path))
      })
  }

  func install() throws(CLIError) -> ExitStatus {
    let handler = try desktop()
    let executable: String
    do throws(SystemError) { executable = try Syscalls.executablePath() } catch {
      throw CLIError.platform(PlatformError("cannot find dodo's own path: \(error)"))
    }
    let schemes = try self.schemes()
    for scheme in schemes {
      do throws(PlatformError) { try handler.install(scheme: scheme, executable: executable) } catch {
        throw CLIError.platform(error)
      }
      if !context.json { context.stdout.write("\(scheme): routes to dodo (\(handler.entryPath(for: scheme)))\n") }
    }
    if context.json { printSchemes("installed", schemes) }
    return .success
  }

  func remove() throws(CLIError) -> ExitStatus {
    let handler = try desktop()
    let schemes = try self.schemes()
    var removed: [String] = []
    for scheme in schemes {
      do throws(PlatformError) {
        if try handler.remove(scheme: scheme) { removed.append(scheme) }
      } catch {
        throw CLIError.platform(error)
      }
      if !context.json {
        context.stdout.write(
          removed.last == scheme
            ? "\(scheme): removed dodo's handler\n" : "\(scheme): dodo's handler was not installed\n")
      }
    }
    if context.json { printSchemes("removed", removed) }
    return .success
  }

  func status() throws(CLIError) -> ExitStatus {
    let handler = try desktop()
    var statuses: [DesktopURLHandler.Status] = []
    for scheme in try schemes() {
      do throws(PlatformError) { statuses.append(try handler.status(scheme: scheme)) } catch {
        throw CLIError.platform(error)
      }
    }
    if context.json {
      context.printJSON { json in
        json.beginObject()
        json.key("schemes")
        json.beginArray()
        for status in statuses {
          json.beginObject()
          json.key("scheme")
          json.string(status.scheme)
          json.key("handler")
          json.string(status.handler)
          json.key("routesToDodo")
          json.bool(status.routesToDodo)
          json.endObject()
        }
        json.endArray()
        json.endObject()
      }
    } else {
      for status in statuses {
        let route = status.handler.map { status.routesToDodo ? "dodo (\($0))" : "\($0), not dodo" } ?? "no handler"
        context.stdout.write(TerminalText.escaped("\(status.scheme): \(route)") + "\n")
      }
    }
    return statuses.allSatisfy(\.routesToDodo) ? .success : .no
  }

  private func desktop() throws(CLIError) -> DesktopURLHandler {
    do throws(PlatformError) { return try DesktopURLHandler(environment: context.environment) } catch {
      throw .platform(error)
    }
  }

  /// The custom schemes to handle; http and https are skipped with a note.
  private func schemes() throws(CLIError) -> [String] {
    var returnURLs: [ReturnURL] = []
    if everyProfile {
      returnURLs = try context.configuration().profiles.compactMap { $0.returnURL?.value }
    } else {
      guard let text = try context.effectiveSettings().returnURL.value else {
        throw CLIError.usage(
          "no return URL: set DODO_RETURN_URL or return_url in the profile (or use --all)", command: path)
      }
      do throws(CheckoutError) { returnURLs = [try ReturnURL(text)] } catch { throw CLIError.checkout(error) }
    }
    let (schemes, skipped) = DesktopURLHandler.schemes(for: returnURLs)
    for url in skipped {
      context.warn(
        "skipping \(url.redacted): http and https need no URL handler (a loopback return is served by dodo start)")
    }
    return schemes
  }

  private func printSchemes(_ key: String, _ schemes: [String]) {
    context.printJSON { json in
      json.beginObject()
      json.key(named: key)
      json.beginArray()
      for scheme in schemes { json.string(scheme) }
      json.endArray()
      json.endObject()
    }
  }
}
