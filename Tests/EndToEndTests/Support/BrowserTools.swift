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

  /// The repository's `scripts/browser-support/`, found from this file's place in the tree.
  static let supportScripts: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/browser-support")

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

  /// A loopback TCP port that nobody listens on right now: bound to port 0, read, released.
  /// (Another process could take it in between; the tests use it within a second.)
  static func freeLoopbackPort() throws -> Int {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw BrowserTestError("socket: errno \(errno)") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw BrowserTestError("bind 127.0.0.1:0: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A browser test's own setup failed (not `dodo`).
struct BrowserTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
