import DodoTestSupport
import Foundation
import Testing

@testable import DodoSetup

/// Finding `dodo-NAME` programs on `PATH`, as the shell would.
@Suite struct PluginTests {
  let home = TemporaryDirectory()

  func program(_ path: String, mode: Int = 0o755) throws {
    let file = try home.write(path, "#!/bin/sh\n")
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
  }

  @Test("PATH's directories in order; an empty entry is the current directory")
  func searchPath() {
    #expect(Plugin.searchPath(["PATH": "/a::/b:"]) == ["/a", ".", "/b", "."])
    #expect(Plugin.searchPath(["PATH": ":"]) == [".", "."])
    #expect(Plugin.searchPath([:]) == ["/usr/local/bin", "/usr/bin", "/bin"])
  }

  @Test("a PATH that is not ASCII is cut by character: a colon that a combining mark joins does not cut")
  func searchPathByCharacter() {
    #expect(Plugin.searchPath(["PATH": "/caf\u{E9}::/x:\u{301}/y:"]) == ["/caf\u{E9}", ".", "/x:\u{301}/y", "."])
  }

  @Test("the first executable dodo-NAME on PATH; not a directory, nor a name that is no file name")
  func find() throws {
    try program("one/dodo-hello", mode: 0o644)
    try program("two/dodo-hello")
    try FileManager.default.createDirectory(atPath: home.sub("one/dodo-dir"), withIntermediateDirectories: true)
    let environment = ["PATH": home.sub("one") + ":" + home.sub("two")]
    #expect(Plugin.find(named: "hello", environment: environment)?.path == home.sub("two/dodo-hello"))
    #expect(Plugin.find(named: "dir", environment: environment) == nil)
    #expect(Plugin.find(named: "../two/dodo-hello", environment: environment) == nil)
    #expect(Plugin.find(named: "", environment: environment) == nil)
  }

  @Test("every dodo-NAME once, sorted: the one that runs, else the first found (not executable)")
  func all() throws {
    try program("one/dodo-b", mode: 0o644)
    try program("two/dodo-b")
    try program("one/dodo-a", mode: 0o644)
    try program("one/dodo-")
    try program("one/other")
    let environment = ["PATH": [home.sub("one"), home.sub("two"), home.sub("one")].joined(separator: ":")]
    let plugins = Plugin.all(environment: environment)
    #expect(plugins.map(\.name) == ["a", "b"])
    #expect(plugins.map(\.isExecutable) == [false, true])
    #expect(plugins.last?.path == home.sub("two/dodo-b"))
  }
}
