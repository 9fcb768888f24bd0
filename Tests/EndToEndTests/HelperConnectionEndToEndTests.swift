import DodoAccount
import DodoNetwork
import DodoTestSupport
import Foundation
import Testing

/// One `dodo-https` per command, one connection for all its requests, and no helper left
/// when `dodo` ends, whichever way it ends.
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forFakeAPI), "needs \(RequiredTools.forFakeAPI.joined(separator: ", "))")
)
struct HelperConnectionEndToEndTests {
  static let ids = (1...20).map { "pay_\($0)" }

  let api: FakeDodoAPI

  init() throws {
    let payments = Self.ids.map { #""\#($0)": {"status": "succeeded"}"# }.joined(separator: ", ")
    api = try FakeDodoAPI(state: #"{"payments": {\#(payments)}}"#)
  }

  @Test func confirmSendsEveryRequestOnOneKeptConnection() throws {
    let home = TemporaryDirectory()
    let output = try Dodo.run(
      ["confirm", "--json", "--rate", "1000", "-"], stdin: Self.ids.joined(separator: "\n") + "\n",
      environment: Dodo.environment(home: home.url, api.environment))
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.split(separator: "\n").count == Self.ids.count)
    let requests = try api.requests()
    #expect(Set(requests.map(\.path)) == Set(Self.ids.map { "/payments/\($0)" }))
    // HTTP/1.1 (the fake offers no HTTP/2): one connection, kept alive, for the 20 requests.
    #expect(Set(requests.map(\.client)).count == 1, "\(requests.map(\.client))")
  }

  @Test func aTransportKeepsItsHelperAndConnection() throws {
    let transport = HelperTransport(
      environment: ["SSL_CERT_FILE": api.caFile], helperPath: TransportEndToEndTests.helper)
    for id in Self.ids.prefix(3) {
      #expect(try transport.send(.api(.get, "/payments/\(id)", baseURL: api.baseURL, apiKey: api.apiKey)).status == 200)
    }
    transport.close()
    // One helper (each would open its own connection), one connection.
    #expect(Set(try api.requests().map(\.client)).count == 1)
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func theHelperEndsWithDodo(signal: Int32) throws {
    let home = TemporaryDirectory()
    let python = try #require(BrowserTools.python3)
    let dodo = Process()
    // Through python's exec, with the signal's default action and unblocked: a test runner may
    // block or ignore it, and what it blocks its children inherit.
    dodo.executableURL = URL(fileURLWithPath: python)
    // pay_1 is confirmed before `-` waits on the standard input, which stays open.
    dodo.arguments = ["-c", Self.execWithSignal, "\(signal)", Dodo.binary, "confirm", "pay_1", "-"]
    dodo.environment = Dodo.environment(home: home.url, api.environment)
    let input = Pipe()
    let output = Pipe()
    dodo.standardInput = input
    dodo.standardOutput = output
    dodo.standardError = FileHandle.nullDevice
    try dodo.run()
    defer {
      if dodo.isRunning { kill(dodo.processIdentifier, SIGKILL) }
      try? input.fileHandleForWriting.close()
    }
    var printed = Data()
    while !printed.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      printed.append(chunk)
    }
    #expect(String(decoding: printed, as: UTF8.self).contains("pay_1"))
    let helper = try #require(ProcessTable.children(of: dodo.processIdentifier, named: "dodo-https").first)
    kill(dodo.processIdentifier, signal)
    let ended = Date().addingTimeInterval(10)
    while dodo.isRunning, Date() < ended { usleep(10_000) }
    try #require(!dodo.isRunning, "dodo did not end on signal \(signal)")
    #expect(dodo.terminationReason == .uncaughtSignal)
    // It reads the end of its input when dodo's end of the pipe closes, and exits.
    let deadline = Date().addingTimeInterval(10)
    while ProcessTable.isRunning(helper), Date() < deadline { usleep(10_000) }
    #expect(!ProcessTable.isRunning(helper), "dodo-https (\(helper)) outlived dodo")
  }

  static let execWithSignal = """
    import os, signal, sys
    number = signal.Signals(int(sys.argv[1]))
    signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {number})
    os.execv(sys.argv[2], sys.argv[2:])
    """
}
