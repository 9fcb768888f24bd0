import DodoTestSupport
import Foundation
import Testing

/// Runs the built `dodo` as a real subprocess, as a user would.
enum Dodo {
  /// The `dodo` that `swift test` built beside the test bundle; `DODO_BINARY` overrides it.
  static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["DODO_BINARY"], !path.isEmpty { return path }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On macOS the tests run inside a .xctest bundle: Contents/MacOS/…
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
      || directory.lastPathComponent == "Contents"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("dodo").path
  }()

  /// The release binary `make` builds (`.ci/run` runs it before the tests): fully static on
  /// Linux, unlike `binary`.
  static let releaseBinary = Repository.url(".build/release/dodo").path

  /// A clean environment for a test: no colour, no user config, private state, cache and
  /// runtime directories under `home`.
  static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
    var env: [String: String] = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_CONFIG_DIRS": home.appendingPathComponent("etc-xdg").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
      "LANG": "C.UTF-8",
    ]
    for (key, value) in extra { env[key] = value }
    return env
  }

  /// Runs `dodo ARGUMENTS` with `stdin` as its standard input and waits for it.
  static func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil, home: URL? = nil
  ) throws -> ProcessOutput {
    try Subprocess.run(
      binary, arguments, stdin: stdin,
      environment: environment ?? Self.environment(home: home ?? TemporaryDirectory.shared.url))
  }
}
