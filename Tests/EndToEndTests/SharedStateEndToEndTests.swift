import DodoTestSupport
import Foundation
import Testing

/// Checkouts that share a state directory, probes that run at once, and files planted in
/// `dodo`'s place.
@Suite("Shared state, concurrent probes and named pipes (end to end)")
struct SharedStateEndToEndTests {
  @Test("a second start with its own runtime directory but the same state directory is ALREADY_IN_PROGRESS (22)")
  func sharedStateDirectory() throws {
    let sandbox = CheckoutSandbox()
    let first = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(first.waitUntilListening())
    let otherRuntime = sandbox.home.url.appendingPathComponent("other-run").path
    let second = try sandbox.start(
      [Checkout.url, "--return-url", Checkout.returnURL, "--no-open"], ["DODO_RUNTIME_DIR": otherRuntime])
    let refused = second.finish()
    #expect(refused.status == 22, "\(refused.stderr)")
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded&payment_id=pay_1"))
    #expect(first.finish().status == 0)
    #expect(!sandbox.recordExists)
  }

  @Test("abandoned clear refuses while a checkout runs (22); --force clears anyway")
  func clearWhileRunning() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(start.waitUntilListening())
    let refused = try sandbox.run(["abandoned", "clear"])
    #expect(refused.status == 22)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "Error: a checkout is running now and the record is its own; 'dodo abandoned clear --force' clears it anyway\n"
    )
    #expect(sandbox.recordExists)
    let forced = try sandbox.run(["abandoned", "clear", "--force"])
    #expect(forced.status == 0)
    #expect(forced.stdout == "cleared\n")
    #expect(!sandbox.recordExists)
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded"))
    #expect(start.finish().status == 0)
  }

  @Test("abandoned clear --json says whether there was a record to clear")
  func clearAsJSON() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--timeout", "0.2"])
    #expect(start.finish().status == 11)
    #expect(sandbox.recordExists)
    let cleared = try sandbox.run(["abandoned", "clear", "--json"])
    #expect(cleared.status == 0)
    #expect(cleared.stdout == #"{"cleared":true}"# + "\n")
    #expect(!sandbox.recordExists)
    let again = try sandbox.run(["abandoned", "clear", "--json"])
    #expect(again.status == 0)
    #expect(again.stdout == #"{"cleared":false}"# + "\n")
  }

  @Test("many abandoned shows at once, with no checkout running, all say inProgress false")
  func concurrentShows() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--timeout", "0.2"])
    #expect(start.finish().status == 11)
    #expect(sandbox.recordExists)
    let outputs = Outputs()
    DispatchQueue.concurrentPerform(iterations: 24) { _ in
      outputs.append((try? sandbox.run(["abandoned", "show", "--json"]))?.stdout ?? "failed")
    }
    let all = outputs.all
    #expect(all.count == 24)
    #expect(all.allSatisfy { $0.hasSuffix(#""inProgress":false}"# + "\n") }, "\(all)")
  }

  @Test("a config file that is a named pipe is refused at once (78), not waited on")
  func configFIFO() throws {
    let home = TemporaryDirectory()
    let fifo = home.url.appendingPathComponent("config.yaml").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = try runWithDeadline(
      Dodo.binary, ["--config", fifo, "config", "show"], environment: Dodo.environment(home: home.url), timeout: 10,
      scratch: home.url)
    #expect(run.status == 78)
    #expect(run.stderr == "\(fifo): error: cannot read the file: \(fifo) is a named pipe (FIFO), not a regular file\n")
  }

  @Test("an abandoned record that is a named pipe is refused at once (23), not waited on")
  func recordFIFO() throws {
    let sandbox = CheckoutSandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    #expect(mkfifo(sandbox.record, 0o600) == 0)
    let run = try runWithDeadline(
      Dodo.binary, ["abandoned", "show"], environment: sandbox.environment(), timeout: 10, scratch: sandbox.home.url)
    #expect(run.status == 23)
    #expect(
      run.stderr
        == "Error: cannot read the abandoned-session record: \(sandbox.record) is a named pipe (FIFO), not a regular file\n"
    )
  }
}

/// What concurrent runs printed, collected under a lock.
private final class Outputs: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []

  func append(_ output: String) { lock.withLock { collected.append(output) } }
  var all: [String] { lock.withLock { collected } }
}
