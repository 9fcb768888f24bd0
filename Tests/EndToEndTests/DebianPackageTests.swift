import DodoTestSupport
import Foundation
import Testing

/// `make deb`: the package installs with `dpkg -i`, works where Debian's tools look (PATH,
/// man, bash-completion), and `dpkg -r` leaves nothing behind; lintian finds no error or
/// warning.
///
/// Installing touches the system (`/usr`), so it runs only as root under CI (`.ci/run`), or
/// when asked: DODO_TEST_DEB=1 swift test --filter DebianPackage.
@Suite(
  .serialized,
  .enabled(
    if: (ProcessInfo.processInfo.environment["CI"] == "true"
      || ProcessInfo.processInfo.environment["DODO_TEST_DEB"] == "1")
      && getuid() == 0,
    "installs a package: runs as root under CI=true or DODO_TEST_DEB=1"))
struct DebianPackageTests {
  var basePath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

  /// `make deb` of `binary` into a scratch directory; the package's path.
  func makeDeb(_ binary: String, in scratch: TemporaryDirectory) throws -> String {
    let output = try Subprocess.run(
      "/usr/bin/env",
      [
        "make", "--no-print-directory", "-C", Repository.root.path, "deb", "NO_BUILD=1", "BINARY=\(binary)",
        "DEB_ROOT=\(scratch.url.path)/root", "DIST=\(scratch.url.path)/dist",
      ],
      environment: ["PATH": basePath, "HOME": scratch.url.path])
    #expect(output.status == 0, "make deb: \(output.stderr)")
    let package = try #require(output.stdout.split(separator: "\n").last.map(String.init), "\(output.stdout)")
    #expect(package.hasSuffix(".deb") && FileManager.default.fileExists(atPath: package), "\(package)")
    return package
  }

  func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ProcessOutput {
    try Subprocess.run(
      "/usr/bin/env", arguments, environment: ["PATH": basePath, "LANG": "C.UTF-8"].merging(environment) { $1 })
  }

  /// `dpkg ARGUMENTS`, waiting up to two minutes while another dpkg or apt holds dpkg's lock
  /// (an upgrade, or a second test run on the same machine: dpkg itself fails at once).
  func dpkg(_ arguments: [String]) throws -> ProcessOutput {
    let deadline = Date().addingTimeInterval(120)
    while true {
      let output = try run(["dpkg"] + arguments)
      guard output.status != 0, output.stderr.contains("locked by another process"), Date() < deadline else {
        return output
      }
      usleep(250_000)
    }
  }

  @Test("dpkg -i installs it: dodo --version, man -w dodo and bash completion work; dpkg -r leaves nothing")
  func installAndRemove() throws {
    let scratch = TemporaryDirectory()
    let package = try makeDeb(Dodo.binary, in: scratch)
    let name = (package as NSString).lastPathComponent
    #expect(name.wholeMatch(of: /dodo_0\.1\.0_[a-z0-9]+\.deb/) != nil, "\(name)")
    let contents = try run(["dpkg-deb", "--contents", package])
    let files = contents.stdout.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("-") else { return nil }
      return line.split(separator: " ").last.map { String($0.dropFirst()) }
    }
    for file in [
      "/usr/bin/dodo", "/usr/share/man/man1/dodo.1.gz", "/usr/share/man/man5/dodo-config.5.gz",
      "/usr/share/bash-completion/completions/dodo", "/usr/share/zsh/vendor-completions/_dodo",
      "/usr/share/fish/vendor_completions.d/dodo.fish", "/usr/share/doc/dodo/copyright",
      "/usr/share/doc/dodo/changelog.gz", "/usr/share/doc/dodo/examples/config.yaml",
    ] {
      #expect(files.contains(file), "the package has no \(file): \(files)")
    }

    let install = try dpkg(["-i", package])
    #expect(install.status == 0, "dpkg -i: \(install.stderr)")
    defer { _ = try? dpkg(["-r", "dodo"]) }
    let version = try run(["dodo", "--version"], ["PATH": "/usr/bin:/bin"])
    #expect(version.stdout.hasPrefix("dodo 0.1.0 (libyaml "), "\(version.stdout)\(version.stderr)")
    let man = try run(["man", "-w", "dodo"])
    #expect(man.stdout == "/usr/share/man/man1/dodo.1.gz\n", "man -w dodo: \(man.stdout)\(man.stderr)")
    // bash-completion finds the script itself, by the command's name, when Tab is first pressed.
    let loaded = try run(
      [
        "bash", "--norc", "--noprofile", "-c",
        "source /usr/share/bash-completion/bash_completion; __load_completion dodo && complete -p dodo",
      ])
    #expect(loaded.status == 0 && loaded.stdout.contains(" dodo\n"), "\(loaded.stdout)\(loaded.stderr)")
    let candidates = try CompletionShell.bash.complete(
      "dodo abandoned ", environment: Dodo.environment(home: scratch.url, ["PATH": "/usr/bin:/bin"]),
      scriptDirectory: "/usr/share/bash-completion/completions")
    #expect(Set(candidates) == ["show", "clear", "reconcile"], "\(candidates)")

    let remove = try dpkg(["-r", "dodo"])
    #expect(remove.status == 0, "dpkg -r: \(remove.stderr)")
    for file in files {
      #expect(!FileManager.default.fileExists(atPath: file), "dpkg -r left \(file)")
    }
    #expect(!FileManager.default.fileExists(atPath: "/usr/share/doc/dodo"))
    let status = try run(["dpkg-query", "-W", "-f", "${db:Status-Status}", "dodo"])
    #expect(status.stdout.isEmpty || status.stdout == "not-installed", "dpkg still knows dodo: \(status.stdout)")
  }

  @Test("make deb with a relative DEB_ROOT, as the Makefile's default is, builds the package")
  func relativeRoot() throws {
    let scratch = TemporaryDirectory()
    let root = ".build/deb-root-test-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(at: Repository.url(root)) }
    let output = try Subprocess.run(
      "/usr/bin/env",
      [
        "make", "--no-print-directory", "-C", Repository.root.path, "deb", "NO_BUILD=1", "BINARY=\(Dodo.binary)",
        "DEB_ROOT=\(root)", "DIST=\(scratch.url.path)/dist",
      ],
      environment: ["PATH": basePath, "HOME": scratch.url.path])
    #expect(output.status == 0, "make deb: \(output.stderr)")
    let package = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(package.hasSuffix(".deb") && FileManager.default.fileExists(atPath: package), "\(output.stdout)")
  }

  @Test(
    "lintian (default profile) reports no error and no warning for the release package",
    .enabled(if: RequiredTools.present(RequiredTools.missing(programs: ["lintian"]))))
  func lintianIsClean() throws {
    // Building here would wait forever on the build directory's lock, which `swift test` holds.
    try #require(
      FileManager.default.isExecutableFile(atPath: Dodo.releaseBinary),
      "no release binary at \(Dodo.releaseBinary): run `make` before the tests (.ci/run does)")
    let scratch = TemporaryDirectory()
    let package = try makeDeb(Dodo.releaseBinary, in: scratch)
    let lintian = try run(["lintian", "--fail-on", "error,warning", package])
    let findings = lintian.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
    #expect(findings.isEmpty && lintian.status == 0, "lintian: \(lintian.stdout)\(lintian.stderr)")
  }
}
