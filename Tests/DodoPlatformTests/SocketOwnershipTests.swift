import DodoCheckout
import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

/// Every socket and pipe end is closed exactly once, by its owner: counted through
/// `SyscallMock`, as the file layer's descriptors are (`DescriptorOwnershipTests`). The mock
/// is the test's task's own, so the threads playing the other side are not counted.
extension DescriptorOwnershipTests {
  /// The descriptors the calls made: one per `open`, `openat`, `socket`, two per `pipe` and
  /// `socketpair`, and `accepted` connections.
  func made(_ calls: [String], accepted: Int = 0) -> Int {
    calls.filter { ["open", "openat", "socket"].contains($0) }.count
      + 2 * calls.filter { $0 == "pipe" || $0 == "socketpair" }.count + accepted
  }

  @Test("a pipe's and a socket pair's ends close once each, made whole or refused halfway")
  func pairs() throws {
    let pipe = try calls { () throws in _ = try Syscalls.pipe() }
    #expect(pipe.filter { $0 == "pipe" }.count == 1 && closes(pipe) == 2, "\(pipe)")
    let pair = try calls { () throws in _ = try Syscalls.socketPair() }
    #expect(pair.filter { $0 == "socketpair" }.count == 1 && closes(pair) == 2, "\(pair)")
    for (call, make) in [
      ("pipe", { () throws in _ = try Syscalls.pipe() }), ("socketpair", { _ = try Syscalls.socketPair() }),
    ] {
      // The second end's configuration fails: both ends are closed, once.
      let refused = calls(["fcntl": [.fail(.badFileDescriptor)]]) { #expect(throws: SystemError.self) { try make() } }
      #expect(refused.first == call && closes(refused) == 2, "\(refused)")
    }
  }

  @Test("a socket refused halfway (its options, its bind) is closed once, and a taken-apart pipe once per end")
  func sockets() throws {
    let refused = calls(["setsockopt": [.fail(.invalidArgument)]]) {
      #expect(throws: SystemError.self) {
        _ = try Syscalls.streamSocket(for: .ipv4("127.0.0.1", port: 0), nonBlocking: true)
      }
    }
    #expect(made(refused) == 1 && closes(refused) == 1, "\(refused)")
    let early = try calls { () throws in
      let pipe = try Syscalls.pipe()
      let write = pipe.write
      try write.close()
      #expect(closes(SyscallMock.current?.calls ?? []) == 1)
      _ = try Syscalls.readAll(pipe.read, limit: 1)
    }
    #expect(closes(early) == 2, "\(early)")
  }

  @Test("a connection's socket closes once, answered or not, and a shared descriptor when its last holder goes")
  func connections() throws {
    let answered = try calls { () throws in
      let pair = try Syscalls.socketPair()
      let connection = ReturnConnection(fd: pair.ours, kind: .unix, acceptedAt: ContinuousClock().now)
      connection.respond(claimed: false)
      connection.reject(.timedOut)
      let http = HTTPServerConnection(fd: pair.theirs, acceptedAt: ContinuousClock().now, maximumBodyBytes: 10)
      http.respond(status: "204 No Content", body: "")
    }
    #expect(closes(answered) == 2, "\(answered)")
    let shared = try calls { () throws in
      let first = SharedDescriptor(try Syscalls.streamSocket(for: .unix("/nonexistent"), nonBlocking: false))
      var holders = [first, first]
      holders.removeFirst()
      #expect(closes(SyscallMock.current?.calls ?? []) == 0)
      _ = holders
    }
    #expect(closes(shared) == 1, "\(shared)")
  }

