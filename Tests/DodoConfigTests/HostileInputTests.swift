import DodoTestSupport
import Testing

@testable import DodoConfig

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Files built to hurt a parser fail quickly with an error, never a crash or a hang.
@Suite struct HostileInputTests {
  /// Runs `body` and returns its result with the wall-clock seconds it took.
  private func timed<T>(_ body: () -> T) -> (T, Double) {
    let start = ContinuousClock.now
    let result = body()
    let elapsed = ContinuousClock.now - start
    return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
  }

  @Test func fiveThousandNestedBracketsStopAtTheDepthLimit() {
    let yaml = "profiles: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n"
    let (error, seconds) = timed { renderedError(yaml) }
    let message = "config.yaml:1:42: error: nesting is deeper than 32 levels"
    #expect(error?.hasPrefix(message) == true, "\(error ?? "no error")")
    #expect(seconds < 0.5)
  }

  @Test func fiveHundredNestedBlockMappingsStopAtTheDepthLimit() {
    var yaml = ""
    for level in 0..<500 { yaml += String(repeating: " ", count: level) + "k\(level):\n" }
    let (error, seconds) = timed { renderedError(yaml) }
    #expect(
      error?.hasPrefix("config.yaml:33:33: error: nesting is deeper than 32 levels") == true, "\(error ?? "no error")")
    #expect(seconds < 0.5)
  }

  @Test func billionLaughsFailsAtTheFirstAnchor() {
    var yaml = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    for (name, previous) in zip("bcdefghi", "abcdefgh") {
      yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
    }
    let (error, seconds) = timed { renderedError(yaml) }
    expectSameText(
      error,
      """
      config.yaml:1:4: error: anchors ('&name') are not allowed in a dodo config
      a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
         ^
      """)
    #expect(seconds < 0.1)
  }

  @Test func aliasWithoutAnchorIsRefused() {
    // libyaml itself reports an alias to an unknown anchor only when composing; the event
    // parser hands it over, and dodo refuses every alias.
    #expect(
      renderedError("profiles:\n  a: *x\n")?.hasPrefix(
        "config.yaml:2:6: error: aliases ('*name') are not allowed in a dodo config") == true)
  }

  @Test func largerThanOneMiBIsRefusedBeforeParsing() {
    let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: (1 << 20) + 1)
    let (error, seconds) = timed { renderedError(bytes) }
    #expect(error == "config.yaml: error: the file is larger than 1024 KiB; a dodo config is a few lines of YAML")
    #expect(seconds < 0.1)
  }

  @Test func exactlyOneMiBOfCommentIsFine() {
    var bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 1 << 20)
    bytes[bytes.count - 1] = UInt8(ascii: "\n")
    #expect(renderedError(bytes) == nil)
  }

  @Test func nulByteIsAnError() {
    #expect(
      renderedError("profiles:\n  a: \u{0}\n")?.hasPrefix("config.yaml:2:6: error: control characters are not allowed")
        == true)
  }

  @Test func emptyAndCommentOnlyFilesAreValidAndEmpty() throws {
    for text in ["", "\n", "# nothing\n", "---\n", "~\n"] {
      let file = try ConfigFile(path: "c", contents: Array(text.utf8))
      #expect(file.profiles.isEmpty && file.defaultProfile == nil)
    }
  }
}
