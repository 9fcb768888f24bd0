import DodoTestSupport
import Foundation
import Testing

/// `webhook listen` ends at once on SIGTERM or SIGINT, even while it forwards a delivery to an
/// app that never answers, and the HTTPS helper doing the forward ends with it.
@Suite(.enabled(if: BrowserTools.python3 != nil, "needs python3"))
struct ListenSignalEndToEndTests {
  static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
  /// Accepts one connection and never answers; writes `accepted`, then `closed` once the
  /// other end closes it, into the file named by its argument. Its first line is its port.
  static let hangingApp = """
    import socket, sys
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    print(server.getsockname()[1], flush=True)
    connection, _ = server.accept()
    open(sys.argv[1], "a").write("accepted\\n")
    while connection.recv(65536):
        pass
    open(sys.argv[1], "a").write("closed\\n")
    sys.stdin.read()
    """

  /// Waits up to `seconds` for the file at `path` to contain `word`.
  func wait(for word: String, in path: String, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains(word) { return true }
      usleep(20_000)
    }
    return false
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalEndsListenWhileAForwardHangs(signal: Int32) throws {
    let python = try #require(BrowserTools.python3)
    let home = TemporaryDirectory()
    let environment = Dodo.environment(home: home.url, ["DODO_PAYMENTS_WEBHOOK_KEY": Self.secret])
    let events = home.sub("app-events")
    let app = try BackgroundProgram(
      "app", python, ["-c", Self.hangingApp, events], environment: environment, logDirectory: home.url)
    defer { app.stop() }
    let appPort = try #require(app.firstLine(timeout: 10))
    let listener = try Listener(
      ["webhook", "listen", "--port", "0", "--forward-to", "http://127.0.0.1:\(appPort)/hook"],
      environment: environment)
    defer { listener.stop() }
    let port = try #require(listener.port)
    let sender = Process()
    sender.executableURL = URL(fileURLWithPath: Dodo.binary)
    sender.arguments = ["webhook", "send", "payment.succeeded", "--to", "http://127.0.0.1:\(port)/"]
    sender.environment = environment
    sender.standardOutput = FileHandle.nullDevice
    sender.standardError = FileHandle.nullDevice
    try sender.run()
    defer { if sender.isRunning { kill(sender.processIdentifier, SIGKILL) } }
    try #require(wait(for: "accepted", in: events, seconds: 10), "the forward never reached the app")
    let start = Date()
    let output = listener.interrupt(signal)
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(output.status == 0, "\(output.stderr)")
    #expect(wait(for: "closed", in: events, seconds: 5), "the helper still holds the forward's connection")
  }
}
