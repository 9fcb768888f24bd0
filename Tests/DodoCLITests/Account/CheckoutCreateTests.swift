import DodoAccount
import DodoTestSupport
import Foundation
import Testing

@testable import DodoCLI

@Suite struct CheckoutCreateTests {
  static let key = "sk_test_abcdefgh12345678"
  static let created = InMemoryTransport.Answer.json(
    200, #"{"session_id":"cks_new","checkout_url":"https://test.checkout.dodopayments.com/session/cks_new"}"#)

  func runner(_ answers: [String: InMemoryTransport.Answer]) throws -> (CommandRunner, InMemoryTransport) {
    let runner = try CommandRunner()
    let transport = InMemoryTransport(answers)
    runner.transport = transport
    runner.environment["DODO_PAYMENTS_API_KEY"] = Self.key
    return (runner, transport)
  }

  @Test func textPrintsTheURLAloneAndTheSessionOnStandardError() throws {
    let (runner, transport) = try runner(["/checkouts": Self.created])
    runner.environment["DODO_RETURN_URL"] = "myapp://checkout/return"
    let output = try runner.run([
      "checkout", "create", "--product", "pdt_1:2", "--product", "pdt_2", "--email", "a@example.com", "--name", "A",
      "--metadata", "order=42", "--metadata", "team=x=y", "--discount-code", "SAVE", "--discount-code", "TEN",
    ])
    #expect(output.status == 0)
    #expect(output.stdout == "https://test.checkout.dodopayments.com/session/cks_new\n")
    #expect(output.stderr.contains("Checkout session cks_new"))
    #expect(output.stderr.contains("test mode"))
    #expect(!output.stderr.contains(Self.key) && !output.stdout.contains(Self.key))
    let request = try #require(transport.requests.first)
    #expect(transport.requests.count == 1)
    #expect(request.method == .post && request.url == "https://test.dodopayments.com/checkouts")
    let body = try #require(JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    let cart = try #require(body["product_cart"] as? [[String: Any]])
    #expect(cart.map { $0["product_id"] as? String } == ["pdt_1", "pdt_2"])
    #expect(cart.map { $0["quantity"] as? Int } == [2, 1])
    #expect(body["return_url"] as? String == "myapp://checkout/return")
    #expect(body["customer"] as? [String: String] == ["email": "a@example.com", "name": "A"])
    #expect(body["metadata"] as? [String: String] == ["order": "42", "team": "x=y"])
    #expect(body["discount_codes"] as? [String] == ["SAVE", "TEN"])
    #expect(body["discount_code"] == nil)
  }

  @Test func jsonCarriesSessionURLAndMode() throws {
    let (runner, transport) = try runner(["/checkouts": Self.created])
    let output = try runner.run(["checkout", "create", "--product", "pdt_1", "--json", "--mode", "live"])
    #expect(output.status == 0)
    #expect(
      output.stdout
        == #"{"sessionId":"cks_new","checkoutUrl":"https://test.checkout.dodopayments.com/session/cks_new","mode":"live"}"#
        + "\n")
    #expect(output.stderr == "")
    #expect(transport.requests.first?.url == "https://live.dodopayments.com/checkouts")
    let body = String(decoding: transport.requests.first?.body ?? [], as: UTF8.self)
    #expect(body == #"{"product_cart":[{"product_id":"pdt_1","quantity":1}]}"#)
  }

