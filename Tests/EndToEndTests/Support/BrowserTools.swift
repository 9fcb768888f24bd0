import DodoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real programs the browser tests drive, found on `PATH`; a missing one skips the
/// tests that need it, by name, instead of failing them.
enum BrowserTools {
  /// Debian's `chromium` (or `chromium-browser` elsewhere).
  static let chromium = program(["chromium", "chromium-browser"])
  static let xvfb = program(["Xvfb"])
  static let xdgOpen = program(["xdg-open"])
  static let xdgMime = program(["xdg-mime"])
  static let openssl = program(["openssl"])
  static let python3 = program(["python3"])
  static let timeout = program(["timeout"])

  /// What the loopback test lacks here: Chromium, the stand-in checkout (python3, openssl)
  /// and `timeout` for the browser's lifetime cap. Linux only: the cleanup reads `/proc`.
  static let missingForChromium: [String] = {
    #if os(Linux)
      [("chromium", chromium), ("python3", python3), ("openssl", openssl), ("timeout", timeout)].filter { $0.1 == nil }
        .map(\.0)
    #else
      ["Linux"]
    #endif
  }()

  /// What the desktop-route test lacks here: the above, an X server and xdg-utils.
  static let missingForDesktopRoute: [String] =
    missingForChromium + [("Xvfb", xvfb), ("xdg-open", xdgOpen), ("xdg-mime", xdgMime)].filter { $0.1 == nil }.map(\.0)

  /// The repository's `scripts/browser-support/`.
  static let supportScripts = Repository.url("scripts/browser-support")

  /// The first of `names` that is an executable on `PATH`, as a full path.
  static func program(_ names: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for directory in path.split(separator: ":") where !directory.isEmpty {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// A loopback TCP port that nobody listens on right now (`LoopbackPort.free`).
  static func freeLoopbackPort() throws -> Int { Int(LoopbackPort.free()) }
}

/// A browser test's own setup failed (not `dodo`).
struct BrowserTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
