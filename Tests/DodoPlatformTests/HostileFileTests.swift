import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// Files planted where `dodo` reads or locks: a named pipe must be refused at once (opening
/// or reading one would wait for a writer forever), and so must a symbolic link to the record
/// or the lock.
@Suite("Named pipes and links in place of dodo's files")
struct HostileFileTests {
  func fifo(_ path: String) {
    #expect(mkfifo(path, 0o600) == 0)
  }

  @Test("a config-style small file that is a named pipe is refused without waiting")
  func smallFileFIFO() throws {
    let temp = TemporaryDirectory()
    fifo(temp.sub("config.yaml"))
    let error = #expect(throws: PlatformError.self) { try SmallFile.read(temp.sub("config.yaml"), limit: 100) }
    #expect(error?.message == "\(temp.sub("config.yaml")) is a named pipe (FIFO), not a regular file")
  }

  @Test("a small file that is a directory is refused as one")
  func smallFileDirectory() throws {
    let temp = TemporaryDirectory()
    let error = #expect(throws: PlatformError.self) { try SmallFile.read(temp.path, limit: 100) }
    #expect(error?.message == "\(temp.path) is a directory, not a regular file")
  }

  @Test("an abandoned record that is a named pipe or a symbolic link is refused without waiting")
  func recordFIFOAndLink() throws {
    let temp = TemporaryDirectory()
    fifo(temp.sub("abandoned.json"))
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    let piped = #expect(throws: CheckoutError.self) { try store.load() }
    #expect(
      piped?.message
        == "cannot read the abandoned-session record: \(temp.sub("abandoned.json")) is a named pipe (FIFO), not a regular file"
    )
    try FileManager.default.removeItem(atPath: temp.sub("abandoned.json"))
    #expect(FileManager.default.createFile(atPath: temp.sub("elsewhere.json"), contents: Data("{}".utf8)))
    try FileManager.default.createSymbolicLink(
      atPath: temp.sub("abandoned.json"), withDestinationPath: temp.sub("elsewhere.json"))
    let linked = #expect(throws: CheckoutError.self) { try store.load() }
    #expect(
      linked?.message
        == "cannot read the abandoned-session record: \(temp.sub("abandoned.json")) is a symbolic link; dodo does not follow links to its own files"
    )
  }

  @Test("a lock file that is a named pipe is refused by start and by the probe, without waiting")
  func lockFIFO() throws {
    let temp = TemporaryDirectory()
    fifo(temp.sub("checkout.lock"))
    let acquired = #expect(throws: CheckoutError.self) {
      try CheckoutFileLock(stateDirectory: temp.directory, runtimeDirectory: temp.directory).tryAcquire()
    }
    #expect(
      acquired?.message
        == "cannot take the checkout lock: \(temp.sub("checkout.lock")) is a named pipe (FIFO), not a regular file")
    let probed = #expect(throws: PlatformError.self) { try CheckoutFileLock.isHeld(stateDirectory: temp.directory) }
    #expect(
      probed?.message
        == "cannot check the checkout lock: \(temp.sub("checkout.lock")) is a named pipe (FIFO), not a regular file")
  }
}
