import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoSetup

/// `dodo help`'s plugins through the cache of names: always what a fresh scan finds.
@Suite struct PluginListingTests {
  let home = TemporaryDirectory()
  let environment: [String: String]
  var cacheFile: String { home.sub("cache/dodo/plugin-names") }

  init() throws {
    for (path, mode) in [("one/dodo-b", 0o644), ("two/dodo-b", 0o755), ("one/dodo-a", 0o644), ("one/other", 0o755)] {
      try home.writeProgram(path, "#!/bin/sh\n", mode: mode)
    }
    environment = [
      "PATH": [home.sub("one"), home.sub("two"), home.sub("one")].joined(separator: ":"), "HOME": home.path,
      "XDG_CACHE_HOME": home.sub("cache"),
    ]
  }

  /// A clock long after the directories were made: they are kept at once.
  var later: Int64 { Syscalls.unixTime() + 100 }

  func inode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
  }

  @Test("the plugins a fresh scan finds; the names kept, and written again only when they change")
  func keptAndRewrittenOnlyOnChange() throws {
    let fresh = Plugin.all(environment: environment)
    #expect(fresh.map(\.name) == ["a", "b"])
    let first = PluginListing.plugins(environment: environment, now: later)
    #expect(first.plugins == fresh && first.problems == [])
    let kept = DirectoryNameCache.load(from: cacheFile, prefix: "dodo-").cache
    #expect(
      kept?.entries.values.map { $0.names.sorted() }.sorted { $0.count < $1.count } == [
        ["dodo-b"], ["dodo-a", "dodo-b"],
      ])
    let written = try inode(cacheFile)

    let second = PluginListing.plugins(environment: environment, now: later)
    #expect(second.plugins == fresh && second.problems == [])
    #expect(try inode(cacheFile) == written)
  }

  @Test("a plugin added to a directory just changed is listed at once, whatever the cache says")
  func addedIsListedAtOnce() throws {
    _ = PluginListing.plugins(environment: environment, now: later)
    try home.writeProgram("two/dodo-c", "#!/bin/sh\n")
    let listed = PluginListing.plugins(environment: environment)
    #expect(listed.plugins.map(\.name) == ["a", "b", "c"])
    #expect(listed.plugins == Plugin.all(environment: environment))
  }

  @Test("a plugin made executable is listed so at once: each name is looked at now")
  func modeIsLive() throws {
    _ = PluginListing.plugins(environment: environment, now: later)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.sub("one/dodo-a"))
    let listed = PluginListing.plugins(environment: environment, now: later)
    #expect(listed.plugins.map(\.isExecutable) == [true, true])
    #expect(listed.plugins == Plugin.all(environment: environment))
  }

  /// Swift's `==` takes the two names for one, so the first found is listed: as a fresh scan
  /// meets them, in the directory's order.
  @Test("of two names equal as Unicode, the one a fresh scan lists, from the cache too")
  func equivalentNames() throws {
    try home.writeProgram("one/dodo-\u{E9}", "#!/bin/sh\n", mode: 0o644)
    try home.writeProgram("one/dodo-e\u{301}", "#!/bin/sh\n", mode: 0o644)
    var read: Set<Syscalls.FileIdentity> = []
    #expect(try Syscalls.directoryEntries(home.sub("one"), prefix: "dodo-", skipping: &read).count == 4)
    let fresh = Plugin.all(environment: environment)
    #expect(fresh.count == 3)
    #expect(PluginListing.plugins(environment: environment, now: later).plugins == fresh)
    let cached = PluginListing.plugins(environment: environment, now: later)
    #expect(cached.plugins == fresh && cached.plugins.map { Array($0.path.utf8) } == fresh.map { Array($0.path.utf8) })
  }

  @Test("a cache file that is a named pipe is refused, then written again; the list is right")
  func fifoReplaced() throws {
    try FileManager.default.createDirectory(
      atPath: home.sub("cache/dodo"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    #expect(mkfifo(cacheFile, 0o600) == 0)
    let listed = PluginListing.plugins(environment: environment, now: later)
    #expect(listed.plugins == Plugin.all(environment: environment))
    #expect(listed.problems == ["\(cacheFile) is a named pipe (FIFO), not a regular file"])
    #expect(DirectoryNameCache.load(from: cacheFile, prefix: "dodo-").cache != nil)
  }

  @Test("a cache directory that cannot be used is said (for --verbose) and changes nothing else")
  func unwritable() throws {
    try FileManager.default.createDirectory(atPath: home.sub("elsewhere"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: home.sub("cache"), withDestinationPath: home.sub("elsewhere"))
    try FileManager.default.createSymbolicLink(
      atPath: home.sub("elsewhere/dodo"), withDestinationPath: home.sub("elsewhere"))
    let listed = PluginListing.plugins(environment: environment, now: later)
    #expect(listed.plugins == Plugin.all(environment: environment))
    #expect(
      listed.problems == [
        "cannot keep the plugin names: refusing \(home.sub("cache/dodo")): it is not a directory (it is a symbolic link)"
      ])
  }

  @Test("a relative XDG_CACHE_HOME is ignored: the cache is in ~/.cache/dodo")
  func relativeCacheHome() throws {
    var relative = environment
    relative["XDG_CACHE_HOME"] = "cache"
    let listed = PluginListing.plugins(environment: relative, now: later)
    #expect(listed.plugins == Plugin.all(environment: environment) && listed.problems == [])
    #expect(!FileManager.default.fileExists(atPath: home.sub("cache")))
    #expect(FileManager.default.fileExists(atPath: home.sub(".cache/dodo/plugin-names")))
  }
}
