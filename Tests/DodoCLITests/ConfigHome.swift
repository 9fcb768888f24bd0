import Foundation

@testable import DodoCLI

/// A scratch home, as the end-to-end tests' `TemporaryDirectory`, whose `run` runs `dodo`
/// in-process with the XDG directories under it.
final class ConfigHome {
  let runner: CommandRunner
  var url: URL { URL(fileURLWithPath: runner.scratch) }

  init() throws {
    runner = try CommandRunner()
    let home = runner.scratch
    runner.environment = [
      "PATH": home, "HOME": home, "TMPDIR": home, "XDG_CONFIG_HOME": home + "/config",
      "XDG_CONFIG_DIRS": home + "/etc-xdg", "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data",
      "XDG_RUNTIME_DIR": home + "/run", "LANG": "C.UTF-8",
    ]
  }

  /// Runs `dodo ARGUMENTS` with `extra` added to the environment.
  func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> CommandRunner.Output {
    let saved = runner.environment
    defer { runner.environment = saved }
    for (key, value) in extra { runner.environment[key] = value }
    return try runner.run(arguments)
  }

  /// Writes `contents` to `name` under the home (directories as `mkdir -p` makes them).
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
    return file.path
  }
}
