import DodoTestSupport
import Foundation
import Testing

/// Colour on a real terminal: `script(1)` gives `dodo` a pseudo-terminal as its standard
/// output. When colour is turned off is tested in-process (DodoCLITests' OutputStreamTests).
@Suite(
  "colour on a terminal", .enabled(if: RequiredTools.present(RequiredTools.forColor), "needs script(1) from util-linux")
)
struct ColorEndToEndTests {
  private func onTerminal(_ arguments: String) throws -> String {
    let command = "\(Dodo.binary) \(arguments)"
    let run = try Subprocess.run(
      "/usr/bin/script", ["-qec", command, "/dev/null"],
      environment: Dodo.environment(home: TemporaryDirectory.shared.url, ["TERM": "xterm"]))
    #expect(run.status == 0)
    return run.stdout
  }

  @Test("a terminal gets colour")
  func colourOnTerminal() throws {
    let out = try onTerminal("explain-status succeeded")
    #expect(out.contains("\u{1B}[32msucceeded (status=succeeded)\u{1B}[0m"))
  }
}
