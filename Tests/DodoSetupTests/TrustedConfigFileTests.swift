import DodoConfig
import DodoTestSupport
import Foundation
import Testing

@testable import DodoSetup

/// A config file names a command dodo runs, so one that others could write or replace is
/// refused, with the `chmod` that fixes it.
@Suite struct TrustedConfigFileTests {
  let home = TemporaryDirectory()

  func setMode(_ mode: Int, _ path: String) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
  }

  @Test("a file of one's own, not writable by others, is read; no file is nil")
  func readsOwnFile() throws {
    let file = try home.write("config.yaml", "profiles: {}\n")
    try setMode(0o644, file)
    #expect(try TrustedConfigFile.read(file, limit: 1 << 20) == Array("profiles: {}\n".utf8))
    #expect(try TrustedConfigFile.read(home.sub("missing.yaml"), limit: 1 << 20) == nil)
  }

  @Test("a file writable by its group or by others is refused", arguments: [0o666, 0o664, 0o620])
  func refusesWritableFile(mode: Int) throws {
    let file = try home.write("config.yaml", "profiles: {}\n")
    try setMode(mode, file)
    let error = #expect(throws: ConfigFileUnreadable.self) { try TrustedConfigFile.read(file, limit: 1 << 20) }
    #expect(error?.isRefused == true)
    #expect(
      error?.reason
        == "it is writable by its group or by other users (mode \(String(mode, radix: 8))); dodo runs the browser command a config file names: chmod go-w \(file)"
    )
  }

  @Test("a file in a directory others can write is refused, unless the directory is sticky")
  func refusesWritableDirectory() throws {
    let file = try home.write("shared/config.yaml", "profiles: {}\n")
    let directory = home.sub("shared")
    try setMode(0o777, directory)
    let error = #expect(throws: ConfigFileUnreadable.self) { try TrustedConfigFile.read(file, limit: 0) }
    #expect(error?.isRefused == true)
    #expect(error?.reason.hasPrefix("its directory \(directory) is writable by its group or by other users") == true)
    try setMode(0o1777, directory)
    #expect(try TrustedConfigFile.read(file, limit: 0) == [])
  }

  @Test("loadTrusted reads the file named by the flag, through the same checks")
  func loadTrusted() throws {
    let file = try home.write("c.yaml", "profiles:\n  p:\n    browser: firefox\n")
    #expect(try Configuration.loadTrusted(configFlag: file, environment: [:]).profiles.map(\.name) == ["p"])
    try setMode(0o666, file)
    #expect(throws: ConfigError.self) { try Configuration.loadTrusted(configFlag: file, environment: [:]) }
  }
}
