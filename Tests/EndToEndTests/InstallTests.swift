import DodoNetwork
import DodoTestSupport
import Foundation
import Testing

/// `make install` into a temporary DESTDIR, then the installed binary, man pages and
/// completions are used from there, and `make uninstall` removes them.
///
/// It installs the debug binary that `swift test` built (`NO_BUILD=1 BINARY=…`): a release
/// build with the static Swift runtime takes minutes, and the install rules are the same.
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forInstall), "needs \(RequiredTools.forInstall.joined(separator: ", "))")
)
struct InstallTests {

  let destdir = TemporaryDirectory()
  var prefix: String { destdir.url.path + "/usr/local" }
  var basePath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

  func make(_ target: String, _ extra: [String] = []) throws -> ProcessOutput {
    try Subprocess.run(
      "/usr/bin/env",
      [
        "make", "-C", Repository.root.path, target, "NO_BUILD=1", "BINARY=\(Dodo.binary)",
        "DESTDIR=\(destdir.url.path)", "PREFIX=/usr/local",
      ] + extra,
      environment: ["PATH": basePath, "HOME": destdir.url.path])
  }

  static let installedFiles = [
    "bin/dodo", "libexec/dodo/dodo-https",
    "share/man/man1/dodo.1", "share/man/man1/dodo-start.1", "share/man/man1/dodo-config.1",
    "share/man/man5/dodo-config.5",
    "share/bash-completion/completions/dodo", "share/zsh/site-functions/_dodo",
    "share/fish/vendor_completions.d/dodo.fish",
    "share/doc/dodo/config.yaml",
  ]

  @Test func installsRunsAndUninstalls() throws {
    let install = try make("install")
    #expect(install.status == 0, "make install: \(install.stderr)")
    // It ends with what to do next (make's own "Leaving directory" aside).
    let last = install.stdout.split(separator: "\n").last { !$0.hasPrefix("make") }
    #expect(
      last?.hasSuffix("Next: dodo doctor (this machine's return path), then man dodo.") == true, "\(install.stdout)")
    for file in Self.installedFiles {
      #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "make install did not install \(file)")
    }
    let mode = try FileManager.default.attributesOfItem(atPath: "\(prefix)/bin/dodo")[.posixPermissions] as? Int
    #expect(mode == 0o755)
    let helperMode =
      try FileManager.default.attributesOfItem(atPath: "\(prefix)/libexec/dodo/dodo-https")[.posixPermissions] as? Int
    #expect(helperMode == 0o755)
    // Where the installed dodo looks for it: ../libexec/dodo/ from bin/.
    let places = HelperTransport.candidates(forExecutable: "\(prefix)/bin/dodo")
    #expect(places.contains { FileManager.default.isExecutableFile(atPath: $0) }, "dodo would not find it: \(places)")
    // It runs from there (its libcurl found), answering a malformed request with a framed error
    // (in the envelope of the request's ID).
    let helper = try Subprocess.run(
      "\(prefix)/libexec/dodo/dodo-https", [], stdin: "dodo-https 2 1 14\nnot a request\n",
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(helper.stdout.hasPrefix("dodo-https 2 1 "), "\(helper)")
    #expect(helper.stdout.contains("\ndodo-https 1\nerror unavailable\n"), "\(helper)")

    // The installed binary.
    let environment = Dodo.environment(home: destdir.url, ["PATH": "\(prefix)/bin:\(basePath)"])
    let version = try Subprocess.run("\(prefix)/bin/dodo", ["--version"], environment: environment)
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("dodo "))
    // The helper is not a plugin: `dodo https` does not find it (it is not on PATH).
    let https = try Subprocess.run("\(prefix)/bin/dodo", ["https"], environment: environment)
    #expect(https.status == 127, "\(https)")

    // Its man pages, by file and through the man path.
    let page = try Subprocess.run(
      "/usr/bin/env", ["man", "-l", "\(prefix)/share/man/man1/dodo-start.1"],
      environment: ["PATH": basePath, "MANPAGER": "cat", "MANWIDTH": "80"])
    #expect(page.status == 0)
    #expect(page.stdout.contains("dodo-start"))
    let format = try Subprocess.run(
      "/usr/bin/env", ["man", "-M", "\(prefix)/share/man", "5", "dodo-config"],
      environment: ["PATH": basePath, "MANPAGER": "cat", "MANWIDTH": "80"])
    #expect(format.status == 0, "man -M … 5 dodo-config: \(format.stderr)")
    #expect(format.stdout.contains("default_profile"))

    // Its completions, from where each shell looks.
    let directories: [CompletionShell: String] = [
      .bash: "\(prefix)/share/bash-completion/completions",
      .zsh: "\(prefix)/share/zsh/site-functions",
      .fish: "\(prefix)/share/fish/vendor_completions.d",
    ]
    for (shell, directory) in directories {
      let candidates = try shell.complete("dodo abandoned ", environment: environment, scriptDirectory: directory)
      #expect(Set(candidates) == ["show", "clear", "reconcile"], "\(shell) from \(directory) offers \(candidates)")
    }

