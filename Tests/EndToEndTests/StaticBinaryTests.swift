import DodoTestSupport
import Foundation
import Testing

/// The static release binary (`make`, which `.ci/run` runs before the tests) takes its
/// arguments as glibc hands them over (Sources/CArguments), not by the static Swift runtime's
/// scan of /proc/self/maps: the scan's constructor is not linked, and every argument arrives
/// whole and in order. Only this binary shows it: `swift test`'s builds use the shared runtime.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["CI"] == "true"
      && FileManager.default.isExecutableFile(atPath: Dodo.releaseBinary),
    "needs the release binary that .ci/run builds with make"))
struct StaticBinaryTests {
  @Test("the runtime's /proc/self/maps scan is not linked in; ours is")
  func noMapsScan() throws {
    let symbols = try Subprocess.run(
      "/usr/bin/env", ["nm", Dodo.releaseBinary], environment: ["PATH": "/usr/bin:/bin"])
    try #require(symbols.status == 0, "nm: \(symbols.stderr)")
    #expect(!symbols.stdout.contains("_GLOBAL__sub_I_CommandLine.cpp"))
    #expect(symbols.stdout.contains(" captureArguments\n"))
  }

  @Test("every argument arrives whole and in order, spaces and non-ASCII bytes included")
  func argumentsArriveWhole() throws {
    let urls = ["myapp://r?status=failed&note=a%20b", "myapp://r?status=succeeded&payment_id=pay_%C3%A9"]
    let output = try Subprocess.run(
      Dodo.releaseBinary, ["explain-status", "--json"] + urls, environment: ["PATH": "/usr/bin:/bin"])
    #expect(output.status == 0, "\(output.stderr)")
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(zip(lines, urls).allSatisfy { line, url in line.contains("\"\(url)\"") }, "\(output.stdout)")
    let refused = try Subprocess.run(
      Dodo.releaseBinary, ["validate", "--é x"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--é x"), "\(refused.stderr)")
  }
}
