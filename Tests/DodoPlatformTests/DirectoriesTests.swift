import DodoCheckout
import DodoPlatform
import DodoTestSupport
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

  @Test("the cache directory: XDG_CACHE_HOME, else ~/.cache; empty or relative values ignored; none without either")
  func cache() {
    func cache(_ environment: [String: String], home: String? = "/home/u") -> String? {
      DodoDirectories.cache(environment: { environment[$0] }, home: home)
    }
    #expect(cache(["XDG_CACHE_HOME": "/c"]) == "/c/dodo")
    #expect(cache([:]) == "/home/u/.cache/dodo")
    #expect(cache(["XDG_CACHE_HOME": "relative/c"]) == "/home/u/.cache/dodo")
    #expect(cache(["XDG_CACHE_HOME": ""]) == "/home/u/.cache/dodo")
    #expect(cache([:], home: nil) == nil)
    #expect(cache([:], home: "relative") == nil)
    #expect(cache(["XDG_CACHE_HOME": "/c"], home: nil) == "/c/dodo")
  }

  @Test("directories are created 0700, parents included")
  func created() throws {
    let temp = TemporaryDirectory()
    let dirs = try resolve(["DODO_STATE_DIR": temp.sub("a/b/state"), "DODO_RUNTIME_DIR": temp.sub("run")])
    #expect(try dirs.prepareState().path == temp.sub("a/b/state"))
    _ = try dirs.prepareRuntime()
    #expect(temp.mode("a/b/state") == 0o700)
    #expect(temp.mode("a") == 0o700)
    #expect(temp.mode("run") == 0o700)
  }

  @Test("a directory open to others, a symlink or a file is refused")
  func refused() throws {
    let temp = TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: temp.sub("open"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    try FileManager.default.createDirectory(
      atPath: temp.sub("real"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
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
    try FileManager.default.createDirectory(
      atPath: temp.sub("theirs"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    #expect(chown(temp.sub("theirs"), 65534, 65534) == 0)
    let error = #expect(throws: PlatformError.self) {
      try resolve(["DODO_STATE_DIR": temp.sub("theirs")]).prepareState()
    }
    #expect(error?.message.contains("belongs to user 65534") == true)
  }
}

@Suite("The checked directory is the one used")
struct DirectorySwapTests {
  func resolve(_ environment: [String: String]) throws -> DodoDirectories {
    try DodoDirectories.resolve(environment: { environment[$0] }, home: "/home/u")
  }

  @Test("a state directory swapped after the check: the record still goes into the checked one")
  func swappedAfterCheck() throws {
    let temp = TemporaryDirectory()
    let state = try resolve(["DODO_STATE_DIR": temp.sub("state"), "DODO_RUNTIME_DIR": temp.sub("run")]).prepareState()
    try FileManager.default.moveItem(atPath: temp.sub("state"), toPath: temp.sub("checked"))
    try FileManager.default.createDirectory(
      atPath: temp.sub("swapped"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(atPath: temp.sub("state"), withDestinationPath: temp.sub("swapped"))
    let store = AbandonedSessionFile(stateDirectory: state)
    try store.save(AbandonedSession(sessionId: "cks_1", createdAt: Date(timeIntervalSince1970: 0)))
    #expect(FileManager.default.fileExists(atPath: temp.sub("checked/abandoned.json")))
    #expect(!FileManager.default.fileExists(atPath: temp.sub("swapped/abandoned.json")))
    #expect(try store.load()?.sessionId == "cks_1")
    #expect(try store.remove())
    #expect(!FileManager.default.fileExists(atPath: temp.sub("checked/abandoned.json")))
  }

  @Test("a symbolic link of another user's on the way to the state directory is refused", .enabled(if: getuid() == 0))
  func othersLinkInParent() throws {
    let temp = TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: temp.sub("real"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(atPath: temp.sub("link"), withDestinationPath: temp.sub("real"))
    #expect(lchown(temp.sub("link"), 65534, 65534) == 0)
    let error = #expect(throws: PlatformError.self) {
      try resolve(["DODO_STATE_DIR": temp.sub("link/state")]).prepareState()
    }
    #expect(
      error?.message
        == "refusing \(temp.sub("link/state")): \(temp.sub("link")) is a symbolic link that belongs to user 65534")
    #expect(!FileManager.default.fileExists(atPath: temp.sub("real/state")))
  }

  @Test("a symbolic link of the user's own on the way is followed; the directory itself may not be one")
  func ownLinkInParent() throws {
    let temp = TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: temp.sub("real"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(atPath: temp.sub("link"), withDestinationPath: "real")
    let dirs = try resolve(["DODO_STATE_DIR": temp.sub("link/a/state"), "DODO_RUNTIME_DIR": temp.sub("link")])
    _ = try dirs.prepareState()
    #expect(temp.mode("real/a/state") == 0o700)
    let error = #expect(throws: PlatformError.self) { try dirs.prepareRuntime() }
    #expect(error?.message == "refusing \(temp.sub("link")): it is not a directory (it is a symbolic link)")
  }
}

@Suite("The return socket goes only into a private directory")
struct ReturnSocketDirectoryTests {
  @Test("the server refuses to bind its socket in a runtime directory open to others")
  func serverRefusesOpenDirectory() throws {
    let temp = TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: temp.sub("open"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    let server = ReturnChannelServer(runtimeDirectory: temp.sub("open"), handlesSignals: false)
    let error = #expect(throws: CheckoutError.self) { try server.open(for: ReturnURL("myapp://checkout/return")) }
    #expect(
      error?.message
        == "refusing \(temp.sub("open")): its mode is 755, open to others; run 'chmod 700 \(temp.sub("open"))'")
    #expect(!FileManager.default.fileExists(atPath: temp.sub("open/return.sock")))
  }
}
