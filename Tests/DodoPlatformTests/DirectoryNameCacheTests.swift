import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// The file that keeps each PATH directory's `dodo-` names: what it round-trips, what voids it.
@Suite("The directory-name cache's file")
struct DirectoryNameCacheFileTests {
  typealias Cache = DirectoryNameCache

  /// A name with a newline, a byte that is not UTF-8, a backslash, a space and a non-ASCII
  /// letter: every one a file name may hold.
  static let awkwardNames = [
    "dodo-a", "dodo-x\ny", SystemText.decode(Array("dodo-".utf8) + [0xFF]), "dodo-b\\c",
    "dodo- sp", "dodo-\u{E9}t\u{E9}", "dodo-",
  ]

  static let sample = Cache(
    prefix: "dodo-",
    entries: [
      Syscalls.FileIdentity(device: 66, inode: 12): .init(
        changeTime: .init(seconds: 1_700_000_000, nanoseconds: 999_999_999), names: awkwardNames),
      Syscalls.FileIdentity(device: 66, inode: 3): .init(changeTime: .init(seconds: -5, nanoseconds: 0), names: []),
    ])

  func parse(_ text: String) -> Cache? { Cache(parsing: Array(text.utf8), prefix: "dodo-") }

  @Test("any names round-trip, each on one line of visible characters")
  func roundTrip() throws {
    let bytes = Self.sample.serialized()
    #expect(Cache(parsing: bytes, prefix: "dodo-") == Self.sample)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("dodo directory-names 1\ndirectory 66 3 -5 0\ndirectory 66 12 1700000000 999999999\n"))
    for line in [
      "name dodo-x\\x0ay", "name dodo-\\xff", "name dodo-b\\x5cc", "name dodo-\\x20sp",
      "name dodo-\\xc3\\xa9t\\xc3\\xa9",
    ] {
      #expect(text.contains("\n\(line)\n"), "no line \(line) in \(text)")
    }
    #expect(text.hasSuffix("\nend\n"))
    #expect(parse("dodo directory-names 1\nend\n") == Cache(prefix: "dodo-"))
  }

