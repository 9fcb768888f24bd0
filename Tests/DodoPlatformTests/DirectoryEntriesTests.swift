import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@Suite("Reading a directory")
struct DirectoryEntriesTests {
  @Test("only names with the prefix, and a directory read once under two names")
  func prefixAndIdentity() throws {
    let directory = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory.sub("bin"), withIntermediateDirectories: false)
    for name in ["dodo-a", "dodo-", "dodo", "xdodo-b", "dodo-b", "dod"] {
      _ = FileManager.default.createFile(atPath: directory.sub("bin/" + name), contents: nil)
    }
    try FileManager.default.createSymbolicLink(atPath: directory.sub("link"), withDestinationPath: "bin")

    var read: Set<Syscalls.FileIdentity> = []
    #expect(
      try Syscalls.directoryEntries(directory.sub("bin"), prefix: "dodo-", skipping: &read).sorted() == [
        "dodo-", "dodo-a", "dodo-b",
      ])
    #expect(try Syscalls.directoryEntries(directory.sub("link"), prefix: "dodo-", skipping: &read) == [])
    #expect(try Syscalls.directoryEntries(directory.sub("bin"), prefix: "dodo-", skipping: &read) == [])
    #expect(read.count == 1)
    #expect(try Syscalls.directoryEntries(directory.path, prefix: "", skipping: &read).sorted() == ["bin", "link"])
    let fd = try Syscalls.open(directory.path, .readOnly, [.directory, .closeOnExec])
    #expect(try Syscalls.directoryEntries(in: fd, subject: directory.path).sorted() == ["bin", "link"])
    #expect(try Syscalls.directoryEntries(in: fd, subject: directory.path).sorted() == ["bin", "link"])
  }

  @Test("a missing directory or a file is an error")
  func notADirectory() throws {
    let directory = TemporaryDirectory()
    _ = FileManager.default.createFile(atPath: directory.sub("file"), contents: nil)
    var read: Set<Syscalls.FileIdentity> = []
    #expect(throws: SystemError.self) {
      try Syscalls.directoryEntries(directory.sub("missing"), prefix: "dodo-", skipping: &read)
    }
    #expect(throws: SystemError.self) {
      try Syscalls.directoryEntries(directory.sub("file"), prefix: "dodo-", skipping: &read)
    }
  }
}
