import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `dodo help` with plugins on PATH (the snapshots have none): the plugins it lists, and the
/// ones it warns about.
@Suite struct HelpCommandTests {
  @Test("help lists the plugins found, names escaped, after the commands; one that cannot run gets a warning")
  func pluginsAreListed() throws {
    let runner = try CommandRunner()
    let withoutPlugins = try runner.run(["help"]).stdout
    // A folder whose path is too long to stand beside "plugin:".
    let folder = "a-folder-whose-path-is-too-long-to-stand-beside-plugin/bin"
    let bin = runner.scratch + "/" + folder
    try runner.file("\(folder)/dodo-a\u{1b}[31mb", "#!/bin/sh\n", mode: 0o700)
    try runner.file("\(folder)/dodo-hello", "#!/bin/sh\n", mode: 0o700)
    try runner.file("\(folder)/dodo-noexec", "#!/bin/sh\n")
    runner.environment["PATH"] = bin
    let plugins = """
      PLUGINS:
        a\\x1b[31mb              plugin:
                                \(bin)/dodo-a\\x1b[31mb
        hello                   plugin:
                                \(bin)/dodo-hello

      GLOBAL OPTIONS:

      """
    expectOutcome(
      try runner.run(["help"]), status: 0, stdout: withoutPlugins.replacing("GLOBAL OPTIONS:\n", with: plugins),
      stderr: "dodo: warning: the plugin \(bin)/dodo-noexec is not executable (chmod +x it to use 'dodo noexec')\n")
  }

  @Test("--verbose says when the plugin-name cache cannot be kept; help is the same, and says nothing of it without")
  func cacheProblemsOnlyWithVerbose() throws {
    let runner = try CommandRunner()
    // A symbolic link in place of the cache directory: dodo refuses to write through it.
    try FileManager.default.createDirectory(atPath: runner.scratch + "/.cache", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: runner.scratch + "/.cache/dodo", withDestinationPath: "..")
    let plain = try runner.run(["help"])
    #expect(plain.status == 0 && plain.stderr == "" && plain.stdout.hasPrefix("OVERVIEW:"), "\(plain)")
    expectOutcome(
      try runner.run(["--verbose", "help"]), status: 0, stdout: plain.stdout,
      stderr: "dodo: warning: cannot keep the plugin names: refusing \(runner.scratch)/.cache/dodo: "
        + "it is not a directory (it is a symbolic link)\n")
  }
}
