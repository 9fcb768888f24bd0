import DodoAccount
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

/// Dodo's API in memory that also plays the hosted checkout's part: `POST /checkouts` keeps
/// the return URL it was given in a file, where the "browser" script reads it.
final class CheckoutPlayingTransport: HTTPTransport, @unchecked Sendable {
  let api: InMemoryTransport
  let returnURLFile: String
  private(set) var createdWith: [String: Any]?

  init(_ api: InMemoryTransport, returnURLFile: String) {
    self.api = api
    self.returnURLFile = returnURLFile
  }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    guard request.method == .post else { return try api.send(request) }
    let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
    createdWith = body
    FileManager.default.createFile(atPath: returnURLFile, contents: Data(((body?["return_url"] as? String) ?? "").utf8))
    return HTTPResponse(
      status: 200,
      body: Array(
        #"{"session_id":"cks_made","checkout_url":"https://test.checkout.dodopayments.com/session/cks_made"}"#.utf8))
  }
}

/// The "browser" of these tests returns with curl.
let hasCurl =
  FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
  || FileManager.default.isExecutableFile(atPath: "/bin/curl")

/// Answers only once the file `until` exists (the "browser" got its page), waiting at most 5
/// seconds; else 503.
final class WaitingTransport: HTTPTransport, @unchecked Sendable {
  let base: any HTTPTransport
  let until: String

  init(_ base: any HTTPTransport, until: String) {
    self.base = base
    self.until = until
  }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    let deadline = Date().addingTimeInterval(5)
    while !FileManager.default.fileExists(atPath: until) {
      guard Date() < deadline else { return HTTPResponse(status: 503) }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return try base.send(request)
  }
}

/// `start --product` and `start --confirm`, in-process; the "browser" is a script that
/// sends the return to the loopback return URL with curl, as the checkout's redirect would.
@Suite(.serialized) struct StartConfirmTests {
  let runner: CommandRunner
  let state: String
  let api = InMemoryTransport([
    "/checkouts/cks_made": InMemoryTransport.session("cks_made", payment: "pay_real"),
    "/checkouts/cks_1": InMemoryTransport.session("cks_1", payment: "pay_declined"),
    "/checkouts/cks_open": InMemoryTransport.session("cks_open", payment: nil),
    "/payments/pay_real": InMemoryTransport.payment("pay_real", "succeeded"),
    "/payments/pay_declined": InMemoryTransport.payment("pay_declined", "failed", errorCode: "insufficient_funds"),
  ])
  let transport: CheckoutPlayingTransport

  init() throws {
    runner = try CommandRunner()
    state = runner.scratch + "/state"
    runner.environment["DODO_STATE_DIR"] = state
    runner.environment["DODO_RUNTIME_DIR"] = runner.scratch + "/run"
    runner.environment["DODO_PAYMENTS_API_KEY"] = "sk_test_key"
    transport = CheckoutPlayingTransport(api, returnURLFile: runner.scratch + "/return-url")
    runner.transport = transport
  }

  /// A browser command that returns to the return URL (from `return-url`, or `url`) with `query`.
  func browser(returningWith query: String, to url: String? = nil) throws -> String {
    let target = url.map { "'\($0)'" } ?? "\"$(cat '\(runner.scratch)/return-url')\""
    try runner.file(
      "browser.sh",
      """
      #!/bin/sh
      PATH=/usr/bin:/bin
      touch '\(runner.scratch)/browser-ran'
      u=\(target)
      case "$u" in *\\?*) sep='&' ;; *) sep='?' ;; esac
      curl -s -o /dev/null "$u${sep}\(query)"
      touch '\(runner.scratch)/returned'

      """, mode: 0o700)
    return "/bin/sh \(runner.scratch)/browser.sh %s"
  }

  var recorded: Bool { FileManager.default.fileExists(atPath: state + "/abandoned.json") }

