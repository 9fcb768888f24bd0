import DodoTestSupport
import Foundation
import Testing

/// `dodo` and `dodo-https` hold the API key in memory: neither leaves a core dump, even
/// when the shell raised the limit (`ulimit -c unlimited`) and a crash comes mid-request.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/limits"), "needs Linux's /proc"))
struct CoreDumpEndToEndTests {
  /// Runs `program ARGUMENTS` in a fresh directory with the core limit raised, its standard
  /// input a pipe nothing is written to (so it waits), then crashes it with SIGSEGV once its
  /// soft core limit reads 0 (or after 5 s). Prints the soft limit it had, then `core` if a
  /// core file appeared, and last `control-core` if a `sleep` crashed the same way left one
  /// (where none does, the machine keeps no core files and the check proves nothing).
  static let script = """
    cd "$1" || exit 1; shift
    ulimit -c unlimited 2>/dev/null || { echo cannot-raise; exit 0; }
    soft() { awk '/^Max core file size/ { print $5 }' "/proc/$1/limits"; }
    mkfifo input
    SWIFT_BACKTRACE=enable=no "$@" <input >/dev/null 2>&1 &
    pid=$!
    exec 3>input
    i=0
    while [ "$(soft $pid)" != 0 ] && [ $i -lt 250 ]; do sleep 0.02; i=$((i + 1)); done
    echo "limit $(soft $pid)"
    kill -SEGV $pid; wait $pid
    exec 3>&-
    ls | grep -q '^core' && echo core
    mkdir control; (cd control && exec sleep 30) & control=$!
    sleep 0.2; kill -SEGV $control; wait $control
    ls control | grep -q '^core' && echo control-core
    exit 0
    """

  func crash(_ program: String, _ arguments: [String] = []) throws -> [String] {
    let directory = TemporaryDirectory()
    let output = try Subprocess.run(
      "/bin/sh", ["-c", Self.script, "sh", directory.path, program] + arguments,
      environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
    return output.stdout.split(separator: "\n").map(String.init)
  }

  @Test(arguments: ["dodo", "dodo-https"])
  func aCrashLeavesNoCoreDump(_ name: String) throws {
    let program = URL(fileURLWithPath: Dodo.binary).deletingLastPathComponent().appendingPathComponent(name).path
    let lines = try crash(program, name == "dodo" ? ["explain-status", "-"] : [])
    // Where the hard limit cannot be raised, no process here can dump core: nothing to show.
    if lines.contains("cannot-raise") { return }
    #expect(lines.first == "limit 0")
    if lines.contains("control-core") { #expect(!lines.contains("core")) }
  }
}