  @Test("the return channel closes each listener, its signal pipe and each connection once, close() and deinit both")
  func returnChannel() throws {
    let temp = TemporaryDirectory()
    let path = temp.path
    let served = try calls { () throws in
      let server = ReturnChannelServer(runtimeDirectory: path, handlesSignals: false)
      try server.open(for: try ReturnURL("http://127.0.0.1:\(freePort())/return"))
      let client = inBackground { try? ReturnChannelClient.send("myapp://checkout/return", runtimeDirectory: path) }
      guard case .url(let incoming) = try server.next(until: ContinuousClock().now.advanced(by: .seconds(10))) else {
        return #expect(Bool(false))
      }
      server.answer(incoming.id, claimed: false)
      #expect(client.wait() == .unclaimed)
      server.close()
      server.close()
    }
    #expect(made(served, accepted: 1) == closes(served), "\(served)")
    let refused = calls(["listen": [.fail(.addressInUse)]]) {
      #expect(throws: CheckoutError.self) {
        try ReturnChannelServer(runtimeDirectory: path, handlesSignals: false).open(for: try ReturnURL("myapp://x/y"))
      }
    }
    #expect(made(refused) == closes(refused), "\(refused)")
  }

  @Test("the webhook listener closes its listener and signal pipe once, on close() and on a refused open")
  func loopbackHTTPServer() throws {
    let opened = try calls { () throws in
      let server = LoopbackHTTPServer(handlesSignals: false)
      _ = try server.open(port: 0)
      server.cancel()
      #expect(try server.next() == .interrupted)
      server.close()
    }
    #expect(made(opened) == 3 && closes(opened) == 3, "\(opened)")
    let refused = calls(["bind": [.fail(.addressInUse)]]) {
      #expect(throws: PlatformError.self) { try LoopbackHTTPServer(handlesSignals: false).open(port: 0) }
    }
    #expect(made(refused) == 3 && closes(refused) == 3, "\(refused)")
  }

  @Test("a program run or connected to closes its pipes and socket once each, and when it cannot start")
  func programs() throws {
    let ran = try calls { () throws in
      #expect(try ProgramRunner.run(["echo", "hi"], environment: [:]).standardOutput == "hi\n")
    }
    #expect(made(ran) == 2 && closes(ran) == 2, "\(ran)")
    let exchanged = try calls { () throws in
      let cat = try ProgramConnection("/bin/cat", environment: [:])
      #expect(cat.write(Array("ping".utf8), until: .now + .seconds(10)))
      cat.closeInput()
      #expect(cat.read() == Array("ping".utf8))
      #expect(cat.read().isEmpty)
      #expect(cat.reap() == .exited(0))
    }
    #expect(made(exchanged) == 2 && closes(exchanged) == 2, "\(exchanged)")
    let missing = calls {
      #expect(throws: SystemError.self) { try ProgramConnection("/nonexistent/program", environment: [:]) }
      #expect(throws: SystemError.self) { try ProgramRunner.run(["/nonexistent/program"], environment: [:]) }
    }
    #expect(made(missing) == 4 && closes(missing) == 4, "\(missing)")
  }

  @Test("a signal pipe closes its ends once")
  func signalPipe() throws {
    let dropped = try calls { () throws in _ = try SignalPipe(routing: []) }
    #expect(made(dropped) == 2 && closes(dropped) == 2, "\(dropped)")
  }

  @Test("handle-url's socket closes once, whether a checkout answers or none listens")
  func client() throws {
    let temp = TemporaryDirectory()
    let unheard = try calls { () throws in
      #expect(try ReturnChannelClient.send("myapp://x", runtimeDirectory: temp.path) == .notWaiting)
    }
    #expect(unheard.contains("socket") && made(unheard) == closes(unheard), "\(unheard)")
  }
}

extension ServerTests {
  /// Among the server suites, which route the process's signals one at a time.
  @Suite("Signal pipes")
  struct SignalPipeTests {
    @Test("a signal pipe made later takes the signals, and keeps them when the older one goes")
    func newerKeepsTheSignals() throws {
      // SIGWINCH: ignored by default, so a signal that lost its route is only lost.
      var older: SignalPipe? = try SignalPipe(routing: [SIGWINCH])
      let newer = try SignalPipe(routing: [SIGWINCH])
      #expect(older != nil)
      older = nil
      raise(SIGWINCH)
      #expect(newer.drain() == [UInt8(SIGWINCH)])
    }
  }
}
