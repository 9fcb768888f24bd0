import DodoTestSupport
import Foundation
import Testing

/// The whole checkout with a real browser: Chromium opens the checkout URL that `dodo start`
/// hands it, a local HTTPS stand-in answers for the hosted checkout and sends the browser on
/// to the return URL, and the return reaches `start` either directly (loopback) or through
/// the desktop's URL handler (custom scheme). Each test has its own home, XDG directories,
/// Chromium profile and servers, and stops every process it started.
@Suite("A real browser, end to end", .serialized)
struct BrowserEndToEndTests {
  @Test(
    "Chromium returns to a loopback return URL that dodo start serves itself",
    .enabled(
      if: RequiredTools.present(BrowserTools.missingForChromium),
      "needs \(BrowserTools.missingForChromium.joined(separator: ", "))"),
    arguments: [("succeeded", Int32(0)), ("failed", 10)])
  func loopbackReturn(status: String, code: Int32) throws {
    let home = TemporaryDirectory()
    defer { withExtendedLifetime(home) {} }  // removed only after everything below has stopped
    let returnURL = "http://127.0.0.1:\(try BrowserTools.freeLoopbackPort())/return"
    let session = "cks_browser_loopback_\(status)"
    let checkoutURL = "https://\(HostedCheckoutStandIn.host)/session/\(session)"
    let checkout = try HostedCheckoutStandIn(
      redirect: "\(returnURL)?status=\(status)&payment_id=pay_browser_\(status)", directory: home.url)
    defer { checkout.stop() }
    let browser = try ChromiumBrowserCommand(directory: home.url, checkoutPort: checkout.port, headless: true)
    defer { browser.stop() }
    let environment = try Self.environment(home: home)

    let started = Date()
    let output = try runWithDeadline(
      Dodo.binary,
      ["start", checkoutURL, "--return-url", returnURL, "--browser", browser.command, "--json", "--timeout", "25"],
      environment: environment, timeout: 35, scratch: home.url)
    // What dodo, the stand-in and Chromium said, shown only when the exit status is wrong.
    let logs = { "dodo start:\n\(output.stderr)\n\(checkout.logText)\(browser.logText)" }

    #expect(output.status == code, "\(logs())")
    #expect(
      output.stdout
        == #"{"status":"\#(status)","paymentId":"pay_browser_\#(status)","subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{"status":"\#(status)","payment_id":"pay_browser_\#(status)"},"warnings":[]}"#
        + "\n")
    #expect(browser.openedURL == checkoutURL)
    #expect(checkout.requests.first == "GET /session/\(session)")
    let record = try Dodo.run(["abandoned", "show"], environment: environment)
    #expect(record.status == 1, "a \(status) checkout clears the abandoned record: \(record.stdout)\(record.stderr)")
    print("loopback \(status): dodo start took \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
  }

  @Test(
    "a custom-scheme return travels Chromium → xdg-open → the handler 'dodo url-handler install' registered → dodo start",
    .enabled(
      if: RequiredTools.present(BrowserTools.missingForDesktopRoute),
      "needs \(BrowserTools.missingForDesktopRoute.joined(separator: ", "))"))
  func desktopRoute() throws {
    let home = TemporaryDirectory()
    defer { withExtendedLifetime(home) {} }  // removed only after everything below has stopped
    let returnURL = "dodotest://checkout/return"
    let session = "cks_browser_desktop"
    let checkoutURL = "https://\(HostedCheckoutStandIn.host)/session/\(session)"
    let display = try VirtualDisplay(logDirectory: home.url)
    defer { display.stop() }
    let checkout = try HostedCheckoutStandIn(
      redirect: "\(returnURL)?status=succeeded&payment_id=pay_browser_desktop&email=a%2Bb%40example.com",
      directory: home.url)
    defer { checkout.stop() }
    let browser = try ChromiumBrowserCommand(
      directory: home.url, checkoutPort: checkout.port, headless: false, launchableSchemes: ["dodotest"])
    defer { browser.stop() }
    // The return URL comes from the environment, as for 'url-handler install'; DISPLAY
    // reaches Chromium and, through it, xdg-open.
    let environment = try Self.environment(home: home, ["DODO_RETURN_URL": returnURL, "DISPLAY": display.display])

    let install = try Dodo.run(["url-handler", "install"], environment: environment)
    #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
    let handler = try Subprocess.run(
      BrowserTools.xdgMime!, ["query", "default", "x-scheme-handler/dodotest"], environment: environment)
    #expect(
      handler.stdout.hasSuffix(".desktop\n"),
      "xdg-mime knows no handler for dodotest: \(handler.stdout)\(handler.stderr)")

    let started = Date()
    let output = try runWithDeadline(
      Dodo.binary,
      ["start", checkoutURL, "--browser", browser.command, "--json", "--events", "json", "--timeout", "25"],
      environment: environment, timeout: 35, scratch: home.url)
    // What dodo, the stand-in and Chromium said, shown only when the exit status is wrong.
    let logs = { "dodo start:\n\(output.stderr)\n\(checkout.logText)\(browser.logText)\(display.logText)" }

    #expect(output.status == 0, "\(logs())")
    #expect(
      output.stdout
        == #"{"status":"succeeded","paymentId":"pay_browser_desktop","subscriptionId":null,"licenseKeys":null,"customerEmail":"a+b@example.com","raw":{"status":"succeeded","payment_id":"pay_browser_desktop","email":"a+b@example.com"},"warnings":[]}"#
        + "\n")
    #expect(output.stderr.contains(#"{"name":"checkout.return_received","#))
    #expect(browser.openedURL == checkoutURL)
    #expect(checkout.requests.first == "GET /session/\(session)")
    let record = try Dodo.run(["abandoned", "show"], environment: environment)
    #expect(record.status == 1, "a succeeded checkout clears the abandoned record: \(record.stdout)\(record.stderr)")
    print("desktop route: dodo start took \(String(format: "%.1f", Date().timeIntervalSince(started))) s")

    let remove = try Dodo.run(["url-handler", "remove"], environment: environment)
    #expect(remove.status == 0, "\(remove.stdout)\(remove.stderr)")
    let removed = try Subprocess.run(
      BrowserTools.xdgMime!, ["query", "default", "x-scheme-handler/dodotest"], environment: environment)
    #expect(removed.stdout.isEmpty, "after 'url-handler remove', dodotest still routes to \(removed.stdout)")
  }

  /// A private home and XDG directories (the runtime one made 0700, as a session's is), so
  /// the user's own handlers, profile and checkout records are never touched.
  static func environment(home: TemporaryDirectory, _ extra: [String: String] = [:]) throws -> [String: String] {
    let runtime = home.url.appendingPathComponent("run")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return Dodo.environment(home: home.url, extra)
  }
}
