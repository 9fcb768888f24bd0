import DodoTestSupport
import Foundation
import Testing

@Suite("dodo start, handle-url and abandoned (end to end)")
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

  @Test(
    "the official matcher cases, through handle-url",
    arguments: [
      (
        "https://myapp.com/checkout/return",
        [
          ("https://checkout.dodopayments.com/return/cks_e2e?status=succeeded", false),  // Dodo's own /return/{id} hop
          ("https://example.com/?status=succeeded", false),
          ("https://myapp.com/checkout/other?status=succeeded", false),
          ("http://myapp.com/checkout/return?status=succeeded", false),
          ("not a url", false),
          ("https://MyApp.COM/checkout/return/?status=succeeded#frag", true),
        ]
      ),
      (
        "myapp://checkout",
        [("myapp://checkout/x?status=succeeded", false), ("myapp://checkout/?status=succeeded", true)]
      ),
      ("myapp://checkout/", [("myapp://checkout?status=succeeded", true)]),
    ])
  func matcher(returnURL: String, urls: [(String, Bool)]) throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", returnURL, "--no-open"])
    #expect(start.waitUntilListening())
    for (url, claimed) in urls { #expect(try sandbox.handle(url) == claimed, "\(url)") }
    #expect(start.finish().status == 0)
  }

  @Test("events come in order on standard error, without query strings")
  func events() throws {
    let sandbox = CheckoutSandbox()
    let start = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--events", "json"])
    #expect(start.waitUntilListening())
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded&email=secret%40x.com"))
    let output = start.finish()
    let names = output.stderr.split(separator: "\n").compactMap { line -> String? in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String] else {
        return nil
      }
      #expect(object["at"]?.hasSuffix("Z") == true)
      return object["name"]
    }
    #expect(names == ["checkout.opened", "checkout.return_received", "checkout.closed"])
    #expect(!output.stderr.contains("secret"))
    let text = try sandbox.start([
      Checkout.url, "--return-url", Checkout.returnURL, "--no-open", "--events", "text", "--timeout", "0.2",
    ])
    let lines = text.finish().stderr.withoutSchemeWarning.split(separator: "\n")
    #expect(lines.map { $0.split(separator: " ").last.map(String.init) } == ["checkout.opened", "checkout.closed"])
  }

  @Test("the browser gets the URL and the customization; its own handle-url is claimed")
  func browser() throws {
    let sandbox = CheckoutSandbox()
    let log = sandbox.home.url.appendingPathComponent("browser.log").path
    let browser = try sandbox.script(
      "browser.sh",
      """
      printf '%s\\n' "$@" > '\(log)'
      env | grep '^DODO_[A-Z_]*STYLE\\|^DODO_BAR\\|^DODO_COLOR' | sort >> '\(log)'
      '\(Dodo.binary)' handle-url 'myapp://checkout/return?status=succeeded&license_key=k1&license_key=k2' >/dev/null
      """)
    let output = try sandbox.run(
      [
        "start", Checkout.url, "--return-url", Checkout.returnURL, "--browser", "'\(browser)' --new-window %s",
        "--json",
        "--dismiss-button-style", "close", "--presentation-style", "fullScreen", "--bar-collapsing-enabled", "false",
      ], ["DODO_COLOR_SCHEME": "dark"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains(#""licenseKeys":["k1","k2"]"#))
    expectSameText(
      try String(contentsOfFile: log, encoding: .utf8),
      """
      --new-window
      \(Checkout.url)
      DODO_BAR_COLLAPSING_ENABLED=false
      DODO_DISMISS_BUTTON_STYLE=close
      DODO_PRESENTATION_STYLE=fullScreen

      """)
  }

  @Test("the checkout URL is on standard error before the browser runs; the opened event carries it without its query")
  func checkoutURLIsShown() throws {
    let sandbox = CheckoutSandbox()
    let browser = try sandbox.script(
      "browser.sh",
      """
      echo "browser ran"
      '\(Dodo.binary)' handle-url 'myapp://checkout/return?status=succeeded&payment_id=pay_1' >/dev/null
      """)
    let text = try sandbox.run([
      "start", Checkout.url + "?q=1", "--return-url", Checkout.returnURL, "--browser", browser,
    ])
    #expect(text.status == 0, "\(text.stderr)")
    expectSameText(text.stderr.withoutSchemeWarning, "Opening \(Checkout.url)?q=1 in your browser\nbrowser ran\n")
    let json = try sandbox.run(
      [
        "start", Checkout.url + "?q=1", "--return-url", Checkout.returnURL, "--browser", browser, "--json", "--events",
        "json",
      ])
    #expect(json.status == 0, "\(json.stderr)")
    let opened = json.stderr.split(separator: "\n").first { $0.contains("checkout.opened") } ?? ""
    #expect(opened.hasPrefix(#"{"name":"checkout.opened","at":""#))
    #expect(opened.hasSuffix(#"","url":"\#(Checkout.url)"}"#))
    #expect(!json.stderr.contains("Opening"))
  }

  @Test(
    "the browser reads nothing of start's standard input; its output goes to standard error, or nowhere with --json",
    arguments: [
      (["--json"], false), (["--json", "--verbose"], true), ([], true),
    ])
  func browserStreams(options: [String], shown: Bool) throws {
    let sandbox = CheckoutSandbox()
    let seen = sandbox.home.url.appendingPathComponent("stdin.txt").path
    let browser = try sandbox.script(
      "browser.sh",
      """
      cat > '\(seen)'
      echo "browser says hello"
      echo "browser complains" >&2
      '\(Dodo.binary)' handle-url 'myapp://checkout/return?status=succeeded&payment_id=pay_1' >/dev/null
      """)
    let output = try Dodo.run(
      ["start", Checkout.url, "--return-url", Checkout.returnURL, "--browser", browser] + options,
      stdin: "a secret the browser must not read\n", environment: sandbox.environment())
    #expect(output.status == 0, "\(output.stderr)")
    let browserInput = try String(contentsOfFile: seen, encoding: .utf8)
    #expect(browserInput == "", "the browser read: \(browserInput.debugDescription)")
    #expect(output.stdout.hasPrefix(options.isEmpty ? "status: succeeded\n" : #"{"status":"succeeded""#))
    #expect(!output.stdout.contains("browser"))
    #expect(output.stderr.contains("browser says hello\n") == shown, "\(output.stderr)")
    #expect(output.stderr.contains("browser complains\n") == shown, "\(output.stderr)")
    if !shown { #expect(output.stderr.withoutSchemeWarning == "") }
  }

  @Test("a browser that cannot start, or exits non-zero, is a warning: start keeps waiting for the return")
  func browserFailures() throws {
    let sandbox = CheckoutSandbox()
    let missing = try sandbox.run(
      [
        "start", Checkout.url, "--return-url", Checkout.returnURL, "--browser", "/nonexistent/browser", "--timeout",
        "0.3",
      ])
    #expect(missing.status == 11)
    #expect(
      missing.stderr.withoutSchemeWarning.hasPrefix(
        """
        Opening \(Checkout.url) in your browser
        dodo: warning: cannot start the browser command '/nonexistent/browser': No such file or directory: \
        open \(Checkout.url) in a browser on any machine; when it is finished, run 'dodo handle-url ADDRESS' here \
        with the address the browser ended on

        """))
    #expect(sandbox.recordExists)
    let failing = try sandbox.script("fail.sh", "exit 3\n")
    let failed = try sandbox.start([Checkout.url, "--return-url", Checkout.returnURL, "--browser", failing, "--json"])
    #expect(failed.waitUntilListening())
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try sandbox.handle("\(Checkout.returnURL)?status=succeeded&payment_id=pay_1"))
    let output = failed.finish()
    #expect(output.status == 0, "\(output.stderr)")
    expectSameText(
      output.stderr.withoutSchemeWarning,
      #"{"warning":"the browser command '\#(failing)' exited with status 3: open \#(Checkout.url) in a browser on any machine; when it is finished, run 'dodo handle-url ADDRESS' here with the address the browser ended on"}"#
        + "\n")
    #expect(output.stdout.hasPrefix(#"{"status":"succeeded""#))
  }

  @Test(
    "headless: without a display, or over SSH, no browser runs; start says how to finish and waits",
    arguments: [
      ([String: String](), "no DISPLAY or WAYLAND_DISPLAY"),
      (["DISPLAY": ":0", "SSH_CONNECTION": "10.0.0.1 50000 10.0.0.2 22"], "an SSH session"),
      (["WAYLAND_DISPLAY": "wayland-0", "SSH_TTY": "/dev/pts/1"], "an SSH session"),
    ])
  func headless(environment: [String: String], reason: String) throws {
    let sandbox = CheckoutSandbox()
    let custom = try sandbox.run(
      ["start", Checkout.url, "--return-url", Checkout.returnURL, "--timeout", "0.3"], environment)
    #expect(custom.status == 11)
    #expect(
      custom.stderr.withoutSchemeWarning.hasPrefix(
        """
        dodo: warning: no browser here (\(reason)): open \(Checkout.url) in a browser on any machine; when it is \
        finished, run 'dodo handle-url ADDRESS' here with the address the browser ended on

        """))
    let port = try BrowserTools.freeLoopbackPort()
    let loopbackURL = "http://127.0.0.1:\(port)/return"
    let remote = try sandbox.run(
      ["start", Checkout.url, "--return-url", loopbackURL, "--timeout", "0.3", "--json"], environment)
    #expect(remote.status == 11)
    expectSameText(
      remote.stderr,
      #"{"warning":"no browser here (\#(reason)): open \#(Checkout.url) in a browser on any machine; from another machine, forward the return port first: ssh -L \#(port):127.0.0.1:\#(port) THIS-HOST"}"#
        + "\n")
  }

  @Test(
    "with no browser opened, a return URL pasted into the terminal ends the checkout; another line is refused; --no-input turns it off",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from util-linux"))
  func pasted() throws {
    let sandbox = CheckoutSandbox()
    let pasted = "myapp://elsewhere?status=failed\nmyapp://checkout/return?status=succeeded&payment_id=pay_7\n"
    func onTerminal(_ options: String) throws -> ProcessOutput {
      let command = "\(Dodo.binary) start \(Checkout.url) --return-url \(Checkout.returnURL) --timeout 3 \(options)"
      return try Subprocess.run(
        "/usr/bin/script", ["-qec", command, "/dev/null"], stdin: pasted,
        environment: sandbox.environment(["NO_COLOR": "1"]))
    }
    let headless = try onTerminal("")
    #expect(headless.status == 0, "\(headless.stdout)")
    #expect(
      headless.stdout.contains(
        "finished, paste here the address the browser ended on (or run 'dodo handle-url ADDRESS')"))
    #expect(
      headless.stdout.contains(
        "dodo: warning: that is not the return URL (myapp://checkout/return): paste the address the browser ended on\r\n"
      ))
    #expect(headless.stdout.contains("paymentId: pay_7"))
    let noOpen = try onTerminal("--no-open")
    #expect(noOpen.status == 0, "\(noOpen.stdout)")
    let noInput = try onTerminal("--no-input")
    #expect(noInput.status == 11, "\(noInput.stdout)")
    #expect(noInput.stdout.contains("run 'dodo handle-url ADDRESS' here"))
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

  @Test("handle-url with no checkout running is not claimed; abandoned show and clear")
  func noCheckout() throws {
    let sandbox = CheckoutSandbox()
    let handled = try sandbox.run(["handle-url", "myapp://checkout/return?status=succeeded", "--json"])
    expectOutcome(handled, status: 1, stdout: #"{"claimed":false}"# + "\n")
    let none = try sandbox.run(["abandoned", "show", "--json"])
    expectOutcome(none, status: 1, stdout: "null\n")
    #expect(try sandbox.run(["abandoned", "clear"]).status == 0)
    try FileManager.default.createDirectory(
      atPath: sandbox.state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try "{torn".write(toFile: sandbox.record, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sandbox.record)
    let corrupt = try sandbox.run(["abandoned", "show"])
    #expect(corrupt.status == 23)
    #expect(corrupt.stderr.contains("corrupt"))
    #expect(try sandbox.run(["abandoned", "clear"]).status == 0)
    #expect(!sandbox.recordExists)
  }

  @Test("a loopback return URL is served by start: 404 for other paths, the page for the return")
  func loopback() throws {
    let sandbox = CheckoutSandbox()
    let port = Int.random(in: 40000...59999)
    let start = try sandbox.start([
      Checkout.url, "--return-url", "http://127.0.0.1:\(port)/return", "--no-open", "--json",
    ])
    #expect(start.waitUntilListening())
    let favicon = try Subprocess.run(
      "/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/favicon.ico"],
      environment: [:])
    #expect(favicon.stdout == "404")
    let page = try Subprocess.run(
      "/usr/bin/curl", ["-s", "-i", "http://127.0.0.1:\(port)/return?status=succeeded&payment_id=pay_9"],
      environment: [:])
    #expect(page.stdout.hasPrefix("HTTP/1.1 200 OK"))
    #expect(page.stdout.contains("close this tab"))
    let output = start.finish()
    #expect(output.status == 0)
    #expect(output.stdout.contains(#""paymentId":"pay_9""#))
  }

  @Test(
    "a forged loopback return is refused: without the run's state 403 and the wait goes on; a status alone keeps the record"
  )
  func forgedLoopbackReturn() throws {
    let sandbox = CheckoutSandbox()
    let port = Int.random(in: 40000...59999)
    let start = try sandbox.start([
      Checkout.url, "--return-url", "http://127.0.0.1:\(port)/return?state=s3cret", "--no-open",
    ])
    #expect(start.waitUntilListening())
    let curl = { (arguments: [String]) throws -> String in
      try Subprocess.run(
        "/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}"] + arguments, environment: [:]
      ).stdout
    }
    // Any local program that knows the port, a page's <img>, and a rebound DNS name.
    #expect(try curl(["http://127.0.0.1:\(port)/return?status=succeeded&payment_id=pay_x"]) == "403")
    #expect(
      try curl([
        "-H", "Sec-Fetch-Site: cross-site", "-H", "Sec-Fetch-Mode: no-cors", "-H", "Sec-Fetch-Dest: image",
        "http://127.0.0.1:\(port)/return?status=succeeded&state=s3cret",
      ]) == "403")
    #expect(
      try curl(["-H", "Host: evil.example:\(port)", "http://127.0.0.1:\(port)/return?status=succeeded&state=s3cret"])
        == "421")
    // The run's own state, but a status alone: shown, unconfirmed, the record kept.
    #expect(try curl(["http://127.0.0.1:\(port)/return?status=succeeded&state=s3cret"]) == "200")
    let output = start.finish()
    #expect(output.status == 0)
    expectSameText(output.stdout, "\(Checkout.url)\nstatus: succeeded\n")
    #expect(
      output.stderr.contains(
        "warning: no payment_id or subscription_id came back, and any local program or web page can send a status (to a "
          + "loopback port, or by opening the return URL's scheme): this succeeded is unconfirmed and the abandoned session is kept; confirm the payment on your backend\n"
      ))
    #expect(
      output.stderr.contains(
        "Listening on http://127.0.0.1:\(port)/return for the return: a return must carry its 'state' parameter"))
    #expect(!output.stderr.contains("s3cret"))
    #expect(sandbox.recordExists)
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