    let uninstall = try make("uninstall")
    #expect(uninstall.status == 0, "make uninstall: \(uninstall.stderr)")
    for file in Self.installedFiles {
      #expect(!FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "make uninstall left \(file)")
    }
    #expect(!FileManager.default.fileExists(atPath: "\(prefix)/libexec/dodo"), "make uninstall left libexec/dodo")
  }

  /// The real thing: `make install` builds the release binary with the Swift runtime (and on
  /// Linux everything else) linked statically, so it needs no toolchain. About 30 s of two cores on a fresh scratch
  /// directory, so only when asked: DODO_TEST_RELEASE_INSTALL=1 swift test --filter Install.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["DODO_TEST_RELEASE_INSTALL"] == "1"))
  func releaseInstallNeedsNoSwiftRuntime() throws {
    let scratch = destdir.url.appendingPathComponent("build").path
    let install = try Subprocess.run(
      "/usr/bin/env",
      [
        "make", "-C", Repository.root.path, "install", "BUILD_DIR=\(scratch)", "DESTDIR=\(destdir.url.path)",
        "PREFIX=/usr/local",
      ],
      environment: ["PATH": basePath, "HOME": ProcessInfo.processInfo.environment["HOME"] ?? destdir.url.path])
    #expect(install.status == 0, "make install: \(install.stderr)")
    let libraries = try Subprocess.run("/usr/bin/env", ["ldd", "\(prefix)/bin/dodo"], environment: ["PATH": basePath])
    #expect(
      !libraries.stdout.contains("libswiftCore"), "the installed dodo needs the Swift runtime: \(libraries.stdout)")
    #if os(Linux)
      // Fully static on Linux: no dynamic loader, no libyaml or libstdc++ to find at start-up.
      #expect(
        libraries.stderr.contains("not a dynamic executable"),
        "the installed dodo is linked dynamically: \(libraries.stdout)")
    #endif
    let version = try Subprocess.run("\(prefix)/bin/dodo", ["--version"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(version.stdout.hasPrefix("dodo "))
    // The helper links the system's libcurl (TLS updates come from the OS); dodo does not.
    #expect(!libraries.stdout.contains("libcurl"))
    let helper = try Subprocess.run(
      "/usr/bin/env", ["ldd", "\(prefix)/libexec/dodo/dodo-https"], environment: ["PATH": basePath])
    #expect(helper.stdout.contains("libcurl"), "\(helper.stdout)")
    #expect(!helper.stdout.contains("libswiftCore"), "\(helper.stdout)")
  }

  @Test func installWithoutTheHelperFailsClearly() throws {
    let output = try Subprocess.run(
      "/usr/bin/env",
      [
        "make", "-C", Repository.root.path, "install-files", "BINARY=\(Dodo.binary)",
        "HELPER=\(destdir.url.path)/missing", "DESTDIR=\(destdir.url.path)",
      ],
      environment: ["PATH": basePath])
    #expect(output.status != 0)
    #expect(output.stderr.contains("no dodo-https helper"))
    #expect(!FileManager.default.fileExists(atPath: "\(prefix)/bin/dodo"))
  }

  static func size(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
  }

  @Test("sudo make install after make installs what was built, without building as root")
  func sudoInstallDoesNotBuild() throws {
    // SWIFT=false: any build would fail. NO_BUILD is not given: sudo's SUDO_USER decides.
    let output = try Subprocess.run(
      "/usr/bin/env",
      [
        "make", "-C", Repository.root.path, "install", "SWIFT=false", "BINARY=\(Dodo.binary)",
        "DESTDIR=\(destdir.url.path)", "PREFIX=/usr/local",
      ],
      environment: ["PATH": "/usr/bin:/bin", "HOME": destdir.url.path, "SUDO_USER": "someone"])
    #expect(output.status == 0, "sudo make install: \(output.stderr)")
    #expect(FileManager.default.fileExists(atPath: "\(prefix)/bin/dodo"))
    // A bin directory that is not on PATH is said, with the line that puts it there.
    #expect(
      output.stdout.contains("/usr/local/bin is not on PATH: export PATH=\"/usr/local/bin:$PATH\""), "\(output.stdout)")
  }

  @Test("make install strips the binary; make install STRIP= keeps its symbols")
  func installStripsUnlessAskedNotTo() throws {
    let built = try Self.size(Dodo.binary)
    let install = try make("install-files")
    #expect(install.status == 0, "make install: \(install.stderr)")
    let stripped = try Self.size("\(prefix)/bin/dodo")
    #expect(stripped > 0 && stripped < built, "installed \(stripped) bytes of a \(built)-byte binary")
    let keep = try make("install-files", ["STRIP="])
    #expect(keep.status == 0, "make install STRIP=: \(keep.stderr)")
    #expect(try Self.size("\(prefix)/bin/dodo") == built)
  }

  @Test func installWithoutABinaryFailsClearly() throws {
    let output = try Subprocess.run(
      "/usr/bin/env",
      [
        "make", "-C", Repository.root.path, "install-files", "BINARY=\(destdir.url.path)/missing",
        "DESTDIR=\(destdir.url.path)",
      ],
      environment: ["PATH": basePath])
    #expect(output.status != 0)
    #expect(output.stderr.contains("no dodo binary"))
    #expect(!FileManager.default.fileExists(atPath: "\(prefix)/bin/dodo"))
  }
}
