import DodoTestSupport
import Foundation
import Testing

/// The account commands through the built `dodo` and its `dodo-https` helper, against the
/// fake Dodo API over HTTPS (its CA trusted through `SSL_CERT_FILE`).
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forAccount),
    "needs \(RequiredTools.forAccount.joined(separator: ", "))")
)
struct AccountEndToEndTests {
  let sandbox = CheckoutSandbox()
  let api: FakeDodoAPI

  init() throws {
    api = try FakeDodoAPI(
      state: """
        {"checkouts": {"cks_open": {"payment_id": null, "payment_status": null},
                       "cks_paid": {"payment_id": "pay_1", "payment_status": "succeeded"}},
         "payments": {"pay_1": {"status": "succeeded", "total_amount": 1999, "currency": "USD"},
                      "pay_2": {"status": "failed", "error_code": "insufficient_funds",
                                "error_message": "The card has insufficient funds"}},
         "next_session": {"session_id": "cks_new", "payment_id": "pay_1", "payment_status": "succeeded"}}
        """)
  }

  func run(_ arguments: [String], stdin: String? = nil) throws -> ProcessOutput {
    try Dodo.run(arguments, stdin: stdin, environment: sandbox.environment(api.environment))
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func checkoutCreatePrintsTheURLAndSendsTheCart() throws {
    let output = try run([
      "checkout", "create", "--product", "pdt_1:2", "--return-url", "myapp://checkout/return", "--email",
      "a@example.com", "--metadata", "order=42",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "https://test.checkout.dodopayments.com/session/cks_new\n")
    #expect(output.stderr.contains("cks_new") && output.stderr.contains("test mode"))
    #expect(!output.stderr.contains(api.apiKey) && !output.stdout.contains(api.apiKey))
    let request = try #require(try api.requests().last)
    #expect(request.method == "POST" && request.path == "/checkouts")
    let body = try json(request.body)
    #expect((body["product_cart"] as? [[String: Any]])?.first?["quantity"] as? Int == 2)
    #expect(body["return_url"] as? String == "myapp://checkout/return")
    #expect(body["metadata"] as? [String: String] == ["order": "42"])
  }

  /// The fake refuses (422) a body whose page options the official SDK's
  /// `checkout_session_create_params` does not declare, as a misspelled field would be.
  @Test func pageOptionsFitTheSDKsParams() throws {
    let output = try run([
      "checkout", "create", "--product", "pdt_1", "--theme", "dark", "--language", "fr", "--redirect-immediately",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    let body = try json(try #require(try api.requests().last).body)
    #expect(body["customization"] as? [String: String] == ["theme": "dark", "force_language": "fr"])
    #expect(body["feature_flags"] as? [String: Bool] == ["redirect_immediately": true])
  }

  @Test func checkoutCreateRefusedIsExit24AndNeverRetried() throws {
    try api.update(state: #"{"faults": [{"method": "POST", "path": "/checkouts", "status": 500}]}"#)
    let output = try run(["checkout", "create", "--product", "pdt_1", "--json"])
    #expect(output.status == 24)
    let error = try json(output.stderr)["error"] as? [String: Any]
    #expect(error?["code"] as? String == "API_ERROR")
    #expect(error?["httpStatus"] as? Int == 500)
    #expect(try api.requests().count == 1)
  }

  /// A "browser" that reads the return URL the session was created with (from the fake's
  /// log, as the hosted checkout would know it) and returns there with `query`, by `how`.
  func browser(returningWith query: String, by how: String) throws -> String {
    try sandbox.script(
      "browser.sh",
      """
      ret=$(python3 -c '
      import json, sys
      for line in open(sys.argv[1]):
          r = json.loads(line)
          if r["method"] == "POST": u = json.loads(r["body"])["return_url"]
      print(u)' '\(api.logFile)')
      \(how) "$ret&\(query)" >/dev/null
      """)
  }

  @Test(arguments: ["custom scheme", "loopback"])
  func startProductConfirm(route: String) throws {
    let port = LoopbackPort.free()
    let returnURL = route == "loopback" ? "http://127.0.0.1:\(port)/return" : "myapp://checkout/return"
    let how = route == "loopback" ? "curl -s" : "'\(Dodo.binary)' handle-url"
    let browser = try browser(returningWith: "status=succeeded&payment_id=pay_forged", by: how)
    let output = try run([
      "start", "--product", "pdt_1", "--return-url", returnURL, "--confirm", "--json", "--timeout", "30",
      "--browser", "'\(browser)' %s",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    let result = try json(output.stdout)
    #expect(result["status"] as? String == "succeeded")
    // The URL names another payment than the session's: a mismatch; Dodo's success decides.
    #expect(result["verdict"] as? String == "mismatch")
    #expect(output.stderr.contains("the return URL names pay_forged, the session's payment is pay_1"))
    #expect(result["mode"] as? String == "test")
    #expect((result["confirmation"] as? [String: Any])?["paymentId"] as? String == "pay_1")
    let requests = try api.requests()
    #expect(requests.map(\.path) == ["/checkouts", "/checkouts/cks_new", "/payments/pay_1"])
    let sent = try json(requests[0].body)["return_url"] as? String ?? ""
    #expect(sent.hasPrefix(returnURL + "?state="))
    let state = String(sent.dropFirst(returnURL.count + 7))
    #expect(state.count == 22 && !output.stdout.contains(state) && !output.stderr.contains(state))
    #expect(!sandbox.recordExists)
  }

  /// The test browser going back from Dodo's page: it follows the session's `cancel_url`
  /// (from the fake's log, as the hosted page would), by `how`.
  @Test(arguments: ["custom scheme", "loopback"])
  func theBackButtonEndsTheCheckoutCancelledByTheCustomer(route: String) throws {
    let port = LoopbackPort.free()
    let returnURL = route == "loopback" ? "http://127.0.0.1:\(port)/return" : "myapp://checkout/return"
    let how = route == "loopback" ? "curl -s" : "'\(Dodo.binary)' handle-url"
    let browser = try sandbox.script(
      "back.sh",
      """
      back=$(python3 -c '
      import json, sys
      for line in open(sys.argv[1]):
          r = json.loads(line)
          if r["method"] == "POST": u = json.loads(r["body"])["cancel_url"]
      print(u)' '\(api.logFile)')
      \(how) "$back" >/dev/null
      """)
    let output = try run([
      "start", "--product", "pdt_1", "--return-url", returnURL, "--json", "--timeout", "30", "--browser",
      "'\(browser)' %s",
    ])
    #expect(output.status == 11, "\(output.stderr)")
    let result = try json(output.stdout)
    #expect(result["status"] as? String == "cancelled")
    #expect(result["reason"] as? String == "customer")
    let sent = try json(try api.requests()[0].body)
    let cancel = try #require(sent["cancel_url"] as? String)
    #expect(cancel == (sent["return_url"] as? String ?? "") + "&dodo_cancel=1")
    #expect(sandbox.recordExists)
  }

  /// A customer who pays elsewhere (a phone): no return comes, and polling Dodo finds the
  /// payment, after a declined card was tried again on the same page.
  @Test func pollFindsThePaymentAfterAFailedAttempt() throws {
    try api.update(
      state: """
        {"polls": {"cks_poll": [{"payment_id": null, "payment_status": null},
                                {"payment_id": "pay_a", "payment_status": "failed"},
                                {"payment_id": "pay_b", "payment_status": "succeeded"}]}}
        """)
    let output = try run([
      "start", "https://test.checkout.dodopayments.com/session/cks_poll", "--poll", "1", "--no-open", "--json",
      "--events", "json", "--return-url", "myapp://checkout/return?state=s", "--timeout", "20",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    let result = try json(output.stdout)
    #expect(result["status"] as? String == "succeeded")
    #expect(result["reason"] as? String == "poll")
    #expect(result["paymentId"] as? String == "pay_b")
    #expect(result["verdict"] as? String == "confirmed")
    #expect((result["confirmation"] as? [String: Any])?["paymentId"] as? String == "pay_b")
    let polled = output.stderr.split(separator: "\n").filter { $0.contains(#""name":"checkout.polled""#) }
    #expect(polled.count == 2 && polled[0].contains(#""paymentStatus":null"#) && polled[1].contains(#""failed""#))
    #expect(!sandbox.recordExists)
    #expect(try api.requests().map(\.path).suffix(2) == ["/checkouts/cks_poll", "/payments/pay_b"])
  }

  @Test func pollInTextSaysEachStatusOnceAndWhoFoundTheResult() throws {
    try api.update(
      state: """
        {"polls": {"cks_poll": [{"payment_id": "pay_p", "payment_status": "processing"},
                                {"payment_id": "pay_p", "payment_status": "processing"},
                                {"payment_id": "pay_p", "payment_status": "succeeded"}]}}
        """)
    let output = try run([
      "start", "https://test.checkout.dodopayments.com/session/cks_poll", "--poll=1", "--no-open", "--no-input",
      "--return-url", "myapp://checkout/return?state=s", "--timeout", "8",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains("status: succeeded (found by polling Dodo)\npaymentId: pay_p\n"))
    #expect(output.stderr.components(separatedBy: "Dodo: payment status processing;").count == 2)
    #expect(!sandbox.recordExists)
  }

  @Test func confirmStreamsAsksEachIDOnceAndFindsTheMismatch() throws {
    let stdin = """
      myapp://checkout/return?status=succeeded&payment_id=pay_1
      myapp://checkout/return?status=succeeded&payment_id=pay_1
      pay_1
      myapp://checkout/return?status=succeeded&payment_id=pay_2

      """
    let output = try run(["confirm", "--json", "-"], stdin: stdin)
    #expect(output.status == 1, "\(output.stderr)")
    let lines = try output.stdout.split(separator: "\n").map { try json(String($0)) }
    #expect(lines.map { $0["verdict"] as? String } == ["confirmed", "confirmed", "confirmed", "mismatch"])
    #expect((lines[3]["reason"] as? String)?.contains("the return URL says succeeded, Dodo says failed") == true)
    #expect(try api.requests().map(\.path).sorted() == ["/payments/pay_1", "/payments/pay_2"])
    let text = try run(["confirm", "myapp://checkout/return?status=succeeded&payment_id=pay_2"])
    #expect(text.stdout.contains("failed: insufficient_funds (The card has insufficient funds)"))
  }

  func record(_ sessionId: String) throws {
    try FileManager.default.createDirectory(
      atPath: sandbox.state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    FileManager.default.createFile(
      atPath: sandbox.record, contents: Data(#"{"sessionId":"\#(sessionId)","createdAt":"2026-11-18T11:06:40Z"}"#.utf8),
      attributes: [.posixPermissions: 0o600])
  }

  @Test func reconcileKeepsAnOpenSessionAndClearsASettledOne() throws {
    try record("cks_open")
    let open = try run(["abandoned", "reconcile"])
    #expect(open.status == 12, "\(open.stderr)")
    #expect(sandbox.recordExists)
    try record("cks_paid")
    let paid = try run(["abandoned", "reconcile", "--json"])
    #expect(paid.status == 0, "\(paid.stderr)")
    #expect(try json(paid.stdout)["cleared"] as? Bool == true)
    #expect(!sandbox.recordExists)
  }
}
