import DodoAccount
import DodoNetwork
import DodoTestSupport
import Foundation
import Testing

/// The fake Dodo API held to Dodo's published schemas (its official Python SDK): what `dodo`
/// sends validates under the SDK's params types, and what the fake answers is the SDK's models.
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forFakeAPI),
    "needs \(RequiredTools.forFakeAPI.joined(separator: ", "))")
)
struct FakeAPISchemaEndToEndTests {
  let sandbox = CheckoutSandbox()
  let api: FakeDodoAPI

  init() throws {
    api = try FakeDodoAPI(
      state: #"{"payments": {"pay_1": {"status": "succeeded"}, "pay_odd": {"status": "settled"}}}"#)
  }

  func post(_ body: String) throws -> HTTPResponse {
    try HelperTransport(environment: ["SSL_CERT_FILE": api.caFile], helperPath: nil).send(
      .api(.post, "/checkouts", baseURL: api.baseURL, apiKey: api.apiKey, body: Array(body.utf8)))
  }

  @Test func checkoutCreateWithEveryOptionSendsABodyTheSDKAccepts() throws {
    let output = try Dodo.run(
      [
        "checkout", "create", "--product", "pdt_1:2", "--product", "pdt_2", "--return-url", "myapp://checkout/return",
        "--email", "a@example.com", "--name", "Ada", "--metadata", "order=42", "--metadata", "note=x",
        "--discount-code", "SAVE10",
      ], environment: sandbox.environment(api.environment))
    #expect(output.status == 0, "\(output.stderr)")
    let request = try #require(try api.requests().last)
    #expect(request.status == 200 && request.schemaProblems.isEmpty, "\(request.schemaProblems)")
  }

  @Test func aBodyOutsideTheSDKsParamsIsRefusedAndLogged() throws {
    let misspelt = try post(#"{"product_cart": [{"product_id": "pdt_1", "quantity": 1}], "retrun_url": "x://y"}"#)
    #expect(misspelt.status == 422)
    let wrongType = try post(#"{"product_cart": [{"product_id": "pdt_1", "quantity": "1"}]}"#)
    #expect(wrongType.status == 422)
    let problems = try api.requests().map(\.schemaProblems)
    #expect(problems.first?.contains { $0.hasPrefix("retrun_url:") } == true, "\(problems)")
    #expect(problems.last?.contains { $0.contains("quantity") } == true, "\(problems)")
  }

  @Test func answersAreTheSDKsModelsFromTheSeededState() throws {
    let transport = HelperTransport(environment: ["SSL_CERT_FILE": api.caFile], helperPath: nil)
    let paid = try transport.send(.api(.get, "/payments/pay_1", baseURL: api.baseURL, apiKey: api.apiKey))
    let payment = try #require(try JSONSerialization.jsonObject(with: Data(paid.body)) as? [String: Any])
    // Fields the SDK's Payment requires that the state does not seed.
    for field in ["brand_id", "payment_provider", "is_update_payment_method", "subscription_ids", "billing"] {
      #expect(payment[field] != nil, "\(field)")
    }
    #expect(payment["status"] as? String == "succeeded")
    // A seeded value outside the SDK's enums is the test's mistake, said loudly.
    let odd = try transport.send(.api(.get, "/payments/pay_odd", baseURL: api.baseURL, apiKey: api.apiKey))
    #expect(odd.status == 500)
    #expect(try api.requests().last?.schemaProblems.first?.contains("status") == true)
  }
}