  @Test(arguments: [
    (401, "the key is refused: is it a test-mode key used in live mode, or revoked?"),
    (404, "not found"),
    (429, "rate limited"),
    (500, "try again later"),
  ])
  func aRefusalIsExit24WithTheStatus(status: Int, says: String) throws {
    let (runner, transport) = try runner(["/checkouts": .json(status, #"{"message":"no"}"#)])
    let output = try runner.run(["checkout", "create", "--product", "pdt_1", "--json"])
    #expect(output.status == 24)
    #expect(output.stdout == "")
    let error = try #require(
      JSONSerialization.jsonObject(with: Data(output.stderr.utf8)) as? [String: [String: Any]])["error"]
    #expect(error?["code"] as? String == "API_ERROR")
    #expect(error?["httpStatus"] as? Int == status)
    #expect((error?["message"] as? String)?.contains(says) == true)
    #expect(!output.stderr.contains(Self.key))
    // POST /checkouts is never retried, not even on 429 or 5xx.
    #expect(transport.requests.count == 1)
  }

  @Test func dodosErrorCodeIsKeptBesideItsMessage() throws {
    let (runner, _) = try runner([
      "/checkouts": .json(422, #"{"code":"INVALID_DISCOUNT_CODE","message":"The discount code is not valid"}"#)
    ])
    let output = try runner.run(["checkout", "create", "--product", "pdt_1", "--discount-code", "NOPE", "--json"])
    #expect(output.status == 24)
    let error = try #require(
      JSONSerialization.jsonObject(with: Data(output.stderr.utf8)) as? [String: [String: Any]])["error"]
    #expect(error?["dodoCode"] as? String == "INVALID_DISCOUNT_CODE")
    #expect((error?["message"] as? String)?.hasSuffix("Dodo says: The discount code is not valid") == true)
    let bare = try self.runner(["/checkouts": .json(500, "oops")]).0.run([
      "checkout", "create", "--product", "p", "--json",
    ])
    #expect(bare.stderr.contains(#""dodoCode":null"#))
  }

  @Test func noAnswerIsExit24WithANullStatus() throws {
    let (runner, _) = try runner(["/checkouts": .fail(TransportError(.timedOut, "30 s"))])
    let output = try runner.run(["checkout", "create", "--product", "pdt_1", "--json"])
    #expect(output.status == 24)
    #expect(output.stderr.contains(#""httpStatus":null"#))
    let text = try runner.run(["checkout", "create", "--product", "pdt_1"])
    #expect(text.status == 24)
    #expect(text.stderr.contains("Error: no answer from https://test.dodopayments.com in time"))
  }

  @Test func noKeyIsAConfigurationErrorAndNothingIsSent() throws {
    let (runner, transport) = try runner([:])
    runner.environment["DODO_PAYMENTS_API_KEY"] = nil
    let output = try runner.run(["checkout", "create", "--product", "pdt_1"])
    #expect(output.status == 78)
    #expect(output.stderr.contains("DODO_PAYMENTS_API_KEY"))
    #expect(transport.requests.isEmpty)
  }

  @Test(arguments: [
    ["checkout", "create"], ["checkout", "create", "--product", "pdt_1:0"],
    ["checkout", "create", "--product", "pdt_1", "--metadata", "novalue"],
    ["checkout", "create", "--product", "pdt_1", "--name", "A"],
  ])
  func badOptionsAreUsageErrors(arguments: [String]) throws {
    let (runner, transport) = try runner([:])
    #expect(try runner.run(arguments).status == 64)
    #expect(transport.requests.isEmpty)
  }

  @Test func pageOptionsFromFlagsOverTheProfile() throws {
    let (runner, transport) = try runner(["/checkouts": Self.created])
    runner.environment["DODO_CONFIG"] = try runner.file(
      "c.yaml", "profiles:\n  default:\n    theme: light\n    language: de\n    redirect_immediately: true\n")
    #expect(try runner.run(["checkout", "create", "--product", "pdt_1"]).status == 0)
    #expect(
      try runner.run(["checkout", "create", "--product", "pdt_1", "--theme", "dark", "--language", "pt-BR"]).status == 0
    )
    let bodies = transport.requests.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(
      bodies == [
        #"{"customization":{"force_language":"de","theme":"light"},"feature_flags":{"redirect_immediately":true},"product_cart":[{"product_id":"pdt_1","quantity":1}]}"#,
        #"{"customization":{"force_language":"pt-BR","theme":"dark"},"feature_flags":{"redirect_immediately":true},"product_cart":[{"product_id":"pdt_1","quantity":1}]}"#,
      ])
  }

  @Test(
    arguments: [
      (["--cancel-url"], "myapp://checkout/return?state=s&dodo_cancel=1"),
      (["--cancel-url", "https://shop.example/cart"], "https://shop.example/cart"),
      (["--cancel-url=myapp://back"], "myapp://back"),
      ([], nil),
    ] as [([String], String?)])
  func cancelURLOnlyWhenAsked(option: [String], sent: String?) throws {
    let (runner, transport) = try runner(["/checkouts": Self.created])
    let output = try runner.run(
      ["checkout", "create", "--product", "pdt_1"] + option + ["--return-url", "myapp://checkout/return?state=s"])
    #expect(output.status == 0, "\(output)")
    let body = try #require(
      JSONSerialization.jsonObject(with: Data(transport.requests.first?.body ?? [])) as? [String: Any])
    #expect(body["cancel_url"] as? String == sent)
  }

  @Test(arguments: [["--cancel-url"], ["--cancel-url=not-a-url"]])
  func aCancelURLThatCannotBeIsAUsageError(option: [String]) throws {
    let (runner, transport) = try runner([:])
    let output = try runner.run(["checkout", "create", "--product", "pdt_1"] + option)
    #expect(output.status == 64)
    #expect(output.stderr.contains("--cancel-url"))
    #expect(transport.requests.isEmpty)
  }

  @Test(arguments: [["--language", "english!"], ["--language", "e"], ["--theme", "dim"]])
  func aBadPageOptionIsAUsageError(option: [String]) throws {
    let (runner, transport) = try runner([:])
    let output = try runner.run(["checkout", "create", "--product", "pdt_1"] + option)
    #expect(output.status == 64)
    #expect(output.stderr.contains(option[0]))
    #expect(transport.requests.isEmpty)
  }

  @Test func aHostileURLFromTheAnswerIsShownNotObeyed() throws {
    let (runner, _) = try runner([
      "/checkouts": .json(200, #"{"session_id":"cks_\u001b[2J","checkout_url":"https://x/\u001b]0;pwned\u0007"}"#)
    ])
    let output = try runner.run(["checkout", "create", "--product", "pdt_1"])
    #expect(!output.stdout.contains("\u{1B}") && !output.stderr.contains("\u{1B}"))
  }
}
