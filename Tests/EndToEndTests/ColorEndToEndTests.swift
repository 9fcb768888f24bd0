import Foundation
import Testing

/// Colour only on a terminal, never with NO_COLOR or --no-color: `script(1)` gives `dodo` a
/// real pseudo-terminal as its standard output.
@Suite("colour on a terminal", .enabled(if: RequiredTools.present(RequiredTools.forColor), "needs script(1) from util-linux"))
struct ColorEndToEndTests {
  private func onTerminal(_ arguments: String, _ extra: [String: String] = [:]) throws -> String {
    let command = "\(Dodo.binary) \(arguments)"
    let run = try Dodo.runProgram(
      "/usr/bin/script", ["-qec", command, "/dev/null"],
      environment: Dodo.environment(home: TemporaryDirectory.shared.url, ["TERM": "xterm"].merging(extra) { $1 }))
    #expect(run.status == 0)
    return run.stdout
  }

  @Test("a terminal gets colour")
  func colourOnTerminal() throws {
    let out = try onTerminal("explain-status succeeded")
    #expect(out.contains("\u{1B}[32msucceeded (status=succeeded)\u{1B}[0m"))
  }

  @Test("--no-color and NO_COLOR turn it off", arguments: [("--no-color explain-status succeeded", [:]), ("explain-status succeeded", ["NO_COLOR": "1"])])
  func noColour(_ arguments: String, _ environment: [String: String]) throws {
    let out = try onTerminal(arguments, environment)
    #expect(out.contains("succeeded (status=succeeded)"))
    #expect(!out.contains("\u{1B}["))
  }
}
