import Foundation
import Testing

/// The built binary runs; the command line itself is tested in-process (DodoCLITests' CommandLineTests).
@Suite("the dodo command line")
struct CommandLineEndToEndTests {
  @Test("--version")
  func version() throws {
    let run = try Dodo.run(["--version"])
    #expect(run.status == 0)
    // The version, and the C libraries linked in with theirs.
    #expect(
      run.stdout.wholeMatch(of: /dodo 0\.1\.0 \(libyaml \d+\.\d+\.\d+, libsodium \d+\.\d+\.\d+\)\n/) != nil,
      "\(run.stdout)")
  }
}
