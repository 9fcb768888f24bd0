import DodoTestSupport
import Foundation
import Testing

/// `dodo start` as a process: the exit status read off the return, signals, bad input, and the
/// abandoned-session record it keeps or removes. Shared fixtures: StartSupport.swift.
@Suite("dodo start's exit status, signals and abandoned record (end to end)")
struct StartEndToEndTests {
  @Test(
    "the status read off the return URL is the exit code; the record goes only for final statuses",
    arguments: [
      ("succeeded", Int32(0), false), ("active", 0, false), ("failed", 10, false), ("expired", 13, false),
      ("processing", 12, true), ("requires_customer_action", 12, true),
    ])
  func statuses(status: String, code: Int32, recordKept: Bool) throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--json"])
    #expect(start.waitUntilListening())
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=\(status)&payment_id=pay_1"))
    let output = start.finish()
    #expect(output.status == code, "\(output.stderr)")
    let expected =
      status == "active" ? "succeeded" : status == "processing" || status.hasPrefix("requires") ? "pending" : status
    #expect(
      output.stdout.hasSuffix(
        #"{"status":"\#(expected)","paymentId":"pay_1","subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{"status":"\#(status)","payment_id":"pay_1"},"warnings":[]}"#
          + "\n"))
    #expect(sandbox.recordExists == recordKept)
  }

  @Test(
    "SIGINT, SIGTERM and SIGHUP end the checkout as cancelled (11), say why, and keep the record",
    arguments: [(SIGINT, "interrupted"), (SIGTERM, "interrupted"), (SIGHUP, "interrupted")])
  func cancelled(signal: Int32, reason: String) throws {
    // --timeout and --browser-exit-cancels, which need no signal: StartInProcessTests.
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--json"])
    #expect(start.waitUntilListening())
    start.signal(signal)
    let output = start.finish()
    #expect(output.status == 11, "\(output.stderr)")
    #expect(
      output.stdout.hasSuffix(
        #"{"status":"cancelled","reason":"\#(reason)","paymentId":null,"subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{},"warnings":[]}"#
          + "\n"))
    let shown = try sandbox.run(["abandoned", "show", "--json"])
    #expect(shown.status == 0)
    #expect(shown.stdout.hasPrefix(#"{"sessionId":"cks_e2e","createdAt":""#))
    #expect(shown.stdout.hasSuffix(#"","inProgress":false}"# + "\n"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.runtime + "/return.sock"))
  }

  @Test(
    "text output and the closed event say why a checkout was cancelled: by a signal",
    arguments: [(SIGINT, "cancelled (interrupted)", "interrupted")])
  func cancelledReason(signal: Int32, text: String, reason: String) throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--events", "json"])
    #expect(start.waitUntilListening())
    start.signal(signal)
    let output = start.finish()
    #expect(output.status == 11, "\(output.stderr)")
    expectSameText(
      output.stdout,
      """
      \(Checkout.url)
      status: \(text)
      The outcome is not final: see 'dodo abandoned show', and confirm the payment on your backend.

      """)
    let closed = output.stderr.split(separator: "\n").last.map(String.init) ?? ""
    #expect(closed.hasPrefix(#"{"name":"checkout.closed","at":""#))
    #expect(closed.hasSuffix(#"Z","reason":"\#(reason)"}"#), "\(output.stderr)")
  }

  @Test("a start killed with SIGKILL keeps its record and does not block the next one")
  func killed() throws {
    let sandbox = CheckoutSandbox()
    let first = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(first.waitUntilListening())
    let running = try sandbox.run(["abandoned", "show", "--json"])
    #expect(running.stdout.contains(#""inProgress":true"#))
    first.signal(SIGKILL)
    _ = first.finish()
    #expect(sandbox.recordExists)
    #expect(try !sandbox.handle("\(Checkout.returnURL)?status=succeeded"))  // a stale socket: not claimed
    let second = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(second.waitUntilListening())
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=failed&payment_id=pay_1"))
    #expect(second.finish().status == 10)
    #expect(!sandbox.recordExists)
  }

  @Test("bad input exits with its code before anything is recorded")
  func badInput() throws {
    let sandbox = CheckoutSandbox()
    #expect(
      try sandbox.run(["start", "https://example.com/session/x", "--return-url", Checkout.returnURL]).status == 20)
    #expect(try sandbox.run(["start", Checkout.url, "--return-url", "myapp://"]).status == 21)
    #expect(
      try sandbox.run(["start", Checkout.url, "--return-url", Checkout.returnURL, "--timeout", "soon"]).status == 64)
    #expect(
      try sandbox.run(["start", Checkout.url, "--no-open", "--browser", "x", "--return-url", Checkout.returnURL]).status
        == 64)
    let noReturn = try sandbox.run(["start", Checkout.url])
    #expect(noReturn.status == 64)
    #expect(noReturn.stderr.contains("return URL"))
    #expect(
      try sandbox.run(
        ["start", Checkout.url, "--no-open", "--timeout", "0.1"], ["DODO_RETURN_URL": Checkout.returnURL]
      ).status == 11)
    #expect(!FileManager.default.fileExists(atPath: sandbox.state + "/nothing"))
  }

  @Test("a directory open to others is refused with PLATFORM_ERROR")
  func openDirectory() throws {
    let sandbox = CheckoutSandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox.runtime)
    let output = try sandbox.run(["start", Checkout.url, "--return-url", Checkout.returnURL, "--no-open"])
    #expect(output.status == 23)
    #expect(output.stderr.contains("777"))
  }

  @Test("a succeeded result that cannot be written keeps the record, warns, and still exits 0")
  func unwritableResultKeepsTheRecord() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
    let sandbox = CheckoutSandbox()
    // The "browser" returns at once, through handle-url, in the background.
    let browser = try sandbox.script(
      "browser", "\"$DODO\" handle-url '\(Checkout.returnURL)?status=succeeded&payment_id=pay_1' >/dev/null 2>&1 &\n")
    let output = try Subprocess.run(
      "/bin/sh",
      [
        "-c", "exec \"$DODO\" start \"$0\" --return-url \"$1\" --browser \"$2\" > /dev/full", Checkout.url,
        Checkout.returnURL, browser,
      ],
      environment: sandbox.environment(["DODO": Dodo.binary]))
    #expect(output.status == 0, "\(output.stderr)")
    expectSameText(
      output.stderr.withoutSchemeWarning,
      "Opening \(Checkout.url) in your browser\n"
        + "dodo: warning: cannot write standard output: No space left on device; the abandoned session is kept\n")
    #expect(sandbox.recordExists)
  }

  @Test("started with standard error closed, start writes its events into none of its files (the lock took fd 2)")
  func closedStandardDescriptors() throws {
    let sandbox = CheckoutSandbox()
    let output = try Subprocess.run(
      "/bin/sh",
      [
        "-c", "exec \"$DODO\" start \"$0\" --return-url \"$1\" --no-open --timeout 0.3 --json --events text 2>&-",
        Checkout.url, Checkout.returnURL,
      ],
      environment: sandbox.environment(["DODO": Dodo.binary]))
    #expect(output.status == 11)
    #expect(
      output.stdout.hasSuffix(
        #"{"status":"cancelled","reason":"timeout","paymentId":null,"subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{},"warnings":[]}"#
          + "\n"))
    let files = FileManager.default.enumerator(atPath: sandbox.home.url.path)?.compactMap { $0 as? String } ?? []
    for file in files {
      let contents =
        (try? String(contentsOfFile: sandbox.home.url.appendingPathComponent(file).path, encoding: .utf8)) ?? ""
      #expect(!contents.contains("cancelled") && !contents.contains("checkout.opened"), "\(file): \(contents)")
    }
    let shown = try sandbox.run(["abandoned", "show", "--json"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.hasPrefix(#"{"sessionId":"cks_e2e","createdAt":""#))
  }
}