  /// Swift's `==` takes them for one name; a directory may hold both files, in either order.
  @Test("names keep their order, and two names equal as Unicode but not as bytes are two names")
  func orderAndEquivalentNames() throws {
    let text =
      "dodo directory-names 1\ndirectory 1 2 3 4\nname dodo-b\nname dodo-e\\xcc\\x81\nname dodo-\\xc3\\xa9\n"
      + "name dodo-a\nend\n"
    let cache = try #require(parse(text))
    let names = try #require(cache.entries.first?.value.names)
    #expect(
      names.map { Array($0.utf8) } == [
        Array("dodo-b".utf8), Array("dodo-e\u{301}".utf8), Array("dodo-\u{E9}".utf8), Array("dodo-a".utf8),
      ])
    #expect(cache.serialized() == Array(text.utf8))
  }

  static let valid = "dodo directory-names 1\ndirectory 1 2 3 4\nname dodo-a\nend\n"

  @Test(
    "anything but what serialized() writes voids the whole file",
    arguments: [
      "", "dodo directory-names 1\n", "dodo directory-names 2\nend\n", "dodo directory-names 1\nend",
      String(valid.dropLast(4)), String(valid.dropLast(6)), valid.replacing("\n", with: "\r\n"),
      valid.replacing("dodo-a", with: "dodo-a/b"), valid.replacing("dodo-a", with: "dodo-a\\x2fb"),
      valid.replacing("dodo-a", with: "dodo-a\\x00"), valid.replacing("dodo-a", with: "other"),
      valid.replacing("dodo-a", with: "dodo-\\x61"), valid.replacing("dodo-a", with: "dodo-\\xFF"),
      valid.replacing("dodo-a", with: "dodo-\\x4"), valid.replacing("dodo-a", with: "dodo-a\tb"),
      valid.replacing("dodo-a", with: "dodo-a b"),
      "dodo directory-names 1\nname dodo-a\ndirectory 1 2 3 4\nend\n",
      valid.replacing("end\n", with: "directory 1 2 5 6\nend\n"),
      valid.replacing("1 2 3 4", with: "1 2 x 4"), valid.replacing("1 2 3 4", with: "1 2 3 1000000000"),
      valid.replacing("1 2 3 4", with: "1 2 3"), valid.replacing("1 2 3 4", with: "+1 2 3 4"),
      valid.replacing("1 2 3 4", with: "1 2 3 4 5"), valid.replacing("1 2 3 4", with: "1  2 3 4"),
      valid.replacing("1 2 3 4", with: "18446744073709551616 2 3 4"),
      valid.replacing("1 2 3 4", with: "1 2 -9223372036854775808 4"),
      valid.replacing("end\n", with: "end\nend\n"), valid.replacing("end\n", with: "\nend\n"),
    ])
  func malformed(text: String) {
    #expect(parse(Self.valid) != nil)
    #expect(parse(text) == nil)
  }

  @Test("a file larger than the limit is void")
  func huge() {
    let line = "name dodo-" + String(repeating: "x", count: 200) + "\n"
    var text = "dodo directory-names 1\ndirectory 1 2 3 4\n"
    var count = 0
    while text.utf8.count <= Cache.sizeLimit {
      text += line.replacing("name dodo-", with: "name dodo-\(count)")
      count += 1
    }
    #expect(parse(text + "end\n") == nil)
  }

  @Test("loaded only from a regular file of the user's that only they may write, within the limit")
  func hostileFiles() throws {
    let temp = TemporaryDirectory()
    let path = temp.sub("plugin-names")
    func load() -> (cache: Cache?, problem: String?) { Cache.load(from: path, prefix: "dodo-") }
    func write(_ text: String, mode: Int = 0o600) throws {
      try? FileManager.default.removeItem(atPath: path)
      try temp.write("plugin-names", text)
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }
    #expect(load().cache == nil && load().problem == nil)
    try write(Self.valid)
    #expect(load().cache?.entries.count == 1 && load().problem == nil)

    try write(Self.valid, mode: 0o620)
    #expect(load().cache == nil && load().problem?.contains("its mode is 620") == true)
    try write(Self.valid.replacing("dodo-a", with: "dodo-a/b"))
    #expect(load().cache == nil && load().problem == "\(path) is not in the format dodo writes; dodo writes it again")
    try write(Self.valid + String(repeating: "\n", count: Cache.sizeLimit))
    #expect(load().cache == nil && load().problem?.contains("is larger than 262144 bytes") == true)

    try FileManager.default.removeItem(atPath: path)
    try temp.write("elsewhere", Self.valid)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temp.sub("elsewhere"))
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: temp.sub("elsewhere"))
    #expect(load().cache == nil && load().problem?.contains("is a symbolic link") == true)

    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(load().cache == nil && load().problem == "\(path) is a named pipe (FIFO), not a regular file")
  }

  @Test("stored 0600 in a directory created 0700; refused in a directory that is a symbolic link")
  func store() throws {
    let temp = TemporaryDirectory()
    try Self.sample.store(in: temp.sub("cache/dodo"), named: "plugin-names")
    #expect(temp.mode("cache") == 0o700 && temp.mode("cache/dodo") == 0o700)
    #expect(temp.mode("cache/dodo/plugin-names") == 0o600)
    #expect(Cache.load(from: temp.sub("cache/dodo/plugin-names"), prefix: "dodo-").cache == Self.sample)

    try FileManager.default.createSymbolicLink(atPath: temp.sub("link"), withDestinationPath: temp.sub("cache/dodo"))
    #expect(throws: PlatformError.self) { try Self.sample.store(in: temp.sub("link"), named: "plugin-names") }
    try temp.write("file", "")
    #expect(throws: PlatformError.self) { try Self.sample.store(in: temp.sub("file/dodo"), named: "plugin-names") }
  }

  /// A file a crash left empty or cut short is void, so two fsyncs would only slow the listing.
  @Test("stored by a rename, without fsync; a full disk fails the store and leaves no file")
  func storedWithoutFsync() throws {
    let temp = TemporaryDirectory()
    let mock = SyscallMock([:])
    try SyscallMock.$current.withValue(mock) { try Self.sample.store(in: temp.path, named: "plugin-names") }
    #expect(mock.calls.contains("renameat") && !mock.calls.contains("fsync"), "\(mock.calls)")
    #expect(Cache.load(from: temp.sub("plugin-names"), prefix: "dodo-").cache == Self.sample)

    let full = TemporaryDirectory()
    #expect(throws: PlatformError.self) {
      try SyscallMock.$current.withValue(SyscallMock(["write": [.fail(.noSpace)]])) {
        try Self.sample.store(in: full.path, named: "plugin-names")
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: full.path) == [])
  }
}

/// When an entry stands for the directory and when the directory is read again.
@Suite("Reading directories through the name cache")
struct DirectoryNameCacheUseTests {
  let temp = TemporaryDirectory()
  let bin: String

  init() throws {
    bin = temp.sub("bin")
    for name in ["dodo-b", "dodo-a", "other"] { try temp.write("bin/" + name, "") }
  }

