import Foundation
import Testing

@testable import DodoCLI

/// A config file names a command dodo runs (the browser), so one that others could write or
/// replace is refused (spec §5), seen through `dodo` run in-process.
@Suite("config files others could write are refused, in-process")
struct ConfigFileSafetyTests {
  @Test(
    "a config file writable by its group or by every user is refused: it names a command dodo runs",
    arguments: [0o666, 0o664, 0o620])
  func writableByOthersConfig(mode: Int) throws {
    let home = try ConfigHome()
    let file = try home.write("config/dodo/config.yaml", "profiles:\n  p:\n    browser: evil\n")
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
    let run = try home.run(["config", "profiles"])
    #expect(run.status == 78)
    #expect(
      run.stderr
        == "\(file): error: cannot read the file: it is writable by its group or by other users (mode \(String(mode, radix: 8))); dodo runs the browser command a config file names: chmod go-w \(file)\n"
    )
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    #expect(try home.run(["config", "profiles"]).stdout == "p\n")
  }

  @Test(
    "a config file in a directory writable by its group or by every user is refused: they could replace it",
    arguments: [0o777, 0o770, 0o703])
  func writableByOthersDirectory(mode: Int) throws {
    let home = try ConfigHome()
    let file = try home.write("shared/config.yaml", "profiles:\n  p:\n    browser: evil\n")
    let directory = home.url.appendingPathComponent("shared").path
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory)
    let run = try home.run(["--config", file, "config", "profiles"])
    #expect(run.status == 78)
    #expect(
      run.stderr
        == "\(file): error: cannot read the file: its directory \(directory) is writable by its group or by other users (mode \(String(mode, radix: 8))), who could replace it; dodo runs the browser command a config file names: chmod go-w \(directory)\n"
    )
    try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: directory)
    #expect(try home.run(["--config", file, "config", "profiles"]).stdout == "p\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
    #expect(try home.run(["--config", file, "config", "profiles"]).stdout == "p\n")
  }

  @Test("config path says refused for a file in a directory others can write, as loading it does")
  func pathRefusesWritableDirectory() throws {
    let home = try ConfigHome()
    let file = try home.write("shared/config.yaml", "profiles: {}\n")
    let directory = home.url.appendingPathComponent("shared").path
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory)
    let run = try home.run(["--config", file, "config", "path"])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "\(file)  refused (its directory \(directory) is writable by its group or by other users (mode 777), who could replace it; dodo runs the browser command a config file names: chmod go-w \(directory))  --config\n"
    )
  }

  @Test("a config file in another user's directory is refused: its owner could replace it", .enabled(if: getuid() == 0))
  func othersDirectory() throws {
    let home = try ConfigHome()
    let file = try home.write("theirs/config.yaml", "profiles:\n  p: {}\n")
    let directory = home.url.appendingPathComponent("theirs").path
    #expect(chown(directory, 65534, 65534) == 0)
    let run = try home.run(["--config", file, "config", "profiles"])
    #expect(run.status == 78)
    #expect(
      run.stderr
        == "\(file): error: cannot read the file: its directory \(directory) belongs to another user (uid 65534), who could replace it; dodo reads only config files in your own directories and root's\n"
    )
  }
}