  @Test(.enabled(if: hasCurl, "needs curl"))
  func productCreatesTheSessionWithAStateAndConfirmTrustsTheSessionNotTheURL() throws {
    let port = LoopbackPort.free()
    let output = try runner.run([
      "start", "--product", "pdt_1:2", "--return-url", "http://127.0.0.1:\(port)/return", "--confirm", "--json",
      "--timeout", "20", "--browser", browser(returningWith: "status=succeeded&payment_id=pay_forged"),
    ])
    #expect(output.status == 0, "\(output)")
    let returnURL = try #require(transport.createdWith?["return_url"] as? String)
    #expect(returnURL.hasPrefix("http://127.0.0.1:\(port)/return?state="))
    let stateValue = String(returnURL.split(separator: "=").last ?? "")
    #expect(stateValue.count == 22)  // 128 bits, base64url
    #expect(!output.stdout.contains(stateValue) && !output.stderr.contains(stateValue))
    let result = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    // The URL names another payment than the session's: a mismatch, though Dodo's succeeded.
    #expect(result["verdict"] as? String == "mismatch")
    #expect(
      (result["warnings"] as? [String])?.first
        == "the return URL names pay_forged, the session's payment is pay_real — the URL may be forged or stale")
    #expect(result["mode"] as? String == "test")
    #expect((result["confirmation"] as? [String: Any])?["paymentId"] as? String == "pay_real")
    #expect(api.paths == ["/checkouts/cks_made", "/payments/pay_real"])
    #expect(!api.paths.contains("/payments/pay_forged"))
    #expect(!recorded, "Dodo's payment succeeded: final, the record goes")
  }

  @Test(.enabled(if: hasCurl, "needs curl"))
  func theBackButtonComesBackAsCancelledByTheCustomerAndKeepsTheRecord() throws {
    let port = LoopbackPort.free()
    let output = try runner.run([
      "start", "--product", "pdt_1", "--return-url", "http://127.0.0.1:\(port)/return", "--timeout", "20",
      "--browser", browser(returningWith: "dodo_cancel=1"),
    ])
    #expect(output.status == 11, "\(output)")
    #expect(output.stdout.hasPrefix("status: cancelled (the customer went back from the checkout page)\n"))
    let returnURL = try #require(transport.createdWith?["return_url"] as? String)
    #expect(transport.createdWith?["cancel_url"] as? String == returnURL + "&dodo_cancel=1")
    let stateValue = String(returnURL.split(separator: "=").last ?? "")
    #expect(!output.stdout.contains(stateValue) && !output.stderr.contains(stateValue))
    #expect(recorded)
  }

  @Test(.enabled(if: hasCurl, "needs curl")) func noCancelURLLeavesTheBackButtonOut() throws {
    let output = try runner.run([
      "start", "--product", "pdt_1", "--return-url", "http://127.0.0.1:\(LoopbackPort.free())/return", "--json",
      "--no-cancel-url", "--timeout", "20", "--browser", browser(returningWith: "status=succeeded&payment_id=pay_real"),
    ])
    #expect(output.status == 0, "\(output)")
    #expect(transport.createdWith?.keys.contains("cancel_url") == false)
    #expect(transport.createdWith?.keys.contains("return_url") == true)
  }

  @Test(.enabled(if: hasCurl, "needs curl")) func aMismatchWarnsWithBothStatusesAndDodoDecides() throws {
    let port = LoopbackPort.free()
    let returnURL = "http://127.0.0.1:\(port)/return"
    let output = try runner.run([
      "start", "https://test.checkout.dodopayments.com/session/cks_1", "--return-url", returnURL, "--confirm",
      "--timeout", "20", "--browser", browser(returningWith: "status=succeeded&payment_id=pay_declined", to: returnURL),
    ])
    #expect(output.status == 10, "\(output)")
    #expect(output.stderr.contains("warning: the return URL says succeeded, Dodo says failed: insufficient_funds"))
    #expect(output.stdout.contains("Verdict:       mismatch"))
    #expect(!recorded, "failed is final: the record goes")
  }

  @Test(.enabled(if: hasCurl, "needs curl")) func theReturnIsAnsweredBeforeDodoIsAsked() throws {
    runner.transport = WaitingTransport(transport, until: runner.scratch + "/returned")
    let port = LoopbackPort.free()
    let returnURL = "http://127.0.0.1:\(port)/return"
    let output = try runner.run([
      "start", "https://test.checkout.dodopayments.com/session/cks_1", "--return-url", returnURL, "--confirm",
      "--json", "--timeout", "20",
      "--browser", browser(returningWith: "status=failed&payment_id=pay_declined", to: returnURL),
    ])
    #expect(output.status == 10, "\(output)")
    let result = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    #expect(result?["verdict"] as? String == "confirmed")
  }

