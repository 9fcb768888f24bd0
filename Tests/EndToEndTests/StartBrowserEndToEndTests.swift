import DodoTestSupport
import Foundation
import Testing

/// The browser start runs (its arguments, environment and streams, and its failures), and a
/// start with no browser: headless, or a return pasted into the terminal.
@Suite("dodo start's browser, or none (end to end)")
struct StartBrowserEndToEndTests {
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
}
