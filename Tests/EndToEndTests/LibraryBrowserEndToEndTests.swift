import DodoTestSupport
import Foundation
import Testing

/// The DodoCheckoutDesktop library with a real browser: `dodo-checkout-example` runs the
/// checkout with `DodoCheckout.start`, Chromium (as `$DODO_BROWSER`) opens it, the local
/// stand-in sends it on to the return URL, and the return reaches the library's in-process
/// return channel, either directly (loopback) or through the desktop's URL handler and
/// `dodo handle-url` (custom scheme). `dodo abandoned show` then reads the same record files.
/// Nested in the CLI's browser suite, so that one Chromium runs at a time.
extension BrowserEndToEndTests {
  @Suite("The library with a real browser, end to end")
  struct LibraryBrowserEndToEndTests {
    /// The example program, built beside `dodo`.
    static let example = URL(fileURLWithPath: Dodo.binary).deletingLastPathComponent().appendingPathComponent(
      "dodo-checkout-example"
    ).path

    @Test(
      "Chromium returns to a loopback return URL that the library serves in-process",
      .enabled(
        if: BrowserTools.missingForChromium.isEmpty, "needs \(BrowserTools.missingForChromium.joined(separator: ", "))")
    )
    func loopbackReturn() throws {
      let home = TemporaryDirectory()
      defer { withExtendedLifetime(home) {} }  // removed only after everything below has stopped
      let returnURL = "http://127.0.0.1:\(try BrowserTools.freeLoopbackPort())/return"
      let checkoutURL = "https://\(HostedCheckoutStandIn.host)/session/cks_library_loopback"
      let checkout = try HostedCheckoutStandIn(
        redirect: "\(returnURL)?status=succeeded&payment_id=pay_library", directory: home.url)
      defer { checkout.stop() }
      let browser = try ChromiumBrowserCommand(directory: home.url, checkoutPort: checkout.port, headless: true)
      defer { browser.stop() }
      let environment = try BrowserEndToEndTests.environment(home: home, ["DODO_BROWSER": browser.command])

      let output = try runWithDeadline(
        Self.example, [checkoutURL, returnURL], environment: environment, timeout: 35, scratch: home.url)
      let logs = { "dodo-checkout-example:\n\(output.stderr)\n\(checkout.logText)\(browser.logText)" }

      expectOutcome(
        output, status: 0, stdout: "status: succeeded\npaymentId: pay_library\n",
        stderr: "checkout.opened\ncheckout.return_received\ncheckout.closed\n", logs())
      #expect(browser.openedURL == checkoutURL)
      let record = try Dodo.run(["abandoned", "show"], environment: environment)
      #expect(record.status == 1, "a succeeded checkout clears the abandoned record: \(record.stdout)\(record.stderr)")
    }

    @Test(
      "a custom-scheme return travels Chromium → xdg-open → dodo handle-url → the library's checkout",
      .enabled(
        if: BrowserTools.missingForDesktopRoute.isEmpty,
        "needs \(BrowserTools.missingForDesktopRoute.joined(separator: ", "))"))
    func desktopRoute() throws {
      let home = TemporaryDirectory()
      defer { withExtendedLifetime(home) {} }  // removed only after everything below has stopped
      let returnURL = "dodotest://checkout/return"
      let checkoutURL = "https://\(HostedCheckoutStandIn.host)/session/cks_library_desktop"
      let display = try VirtualDisplay(logDirectory: home.url)
      defer { display.stop() }
      let checkout = try HostedCheckoutStandIn(
        redirect: "\(returnURL)?status=pending&payment_id=pay_library_desktop", directory: home.url)
      defer { checkout.stop() }
      let browser = try ChromiumBrowserCommand(
        directory: home.url, checkoutPort: checkout.port, headless: false, launchableSchemes: ["dodotest"])
      defer { browser.stop() }
      let environment = try BrowserEndToEndTests.environment(
        home: home, ["DODO_RETURN_URL": returnURL, "DISPLAY": display.display, "DODO_BROWSER": browser.command])
      let install = try Dodo.run(["url-handler", "install"], environment: environment)
      #expect(install.status == 0, "\(install.stdout)\(install.stderr)")

      let output = try runWithDeadline(
        Self.example, [checkoutURL, returnURL], environment: environment, timeout: 35, scratch: home.url)
      let logs = { "dodo-checkout-example:\n\(output.stderr)\n\(checkout.logText)\(browser.logText)\(display.logText)" }

      #expect(output.status == 0, "\(logs())")
      expectSameText(
        output.stdout,
        "status: pending\npaymentId: pay_library_desktop\nabandoned session: cks_library_desktop (ask your backend for its outcome)\n"
      )
      // A pending checkout keeps its record, and dodo reads the one the library wrote.
      let record = try Dodo.run(["abandoned", "show"], environment: environment)
      #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
      #expect(record.stdout.hasPrefix("sessionId: cks_library_desktop\n"))
      #expect(try Dodo.run(["url-handler", "remove"], environment: environment).status == 0)
    }
  }
}