  @Test(.enabled(if: hasCurl, "needs curl")) func unconfirmedIsPendingAfterAskingAgainAndKeepsTheRecord() throws {
    let port = LoopbackPort.free()
    let returnURL = "http://127.0.0.1:\(port)/return"
    let output = try runner.run([
      "start", "https://test.checkout.dodopayments.com/session/cks_open", "--return-url", returnURL, "--confirm",
      "--json", "--timeout", "20",
      "--browser", browser(returningWith: "status=succeeded&payment_id=pay_1", to: returnURL),
    ])
    // Only Dodo decides: a success it did not confirm is pending (12), the URL's status shown.
    #expect(output.status == 12, "\(output)")
    let result = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(result["status"] as? String == "succeeded")
    #expect(result["verdict"] as? String == "unconfirmed")
    #expect(result["confirmation"] is NSNull)
    #expect(output.stderr.contains("Dodo did not confirm this succeeded"))
    #expect(recorded)
    // Asked every 2 s for the default 30 s (the runner's waits return at once).
    #expect(api.paths.filter { $0 == "/checkouts/cks_open" }.count == 16)
  }

  @Test(.enabled(if: hasCurl, "needs curl")) func confirmWaitZeroAsksOnce() throws {
    let port = LoopbackPort.free()
    let returnURL = "http://127.0.0.1:\(port)/return"
    let output = try runner.run([
      "start", "https://test.checkout.dodopayments.com/session/cks_open", "--return-url", returnURL, "--confirm",
      "--confirm-wait", "0", "--timeout", "20",
      "--browser", browser(returningWith: "status=succeeded&payment_id=pay_1", to: returnURL),
    ])
    #expect(output.status == 12, "\(output)")
    #expect(output.stdout.contains("Verdict:       unconfirmed"))
    #expect(api.paths == ["/checkouts/cks_open"])
    #expect(recorded)
  }

  @Test(arguments: [
    (["--confirm", "--confirm-wait", "-1"], "invalid value '-1' for '--confirm-wait'"),
    (["--confirm", "--confirm-wait", "soon"], "invalid value 'soon' for '--confirm-wait'"),
    (["--confirm", "--confirm-wait", "nan"], "invalid value 'nan' for '--confirm-wait'"),
    (["--confirm-wait", "5"], "--confirm-wait needs --confirm"),
  ])
  func aBadConfirmWaitIsAUsageError(options: [String], message: String) throws {
    let output = try runner.run(
      ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--return-url", "myapp://r?state=s"]
        + options)
    #expect(output.status == 64, "\(output)")
    #expect(output.stderr.contains(message))
    #expect(api.paths.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: state))
  }

  @Test func noKeyIsAConfigurationErrorBeforeAnythingOpens() throws {
    runner.environment["DODO_PAYMENTS_API_KEY"] = nil
    let browser = try browser(returningWith: "status=succeeded")
    for arguments in [
      ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--confirm"],
      ["start", "--product", "pdt_1"],
      ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--poll"],
    ] {
      let output = try runner.run(arguments + ["--return-url", "myapp://r", "--browser", browser])
      #expect(output.status == 78, "\(output)")
    }
    #expect(!FileManager.default.fileExists(atPath: runner.scratch + "/browser-ran"))
    #expect(!FileManager.default.fileExists(atPath: state))
  }

  @Test func aRefusedCreationIsExit24AndOpensNothing() throws {
    let refusing = InMemoryTransport(["/checkouts": .json(401, "{}")])
    runner.transport = refusing
    let output = try runner.run([
      "start", "--product", "pdt_1", "--return-url", "myapp://r", "--browser", browser(returningWith: "status=x"),
    ])
    #expect(output.status == 24)
    #expect(output.stderr.contains("the key is refused"))
    #expect(!FileManager.default.fileExists(atPath: runner.scratch + "/browser-ran"))
  }

  @Test(arguments: [
    ["start"], ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--product", "pdt_1"],
    ["start", "--product", "pdt_1:x"],
    ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--no-cancel-url"],
    ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--theme", "dark"],
    ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--poll=0"],
    ["start", "https://test.checkout.dodopayments.com/session/cks_1", "--poll=x"],
    ["start", "https://test.checkout.dodopayments.com/session/", "--poll"],
  ])
  func checkoutURLXorProduct(arguments: [String]) throws {
    #expect(try runner.run(arguments + ["--return-url", "myapp://r"]).status == 64)
  }
}
