import DodoCheckout
import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

/// The license store keeps the abandoned record's rules: private files in a private
/// directory, written atomically, and nothing planted in their place is read.
@Suite struct LicenseFilesTests {
  let home = TemporaryDirectory()

  var directories: DodoDirectories {
    get throws {
      try DodoDirectories.resolve(
        environment: { ["DODO_STATE_DIR": home.sub("state"), "DODO_RUNTIME_DIR": home.sub("run")][$0] })
    }
  }

  func store(create: Bool = true) throws -> LicenseFiles? {
    try LicenseFiles.open(directories: directories, appId: "app", create: create)
  }

  @Test("an absent store is not made by reading it; writing makes it 0700 with 0600 files")
  func modes() throws {
    #expect(try store(create: false) == nil)
    #expect(!FileManager.default.fileExists(atPath: home.sub("state")))
    let files = try #require(try store())
    try files.write(key: "K-1", Array("one\n".utf8))
    try files.write(key: "K-1", Array("two\n".utf8))
    let path = home.sub("state/licenses/app/K-1.json")
    #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
    let directory = home.sub("state/licenses/app")
    #expect((try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int) == 0o700)
    #expect(try files.read(key: "K-1") == Array("two\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["K-1.json"])
    #expect(try files.all() == [Array("two\n".utf8)])
    #expect(try files.remove(key: "K-1"))
    #expect(try !files.remove(key: "K-1"))
  }

  @Test("a key never names another file: every byte but letters, digits, - and _ is escaped")
  func keyFileNames() {
    #expect(LicenseFiles.fileName("ABC-d_1") == "ABC-d_1.json")
    #expect(LicenseFiles.fileName("../x") == "%2E%2E%2Fx.json")
    #expect(LicenseFiles.fileName(".") == "%2E.json")
  }

  @Test("an app id is one path component")
  func appIds() {
    #expect(LicenseFiles.problem(withAppId: "com.example.app") == nil)
    for bad in ["", "..", ".hidden", "a/b", "a b", String(repeating: "a", count: 101)] {
      #expect(LicenseFiles.problem(withAppId: bad) != nil, "\(bad)")
    }
  }

  @Test("a record open to others, a link or a named pipe in the store is refused, without waiting")
  func hostileFiles() throws {
    let files = try #require(try store())
    let path = home.sub("state/licenses/app/K.json")
    try files.write(key: "K", Array("{}".utf8))
    #expect(chmod(path, 0o644) == 0)
    #expect(throws: PlatformError.self) { try files.read(key: "K") }
    #expect(throws: PlatformError.self) { try files.all() }
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: PlatformError.self) { try files.read(key: "K") }
    try FileManager.default.removeItem(atPath: path)
    #expect(FileManager.default.createFile(atPath: home.sub("elsewhere"), contents: Data("{}".utf8)))
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: home.sub("elsewhere"))
    #expect(throws: PlatformError.self) { try files.read(key: "K") }
  }

  @Test("the machine id is read when it is a file, and none (never a wait) otherwise")
  func machineIdentity() throws {
    #expect(!MachineIdentity.hostName().isEmpty)
    #expect(MachineIdentity.machineID(path: home.sub("absent")) == nil)
    #expect(FileManager.default.createFile(atPath: home.sub("id"), contents: Data("0123abcd\n".utf8)))
    #expect(MachineIdentity.machineID(path: home.sub("id")) == Array("0123abcd\n".utf8))
    #expect(mkfifo(home.sub("fifo"), 0o600) == 0)
    #expect(MachineIdentity.machineID(path: home.sub("fifo")) == nil)
  }

  @Test("a store directory open to others is refused")
  func openDirectory() throws {
    _ = try store()
    #expect(chmod(home.sub("state/licenses/app"), 0o755) == 0)
    #expect(throws: PlatformError.self) { try store() }
  }
}
