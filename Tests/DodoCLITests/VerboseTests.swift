import DodoPlatform
import DodoTestSupport
import Testing

@testable import DodoCLI

/// `--verbose`: what dodo says only when asked.
@Suite struct VerboseTests {
  @Test("without XDG_RUNTIME_DIR the fallback is used silently; --verbose says which directory it is")
  func runtimeFallback() throws {
    let url = "myapp://checkout/return?status=succeeded"
    var temporary = ""
    let environment = { (scratch: String) in
      temporary = scratch
      return ["TMPDIR": scratch]
    }
    let quiet = try HelpSnapshotTests.run(["handle-url", url], environment: environment)
    expectSameText(quiet, "$ dodo handle-url \(url)\n[exit 1]\n--- stdout\nnot claimed\n--- stderr\n")
    let verbose = try HelpSnapshotTests.run(["--verbose", "handle-url", url], environment: environment)
    expectSameText(
      verbose,
      """
      $ dodo --verbose handle-url \(url)
      [exit 1]
      --- stdout
      not claimed
      --- stderr
      dodo: warning: XDG_RUNTIME_DIR is not set; using \(temporary)/dodo-\(Syscalls.userID()) for the lock and the return channel
      dodo: no checkout is waiting for a return

      """)
  }
}
