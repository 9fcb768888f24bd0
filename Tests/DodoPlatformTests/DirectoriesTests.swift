import DodoPlatform
import Foundation
import Testing

@Suite("XDG directories")
struct DirectoriesTests {
  func resolve(_ environment: [String: String], home: String? = "/home/u") throws -> DodoDirectories {
    try DodoDirectories.resolve(environment: { environment[$0] }, home: home, userID: 1000)
  }

  @Test("XDG values, defaults, overrides and the runtime fallback")
  func resolution() throws {
    let xdg = try resolve(["XDG_STATE_HOME": "/s", "XDG_RUNTIME_DIR": "/run/user/1000"])
    #expect(xdg.state == "/s/dodo")
    #expect(xdg.runtime == "/run/user/1000/dodo")
    #expect(xdg.warning == nil)
    let defaults = try resolve([:])
    #expect(defaults.state == "/home/u/.local/state/dodo")
    #expect(defaults.runtime == "/tmp/dodo-1000")
    #expect(defaults.warning?.contains("XDG_RUNTIME_DIR") == true)
    let overridden = try resolve(["DODO_STATE_DIR": "/a", "DODO_RUNTIME_DIR": "/b", "XDG_STATE_HOME": "/s"])
    #expect(overridden.state == "/a")
    #expect(overridden.runtime == "/b")
    #expect(overridden.warning == nil)
  }

  @Test("empty or relative XDG values are ignored")
  func ignored() throws {
    let dirs = try resolve(["XDG_STATE_HOME": "relative/state", "XDG_RUNTIME_DIR": "", "DODO_STATE_DIR": ""])
    #expect(dirs.state == "/home/u/.local/state/dodo")
    #expect(dirs.runtime == "/tmp/dodo-1000")
    #expect(throws: PlatformError.self) { try resolve([:], home: nil) }
  }

  @Test("directories are created 0700, parents included")
  func created() throws {
    let temp = TemporaryDirectory()
    let dirs = try resolve(["DODO_STATE_DIR": temp.sub("a/b/state"), "DODO_RUNTIME_DIR": temp.sub("run")])
    #expect(try dirs.prepareState() == temp.sub("a/b/state"))
    _ = try dirs.prepareRuntime()
    #expect(temp.mode("a/b/state") == 0o700)
    #expect(temp.mode("a") == 0o700)
    #expect(temp.mode("run") == 0o700)
  }

  @Test("a directory open to others, a symlink or a file is refused")
  func refused() throws {
    let temp = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: temp.sub("open"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    try FileManager.default.createDirectory(atPath: temp.sub("real"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(atPath: temp.sub("link"), withDestinationPath: temp.sub("real"))
    _ = FileManager.default.createFile(atPath: temp.sub("file"), contents: Data())
    for name in ["open", "link", "file"] {
      let dirs = try resolve(["DODO_STATE_DIR": temp.sub(name), "DODO_RUNTIME_DIR": temp.sub(name)])
      #expect(throws: PlatformError.self) { try dirs.prepareState() }
    }
    let error = #expect(throws: PlatformError.self) {
      try resolve(["DODO_STATE_DIR": temp.sub("open")]).prepareState()
    }
    #expect(error?.message.contains("755") == true)
    #expect(error?.checkoutError.code == .platformError)
  }

  @Test("a directory owned by another user is refused", .enabled(if: getuid() == 0))
  func otherOwner() throws {
    let temp = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: temp.sub("theirs"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    #expect(chown(temp.sub("theirs"), 65534, 65534) == 0)
    let error = #expect(throws: PlatformError.self) {
      try resolve(["DODO_STATE_DIR": temp.sub("theirs")]).prepareState()
    }
    #expect(error?.message.contains("belongs to user 65534") == true)
  }
}
