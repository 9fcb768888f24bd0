import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

extension ServerTests {
  @Suite("Return channel", .serialized)
  struct ReturnChannelTests {
    static let returnURL = try! ReturnURL("myapp://checkout/return")

    func soon() -> ContinuousClock.Instant { ContinuousClock().now.advanced(by: .seconds(10)) }

    @Test("handle-url's client hands a URL over and hears claimed or not claimed")
    func roundTrip() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      #expect(temp.mode("return.sock") & 0o777 == 0o600)
      let path = temp.path
      for (url, claim) in [("myapp://other", false), ("myapp://checkout/return?status=succeeded", true)] {
        let client = inBackground { try? ReturnChannelClient.send(url, runtimeDirectory: path) }
        guard case .url(let incoming) = try server.next(until: soon()) else {
          Issue.record("expected a URL")
          return
        }
        #expect(incoming.url == url)
        server.answer(incoming.id, claimed: claim)
        #expect(client.wait() == (claim ? .claimed : .unclaimed))
      }
    }

    @Test("pasted lines are URLs too: blank lines skipped, each answer reported, end of input stops the source")
    func pastedLines() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      let pipe = try Syscalls.pipe()
      let answers = Outcome<[String]>()
      var heard: [String] = []
      server.watchLines(fd: UnownedDescriptor(borrowing: pipe.read)) { line, claimed in
        heard.append("\(claimed) \(line)")
        if heard.count == 2 { answers.set(heard) }
      }
      let text = "\n  myapp://other \r\n\nmyapp://checkout/return?status=succeeded\n"
      try Syscalls.writeAll(pipe.write, Array(text.utf8))
      try pipe.write.close()
      for (url, claim) in [("myapp://other", false), ("myapp://checkout/return?status=succeeded", true)] {
        guard case .url(let incoming) = try server.next(until: soon()) else {
          Issue.record("expected a URL")
          return
        }
        #expect(incoming.url == url)
        server.answer(incoming.id, claimed: claim)
      }
      #expect(answers.wait() == ["false myapp://other", "true myapp://checkout/return?status=succeeded"])
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(200))) == .timedOut)
    }

    @Test("watching the same lines again keeps what was read of a line so far")
    func pastedLinesWatchedTwice() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      let pipe = try Syscalls.pipe()
      server.watchLines(fd: UnownedDescriptor(borrowing: pipe.read)) { _, _ in }
      try Syscalls.writeAll(pipe.write, Array("myapp://checkout/re".utf8))
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(100))) == .timedOut)
      // start warns how to finish by hand once per problem, and each warning offers the paste.
      server.watchLines(fd: UnownedDescriptor(borrowing: pipe.read)) { _, _ in }
      try Syscalls.writeAll(pipe.write, Array("turn\n".utf8))
      guard case .url(let incoming) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(incoming.url == "myapp://checkout/return")
    }

    @Test("no checkout running is not claimed, never an error")
    func nobodyListening() throws {
      let temp = TemporaryDirectory()
      #expect(try ReturnChannelClient.send("myapp://x", runtimeDirectory: temp.sub("missing")) == .notWaiting)
      #expect(try ReturnChannelClient.send("myapp://x", runtimeDirectory: temp.path) == .notWaiting)
      // A socket file with no listener (a start killed with SIGKILL) refuses the connection.
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      let stale = try Syscalls.streamSocket(for: .unix(temp.sub("stale.sock")), nonBlocking: false)
      try Syscalls.bind(stale, .unix(temp.sub("stale.sock")))
      try stale.close()
      server.close()
      try FileManager.default.moveItem(atPath: temp.sub("stale.sock"), toPath: temp.sub("return.sock"))
      #expect(try ReturnChannelClient.send("myapp://x", runtimeDirectory: temp.path) == .notWaiting)
      // …and the next server replaces it.
      let next = ReturnChannelServer(runtimeDirectory: temp.path)
      try next.open(for: Self.returnURL)
      let client = inBackground {
        try? ReturnChannelClient.send("myapp://checkout/return", runtimeDirectory: temp.path)
      }
      guard case .url(let incoming) = try next.next(until: soon()) else { return #expect(Bool(false)) }
      next.answer(incoming.id, claimed: true)
      #expect(client.wait() == .claimed)
      next.close()
      #expect(!FileManager.default.fileExists(atPath: temp.sub("return.sock")))
    }

    @Test("a live socket is not taken over")
    func liveSocket() throws {
      let temp = TemporaryDirectory()
      let first = ReturnChannelServer(runtimeDirectory: temp.path)
      try first.open(for: Self.returnURL)
      defer { first.close() }
      let second = ReturnChannelServer(runtimeDirectory: temp.path)
      let error = #expect(throws: CheckoutError.self) { try second.open(for: Self.returnURL) }
      #expect(error?.code == .platformError)
    }

    @Test("the client refuses a runtime directory open to others")
    func publicDirectory() throws {
      let temp = TemporaryDirectory()
      try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: temp.path)
      #expect(throws: PlatformError.self) { try ReturnChannelClient.send("myapp://x", runtimeDirectory: temp.path) }
    }

    @Test("the deadline ends the wait; a silent client does not hold it up")
    func timeout() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      server.requestTimeoutMilliseconds = 100
      try server.open(for: Self.returnURL)
      defer { server.close() }
      let silent = try Syscalls.streamSocket(for: .unix(temp.sub("return.sock")), nonBlocking: false)
      try Syscalls.connect(silent, .unix(temp.sub("return.sock")))
      let start = ContinuousClock().now
      #expect(try server.next(until: start.advanced(by: .milliseconds(300))) == .timedOut)
      #expect(ContinuousClock().now - start >= .milliseconds(300))
      // The silent client was told no after its own timeout.
      var answer = [UInt8](repeating: 0, count: 16)
      #expect(try Syscalls.read(silent, into: &answer, at: 0) == 10)
    }

    @Test("SIGTERM, SIGINT and SIGHUP end the wait as dismissed (interrupted)", arguments: [SIGTERM, SIGINT, SIGHUP])
    func signals(signal: Int32) throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      Syscalls.kill(Syscalls.processID(), signal)
      #expect(try server.next(until: soon()) == .dismissed(.interrupted))
    }

    @Test(
      "a server that does not handle signals leaves their disposition alone; cancel() ends the wait as dismissed (interrupted)"
    )
    func librarySignals() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path, handlesSignals: false)
      signal(SIGINT, SIG_IGN)
      defer { signal(SIGINT, SIG_DFL) }
      try server.open(for: Self.returnURL)
      defer { server.close() }
      Syscalls.kill(Syscalls.processID(), SIGINT)
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(200))) == .timedOut)
      nonisolated(unsafe) let canceller = server
      let cancelled = inBackground {
        usleep(50_000)
        canceller.cancel()
        return true
      }
      #expect(try server.next(until: soon()) == .dismissed(.interrupted))
      #expect(cancelled.wait() == true)
    }

    @Test("a URL line larger than the limit is refused without reaching the checkout")
    func oversized() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      let path = temp.path
      let hugeURL = "myapp://checkout/return?" + String(repeating: "a", count: 100_000)
      let huge = inBackground { try? ReturnChannelClient.send(hugeURL, runtimeDirectory: path) }
      // Sent past the client's own check, the server refuses it as well.
      let raw = inBackground { () -> Bool in
        guard let fd = try? Syscalls.streamSocket(for: .unix(path + "/return.sock"), nonBlocking: false) else {
          return false
        }
        guard (try? Syscalls.connect(fd, .unix(path + "/return.sock"))) != nil else { return false }
        // `send`, not `write`: the server hangs up midway, which must not raise SIGPIPE here.
        let bytes = Array((hugeURL + "\n").utf8)
        var sent = 0
        while sent < bytes.count, let n = try? Syscalls.send(fd, bytes, from: sent), n > 0 { sent += n }
        return true
      }
      let normal = inBackground {
        usleep(100_000)
        return try? ReturnChannelClient.send("myapp://checkout/return", runtimeDirectory: path)
      }
      guard case .url(let incoming) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(incoming.url == "myapp://checkout/return")
      server.answer(incoming.id, claimed: true)
      #expect(normal.wait() == .claimed)
      #expect(huge.wait() == .unclaimed)
      #expect(raw.wait() == true)
    }

    @Test("a URL line of up to 64 KiB reaches the checkout")
    func largestURL() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      let path = temp.path
      let url =
        "myapp://checkout/return?status=succeeded" + String(repeating: "&license_key=LK-0123456789abcdef", count: 1900)
      #expect(url.utf8.count > 60_000 && url.utf8.count < URLHandoff.maximumURLBytes)
      let client = inBackground { try? ReturnChannelClient.send(url, runtimeDirectory: path) }
      guard case .url(let incoming) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(incoming.url == url)
      server.answer(incoming.id, claimed: true)
      #expect(client.wait() == .claimed)
    }

    @Test("a checkout that does not answer is no answer, never not claimed")
    func noAnswer() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      // Like a start stopped with SIGSTOP: the connection is queued, nobody reads it.
      #expect(
        try ReturnChannelClient.send("myapp://checkout/return", runtimeDirectory: temp.path, timeoutSeconds: 1)
          == .noAnswer
      )
    }

    @Test("a URL whose sender hung up before it was read is not claimed: it never reaches the checkout")
    func senderGone() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      let gone = try Syscalls.streamSocket(for: .unix(temp.sub("return.sock")), nonBlocking: false)
      try Syscalls.connect(gone, .unix(temp.sub("return.sock")))
      try Syscalls.writeAll(gone, Array("myapp://checkout/return?status=succeeded\n".utf8))
      try gone.close()
      #expect(try server.next(until: ContinuousClock().now.advanced(by: .milliseconds(300))) == .timedOut)
      // One still waiting for its answer (its writing side shut, as handle-url does) is heard.
      let path = temp.path
      let waiting = inBackground { try? ReturnChannelClient.send("myapp://checkout/return", runtimeDirectory: path) }
      guard case .url(let incoming) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      #expect(server.answer(incoming.id, claimed: true))
      #expect(waiting.wait() == .claimed)
    }

    @Test("a sender that gives up after its URL was read has not heard the claim: answer says so")
    func senderGoneBeforeTheAnswer() throws {
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: Self.returnURL)
      defer { server.close() }
      let client = try Syscalls.streamSocket(for: .unix(temp.sub("return.sock")), nonBlocking: false)
      try Syscalls.connect(client, .unix(temp.sub("return.sock")))
      try Syscalls.writeAll(client, Array("myapp://checkout/return?status=succeeded\n".utf8))
      Syscalls.shutdownWrite(client)
      guard case .url(let incoming) = try server.next(until: soon()) else { return #expect(Bool(false)) }
      try client.close()  // handle-url's wait ran out: it said "no answer, send it again"
      #expect(!server.answer(incoming.id, claimed: true))
    }
  }
}
