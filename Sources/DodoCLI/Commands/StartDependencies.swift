import DodoCheckout
import DodoPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `dodo start` runs against, as gh's `Factory`: the real machine by default (`live`),
/// something in memory in a test, so that its printing, cancel reasons and paste flow run
/// in-process.
struct StartDependencies {
  /// The checkout's wiring (`LocalCheckout`): its directories, lock, record and return channel.
  var checkout: (DodoDirectories) throws(PlatformError) -> LocalCheckout
  /// What presents the checkout when a browser command is to run (`BrowserLauncher`).
  var browser: (BrowserLaunch) -> any CheckoutPresenter
  /// What time it is, for the events' `at`.
  var now: () -> Date
  /// Whether standard input (this descriptor) is a terminal, where a return URL can be pasted.
  var isTerminal: (UnownedDescriptor) -> Bool
  /// Gives the code that ran so far back to the kernel, before the wait that may last minutes.
  var releaseProgramCode: () -> Void

  init(
    checkout: @escaping (DodoDirectories) throws(PlatformError) -> LocalCheckout,
    browser: @escaping (BrowserLaunch) -> any CheckoutPresenter, now: @escaping () -> Date,
    isTerminal: @escaping (UnownedDescriptor) -> Bool, releaseProgramCode: @escaping () -> Void
  ) {
    self.checkout = checkout
    self.browser = browser
    self.now = now
    self.isTerminal = isTerminal
    self.releaseProgramCode = releaseProgramCode
  }

  /// The machine itself: the directories of `DodoDirectories`, a server that takes `SIGINT`,
  /// `SIGTERM` and `SIGHUP`, the browser command run with `posix_spawnp`, the system clock.
  static var live: StartDependencies {
    StartDependencies(
      checkout: { directories throws(PlatformError) in
        try LocalCheckout(directories: directories, handlesSignals: true)
      },
      browser: { launch in
        BrowserLauncher(
          command: launch.command, server: launch.server, environment: launch.environment,
          runsWhileOpen: launch.runsWhileOpen, output: launch.output)
      },
      now: { Date() },
      isTerminal: { Syscalls.isTerminal($0) },
      releaseProgramCode: { Syscalls.releaseProgramCode() })
  }
}

/// A browser command for `StartDependencies.browser` to run, and what watches it.
struct BrowserLaunch {
  /// The command line (checked: it splits into words).
  var command: String
  /// The return channel, which watches the command's exit.
  var server: ReturnChannelServer
  var environment: [String: String]
  /// `--browser-exit-cancels`: the command's exit 0 before the return ends the checkout.
  var runsWhileOpen: Bool
  /// Where the command's own output goes.
  var output: Syscalls.ChildOutput
}