  func status() throws -> Syscalls.FileStatus { try #require(try Syscalls.statusFollowingLinks(bin)) }

  /// A clock long after the directory's last change: nothing is too recent to keep.
  func later() throws -> Int64 { try status().changeTime.seconds + 100 }

  func names(_ cache: inout DirectoryNameCache, now: Int64) -> [String] {
    var read: Set<Syscalls.FileIdentity> = []
    return cache.names(in: bin, now: now, skipping: &read)
  }

  @Test("a directory read is kept with its change time, and its entry used while that is the same")
  func keptAndUsed() throws {
    var cache = DirectoryNameCache(prefix: "dodo-")
    #expect(names(&cache, now: try later()).sorted() == ["dodo-a", "dodo-b"])
    let identity = try status().identity
    #expect(cache.entries.keys.elementsEqual([identity]))
    #expect(cache.entries[identity]?.changeTime == (try status().changeTime))
    #expect(cache.entries[identity]?.names.sorted() == ["dodo-a", "dodo-b"])
    // Names the directory does not hold: returned, so it was not read.
    cache.entries[identity]?.names = ["dodo-kept"]
    #expect(names(&cache, now: try later()) == ["dodo-kept"])
  }

  @Test(
    "an entry whose change time differs, to the nanosecond, is read again and replaced",
    arguments: [(0, 1), (0, -1), (-1, 0), (1, 0)])
  func changed(seconds: Int64, nanoseconds: Int64) throws {
    let now = try status()
    let older = Syscalls.FileTime(
      seconds: now.changeTime.seconds + seconds, nanoseconds: now.changeTime.nanoseconds + nanoseconds)
    var cache = DirectoryNameCache(prefix: "dodo-", entries: [now.identity: .init(changeTime: older, names: [])])
    #expect(names(&cache, now: try later()).sorted() == ["dodo-a", "dodo-b"])
    #expect(cache.entries[now.identity]?.changeTime == now.changeTime)
    #expect(cache.entries[now.identity]?.names.sorted() == ["dodo-a", "dodo-b"])
  }

  @Test("an entry of another directory with the same change time is not used")
  func otherIdentity() throws {
    let now = try status()
    let other = Syscalls.FileIdentity(device: now.identity.device, inode: now.identity.inode + 1)
    var cache = DirectoryNameCache(
      prefix: "dodo-", entries: [other: .init(changeTime: now.changeTime, names: ["dodo-other"])])
    #expect(names(&cache, now: try later()).sorted() == ["dodo-a", "dodo-b"])
    #expect(cache.entries.count == 2)
  }

  @Test(
    "a directory changed less than 2 s ago, or in the future, is read each time and never kept",
    arguments: [0, 1, 2, -1, -100])
  func racy(secondsAfterChange: Int64) throws {
    let now = try status()
    var cache = DirectoryNameCache(
      prefix: "dodo-", entries: [now.identity: .init(changeTime: now.changeTime, names: ["dodo-kept"])])
    #expect(names(&cache, now: now.changeTime.seconds + secondsAfterChange).sorted() == ["dodo-a", "dodo-b"])
    #expect(cache.entries.isEmpty)
  }

  @Test("a directory changed 3 s before the clock is kept")
  func settled() throws {
    var cache = DirectoryNameCache(prefix: "dodo-")
    #expect(names(&cache, now: try status().changeTime.seconds + 3).sorted() == ["dodo-a", "dodo-b"])
    #expect(cache.entries.count == 1)
  }

  @Test("a directory named twice (or through a link) is listed once; a missing one or a file gives nothing")
  func identityOnce() throws {
    try FileManager.default.createSymbolicLink(atPath: temp.sub("link"), withDestinationPath: bin)
    var cache = DirectoryNameCache(prefix: "dodo-")
    var read: Set<Syscalls.FileIdentity> = []
    let now = try later()
    #expect(cache.names(in: bin, now: now, skipping: &read).sorted() == ["dodo-a", "dodo-b"])
    #expect(cache.names(in: temp.sub("link"), now: now, skipping: &read) == [])
    #expect(cache.names(in: bin, now: now, skipping: &read) == [])
    #expect(cache.names(in: temp.sub("missing"), now: now, skipping: &read) == [])
    #expect(cache.names(in: temp.sub("bin/other"), now: now, skipping: &read) == [])
    #expect(read.count == 1 && cache.entries.count == 1)
  }

  @Test("beyond the limit, only the directories of the latest listing are kept")
  func trimmed() throws {
    let now = try status()
    var entries: [Syscalls.FileIdentity: DirectoryNameCache.Entry] = [:]
    for inode in 0..<UInt64(DirectoryNameCache.entryLimit) {
      entries[.init(device: 0, inode: inode)] = .init(changeTime: now.changeTime, names: [])
    }
    var cache = DirectoryNameCache(prefix: "dodo-", entries: entries)
    cache.trim(keeping: [])
    #expect(cache.entries.count == DirectoryNameCache.entryLimit)
    var read: Set<Syscalls.FileIdentity> = []
    _ = cache.names(in: bin, now: try later(), skipping: &read)
    cache.trim(keeping: read)
    #expect(Array(cache.entries.keys) == [now.identity])
  }
}
