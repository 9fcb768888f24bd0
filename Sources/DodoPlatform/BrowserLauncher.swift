import DodoCheckout

/// Presents the checkout by running the browser command (`posix_spawnp`, no shell).
///
/// `start` is already listening when the browser runs, and the command's exit is watched by
/// the `ReturnChannelServer`'s loop rather than waited for here, so a browser command that
/// itself runs `dodo handle-url` works. A command that cannot be started never showed the
/// checkout; one that starts and then exits non-zero may have.
package final class BrowserLauncher: CheckoutPresenter {
  package let command: String
  /// The command is the checkout's window and runs until it is closed (`chromium --app=%s`),
  /// so its exit before the return means the customer closed the checkout.
  package let runsWhileOpen: Bool
  /// Where the browser's own output goes: our standard error, or nowhere (`--json`).
  package let output: Syscalls.ChildOutput
  /// Added to the error when the command cannot start: what sets another (the library, whose
  /// default is the platform's opener, names its variables).
  package let settingHint: String?
  private let server: ReturnChannelServer
  private let baseEnvironment: [String: String]

  package init(
    command: String, server: ReturnChannelServer, environment: [String: String] = Syscalls.environment(),
    runsWhileOpen: Bool = false,
    output: Syscalls.ChildOutput = .toStandardError, settingHint: String? = nil
  ) {
    self.command = command
    self.settingHint = settingHint
    self.server = server
    baseEnvironment = environment
    self.runsWhileOpen = runsWhileOpen
    self.output = output
  }

  /// The command to run when none is configured: `xdg-open` on Linux, `open` on macOS.
  package static var systemDefault: String {
    #if canImport(Darwin)
      "open"
    #else
      "xdg-open"
    #endif
  }

  package func present(_ url: CheckoutURL, customization: BrowserCustomization) throws(PresentationFailure) {
    let arguments: [String]
    do throws(PlatformError) { arguments = try BrowserCommand(command).arguments(for: url.string) } catch {
      throw PresentationFailure(error.checkoutError, mayBeShowing: false)
    }
    // Inherited DODO_* customization variables go too: an unset field is not exported.
    var environment = SecretVariables.removed(from: baseEnvironment).filter {
      !BrowserCommand.customizationVariables.contains($0.key)
    }
    environment.merge(BrowserCommand.environment(for: customization)) { _, new in new }
    do throws(SystemError) {
      let pid = try Syscalls.spawn(arguments, environment: environment, output: output)
      server.watchBrowser(pid: pid, command: arguments[0], runsWhileOpen: runsWhileOpen)
    } catch {
      throw PresentationFailure(
        .platformError(
          "cannot start the browser command '\(arguments[0])': \(error.reason)" + (settingHint.map { ": \($0)" } ?? "")),
        mayBeShowing: false)
    }
  }

  package func close() {}
}
