import DodoTestSupport
import Foundation
import Testing

/// Where start's result goes when standard output is slow, gone, or closed: the claim is
/// answered first, a signal still ends it, a reader that left is a warning, and a standard
/// output closed at launch is refused before anything happens.
@Suite("start's result and an unwritable standard output (end to end)")
struct StartOutputEndToEndTests {
  static let returnURL = "myapp://checkout/return?state=S"
  /// A return whose JSON result (the key twice: licenseKeys and raw) is more than a pipe holds.
  static let largeReturn =
    "myapp://checkout/return?state=S&status=succeeded&payment_id=pay_1&license_key="
    + String(repeating: "K", count: 40_000)

  /// `dodo start` with standard output on `stdout`, which the test reads or not.
  final class Start {
    let process = Process()
    let err = Pipe()

    init(_ sandbox: CheckoutSandbox, _ arguments: [String], stdout: FileHandle) throws {
      process.executableURL = URL(fileURLWithPath: Dodo.binary)
      process.arguments = ["start"] + arguments
      process.environment = sandbox.environment()
      process.standardOutput = stdout
      process.standardError = err
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    func waitUntilListening(_ sandbox: CheckoutSandbox) -> Bool {
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline {
        if RunningStart.accepts(sandbox.runtime + "/return.sock"), sandbox.recordExists { return true }
        usleep(5_000)
      }
      return false
    }

    /// Waits up to `timeout` seconds for the end; `nil` (and the process killed) if it did not come.
    func finish(timeout: TimeInterval = 20) -> (status: Int32, signalled: Bool, stderr: String)? {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning, Date() < deadline { usleep(5_000) }
      guard !process.isRunning else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
      }
      let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      return (process.terminationStatus, process.terminationReason == .uncaughtSignal, stderr)
    }
  }

  @Test(
    "handle-url is answered before start writes its result, even into a full pipe; the record goes once it is written")
  func claimBeforeBlockingWrite() throws {
    let sandbox = CheckoutSandbox()
    let out = Pipe()
    let start = try Start(
      sandbox, [Checkout.url, "--return-url", Self.returnURL, "--no-open", "--json"], stdout: out.fileHandleForWriting)
    try out.fileHandleForWriting.close()
    #expect(start.waitUntilListening(sandbox))
    let handled = try sandbox.run(["handle-url", Self.largeReturn])
    #expect(handled.status == 0, "\(handled.stderr)")
    #expect(handled.stdout == "claimed\n")
    // Only now is the pipe read: the whole result arrives, and then the record goes.
    let result = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let ended = start.finish()
    #expect(ended?.status == 0, "\(ended?.stderr ?? "did not end")")
    #expect(result.hasPrefix(#"{"status":"succeeded","paymentId":"pay_1""#))
    #expect(result.hasSuffix(#"},"warnings":[]}"# + "\n"))
    #expect(!sandbox.recordExists)
  }

  @Test(
    "SIGINT, SIGTERM or SIGHUP ends a start blocked writing its result: a warning, the record kept",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalWhileBlockedWriting(signal: Int32) throws {
    let sandbox = CheckoutSandbox()
    let out = Pipe()
    let start = try Start(
      sandbox, [Checkout.url, "--return-url", Self.returnURL, "--no-open", "--json"], stdout: out.fileHandleForWriting)
    try out.fileHandleForWriting.close()
    #expect(start.waitUntilListening(sandbox))
    #expect(try sandbox.handle(Self.largeReturn))
    kill(start.process.processIdentifier, signal)
    let ended = start.finish()
    #expect(ended != nil, "start did not end on signal \(signal)")
    #expect(ended?.status == 0)
    #expect(ended?.signalled == false)
    #expect(
      ended?.stderr.contains(
        #"{"warning":"cannot write standard output: a signal arrived while it waited for the reader; the abandoned session is kept"}"#
      )
        == true, "\(ended?.stderr ?? "")")
    #expect(sandbox.recordExists)
  }

  @Test(
    "a reader that has gone (| head -1) is a warning: no death by SIGPIPE, the outcome's exit status, the record kept")
  func brokenPipe() throws {
    let sandbox = CheckoutSandbox()
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    close(fds[0])  // nobody will ever read
    let start = try Start(
      sandbox, [Checkout.url, "--return-url", Self.returnURL, "--no-open", "--json", "--timeout", "0.3"],
      stdout: FileHandle(fileDescriptor: fds[1], closeOnDealloc: true))
    close(fds[1])
    let ended = start.finish()
    #expect(ended?.signalled == false, "killed by signal \(ended?.status ?? -1)")
    #expect(ended?.status == 11)
    #expect(
      ended?.stderr.contains(#"{"warning":"cannot write standard output: Broken pipe; the abandoned session is kept"}"#)
        == true, "\(ended?.stderr ?? "")")
    #expect(sandbox.recordExists)
  }

  @Test("a start whose standard output is closed refuses (23) before it records or opens anything")
  func closedAtLaunch() throws {
    let sandbox = CheckoutSandbox()
    let opened = sandbox.home.url.appendingPathComponent("opened").path
    let browser = try sandbox.script("browser", "touch '\(opened)'\n")
    let output = try Subprocess.run(
      "/bin/sh",
      [
        "-c", "exec \"$DODO\" start \"$0\" --return-url \"$1\" --browser \"$2\" --timeout 1 >&-", Checkout.url,
        Self.returnURL, browser,
      ],
      environment: sandbox.environment(["DODO": Dodo.binary]))
    #expect(output.status == 23)
    #expect(
      output.stderr.contains("standard output is closed, so the checkout's result could go nowhere"), "\(output.stderr)"
    )
    #expect(!sandbox.recordExists)
    #expect(!FileManager.default.fileExists(atPath: opened))
  }

  @Test(
    "every other command exits non-zero when standard output is closed",
    arguments: [
      ["--version"], ["validate", "--return-url", "https://myapp.com/return"], ["help"], ["config", "path"],
    ])
  func otherCommandsClosedAtLaunch(arguments: [String]) throws {
    let sandbox = CheckoutSandbox()
    let output = try Subprocess.run(
      "/bin/sh", ["-c", "exec \"$DODO\" \"$@\" >&-", "sh"] + arguments,
      environment: sandbox.environment(["DODO": Dodo.binary]))
    #expect(output.status == 23, "\(output.stderr)")
    #expect(output.stderr.contains("cannot write standard output: Bad file descriptor"), "\(output.stderr)")
  }
}
