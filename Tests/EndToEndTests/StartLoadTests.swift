import DodoTestSupport
import Foundation
import Testing

@Suite("dodo start under load (end to end)", .serialized)
struct StartLoadTests {
  @Test("20 starts at once: exactly one runs, 19 are ALREADY_IN_PROGRESS")
  func oneAtATime() throws {
    let sandbox = CheckoutSandbox()
    let starts = try (0..<20).map { _ in
      try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--timeout", "5"])
    }
    var finished: [ProcessOutput] = []
    let deadline = Date().addingTimeInterval(15)
    while finished.count < 19, Date() < deadline {
      finished = starts.filter { !$0.process.isRunning }.map { $0.finish() }
      usleep(20_000)
    }
    #expect(finished.count == 19)
    #expect(finished.allSatisfy { $0.status == 22 })
    #expect(finished.allSatisfy { $0.stderr.contains("another checkout is in progress") })
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded"))
    #expect(starts.map { $0.finish().status }.filter { $0 == 0 }.count == 1)
  }

  @Test("200 unrelated handle-urls claim nothing; then the matching one claims")
  func manyUnrelated() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--json"])
    #expect(start.waitUntilListening())
    let claims = Claims()
    DispatchQueue.concurrentPerform(iterations: 200) { i in
      let url = i % 2 == 0 ? "myapp://checkout/other\(i)?status=succeeded" : "https://example.com/\(i)?status=succeeded"
      if (try? sandbox.handle(url)) != false { claims.add() }
    }
    #expect(claims.count == 0)
    #expect(start.process.isRunning)
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded&payment_id=pay_200"))
    #expect(start.finish().stdout.contains("pay_200"))
  }

  @Test("SIGKILL at random points never blocks the next start nor leaves a torn record")
  func randomKills() throws {
    let sandbox = CheckoutSandbox()
    for round in 0..<15 {
      let start = try sandbox.start([
        "https://test.checkout.dodopayments.com/session/cks_\(round)", "--return-url", Checkout.returnURL, "--no-open",
      ])
      usleep(UInt32.random(in: 0...40_000))
      start.signal(SIGKILL)
      _ = start.finish()
      if sandbox.recordExists {
        let shown = try sandbox.run(["abandoned", "show", "--json"])
        #expect(shown.status == 0, "round \(round): \(shown.stderr)")
        #expect(shown.stdout.contains(#""sessionId":"cks_"#))
      }
      // A start killed before it made its state directory left nothing at all.
      guard FileManager.default.fileExists(atPath: sandbox.state) else { continue }
      // Besides the record, only the lock that guards it (kept for good) and temporary files.
      let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.state).filter {
        $0 != "abandoned.json" && $0 != "checkout.lock"
      }
      #expect(files.allSatisfy { $0.hasSuffix(".tmp") })
    }
    let next = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(next.waitUntilListening())
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=expired&payment_id=pay_1"))
    #expect(next.finish().status == 13)
    #expect(!sandbox.recordExists)
    // The start that recorded its session swept what the killed ones left half written.
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.state).filter { $0.hasSuffix(".tmp") } == [])
  }
}

/// A counter shared by concurrent handle-url runs.
final class Claims: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}
