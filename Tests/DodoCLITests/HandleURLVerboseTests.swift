import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `handle-url --verbose` says why a URL was not claimed: no checkout waiting, or which part
/// did not match; never the URL's query or the run's state.
@Suite("handle-url --verbose says why", .serialized)
struct HandleURLVerboseTests {
  @Test("no checkout waiting says so")
  func noCheckout() throws {
    let runner = try CommandRunner()
    runner.environment["DODO_RUNTIME_DIR"] = runner.scratch + "/run"
    let output = try runner.run(["handle-url", "--verbose", "myapp://checkout/return?status=succeeded"])
    expectOutcome(output, status: 1, stdout: "not claimed\n", stderr: "dodo: no checkout is waiting for a return\n")
    let quiet = try runner.run(["handle-url", "myapp://checkout/return?status=succeeded"])
    #expect(quiet.stderr.isEmpty)
  }

  @Test("a checkout waiting says which part did not match, or that the state is missing")
  func whichPart() throws {
    let start = try StartHarness()
    let said = LockedBox<[String]>([])
    let environment = start.runner.environment
    let back = "myapp://checkout/return?status=succeeded&payment_id=pay_1&state=s3cr3t"
    start.browser = { _ in
      Thread {
        for url in [
          "myapp://checkout/done?state=s3cr3t", "myapp://checkout/return?status=succeeded&payment_id=pay_1", back,
        ] {
          let stderr = MemoryStream()
          _ = Dodo.main(
            arguments: ["handle-url", "--verbose", url], environment: environment, stdout: MemoryStream(),
            stderr: stderr)
          said.value.append(stderr.text)
        }
      }.start()
    }
    let output = try start.run(["--timeout", "20"])
    #expect(output.status == 0, "\(output)")
    #expect(
      said.value == [
        "dodo: the checkout in progress did not claim it: a URL that is not the return URL was refused: its path differs\n",
        "dodo: the checkout in progress did not claim it: a return without this run's state was refused: does your backend keep the return URL's query?\n",
        "",
      ])
  }
}
