import DodoAccount
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// `confirm -` on a live stream: a refused key, a TLS failure or no answer at all ends it at
/// once with exit 24, without waiting for the end of its input.
@Suite struct ConfirmStreamStopTests {
  /// Runs `dodo confirm -` with `lines` on standard input and the pipe left open; closes it
  /// after `bound` seconds when dodo is still reading, so that a failing test ends too.
  func runWithOpenInput(_ lines: String, transport: InMemoryTransport, bound: Double = 20) throws -> (
    status: Int32, stderr: String, endedWhileOpen: Bool
  ) {
    let runner = try CommandRunner()
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_key"
    // A blocking pipe, as a terminal or a shell's pipe is: a read waits for the next line.
    let pipe = Pipe()
    try pipe.fileHandleForWriting.write(contentsOf: Data(lines.utf8))
    let errors = LockedBox("")
    let finished = DispatchSemaphore(value: 0)
    let status = LockedBox<Int32>(-1)
    let reading = UnownedDescriptor(ownedElsewhere: pipe.fileHandleForReading.fileDescriptor)
    let environment = runner.environment
    Thread {
      let stderr = MemoryStream()
      status.value = Dodo.main(
        arguments: ["confirm", "--json", "-"], environment: environment, stdinFD: reading, stdout: MemoryStream(),
        stderr: stderr, transport: .injected(transport), sleep: { _ in })
      errors.value = stderr.text
      finished.signal()
    }.start()
    let endedWhileOpen = finished.wait(timeout: .now() + bound) == .success
    try pipe.fileHandleForWriting.close()
    if !endedWhileOpen { finished.wait() }
    return (status.value, errors.value, endedWhileOpen)
  }

  @Test(
    "a refused key, a TLS failure or no answer ends confirm - at once, its input still open",
    arguments: [
      InMemoryTransport.Answer.json(401, "{}"), .fail(TransportError(.tls, "unknown CA")),
      .fail(TransportError(.connection, "refused")),
    ])
  func stopsAtTheFirstFatalFailure(answer: InMemoryTransport.Answer) throws {
    let transport = InMemoryTransport(["/payments/pay_1": answer])
    let run = try runWithOpenInput("pay_1\n", transport: transport)
    #expect(run.endedWhileOpen, "confirm - kept reading after a fatal failure")
    #expect(run.status == 24)
    #expect(run.stderr.contains("API_ERROR"))
    #expect(transport.paths == ["/payments/pay_1"])
  }
}

/// A value one thread sets and another reads after a semaphore.
final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
