import Foundation

/// An X server of the test's own (Xvfb, on a display number it picks itself with
/// `-displayfd`), for Chromium's desktop route: `xdg-open` hands URLs to a scheme's handler
/// only when there is a display. Ends with `stop()` or when released.
final class VirtualDisplay: Sendable {
  /// The value for `DISPLAY`, `:N`.
  let display: String
  private let server: BackgroundProgram

  init(logDirectory: URL) throws {
    guard let xvfb = BrowserTools.xvfb else { throw BrowserTestError("Xvfb is not installed") }
    server = try BackgroundProgram(
      "xvfb", xvfb, ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x800x24"],
      environment: ProcessInfo.processInfo.environment, logDirectory: logDirectory)
    guard let line = server.firstLine(timeout: 15), let number = Int(line) else {
      server.stop()
      throw BrowserTestError("Xvfb did not start:\n\(server.logText)")
    }
    display = ":\(number)"
  }

  func stop() { server.stop() }

  var logText: String { server.logText }
}
