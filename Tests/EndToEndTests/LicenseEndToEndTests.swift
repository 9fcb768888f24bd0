import DodoTestSupport
import Foundation
import Testing

/// `dodo license` and `start --activate-license` through the built `dodo` and its helper,
/// against the fake API's license endpoints (account spec §D).
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forFakeAPI), "needs \(RequiredTools.forFakeAPI.joined(separator: ", "))")
)
struct LicenseEndToEndTests {
  static let key = "KEY1-AAAA-BBBB-CCCC-ZZ99"
  static let masked = "KEY1…ZZ99"
  let sandbox = CheckoutSandbox()
  let api: FakeDodoAPI

  init() throws {
    api = try FakeDodoAPI(
      state: """
        {"licenses": {"\(Self.key)": {"activations_limit": 1, "product_id": "pdt_app", "product_name": "App",
                                       "customer_email": "ann@example.com"},
                      "OFF1-AAAA-BBBB-ZZ00": {"status": "disabled"}}}
        """)
  }

  /// With the API key in the environment, as a merchant's shell has it: it must not be sent.
  func run(_ arguments: [String], stdin: String? = nil) throws -> ProcessOutput {
    try Dodo.run(arguments, stdin: stdin, environment: sandbox.environment(api.environment))
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func expectKeyNeverShown(_ output: ProcessOutput) {
    #expect(!output.stdout.contains(Self.key) && !output.stderr.contains(Self.key))
    #expect(!output.stdout.contains(api.apiKey) && !output.stderr.contains(api.apiKey))
  }

  @Test func activateFromStandardInputStoresItAndNeverSendsTheAPIKey() throws {
    let output = try run(["license", "activate", "-", "--app", "com.example.app", "--json"], stdin: Self.key + "\n")
    #expect(output.status == 0, "\(output.stderr)")
    expectKeyNeverShown(output)
    let result = try json(output.stdout)
    #expect(result["licenseKey"] as? String == Self.masked)
    #expect(result["alreadyActive"] as? Bool == false)
    #expect((result["instanceId"] as? String)?.hasPrefix("lki_") == true)
    #expect(result["productName"] as? String == "App")
    #expect(result["customerEmail"] as? String == "ann@example.com")
    #expect(result["mode"] as? String == "test")
    let name = try #require(result["name"] as? String)
    #expect(
      name.wholeMatch(of: /.+ \([0-9a-f]{8}\)/) != nil || !FileManager.default.fileExists(atPath: "/etc/machine-id"))
    let file = sandbox.state + "/licenses/com.example.app/\(Self.key).json"
    #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)

    let again = try run(["license", "activate", Self.key, "--app", "com.example.app"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasPrefix("\(Self.masked): already active on this machine"))
    #expect(again.stderr.contains("test mode"))
    let requests = try api.requests()
    #expect(requests.map(\.path) == ["/licenses/activate", "/licenses/validate"])
    #expect(requests.allSatisfy { $0.headers["authorization"] == nil })
    #expect(requests.allSatisfy { !$0.body.contains(api.apiKey) })
  }

  @Test func refusalsAreExit1WithTheirReasons() throws {
    let cases: [([String], String)] = [
      (["license", "activate", "NONE-AAAA-BBBB-ZZ00"], "not_found"),
      (["license", "activate", "OFF1-AAAA-BBBB-ZZ00"], "inactive"),
    ]
    for (arguments, reason) in cases {
      let output = try run(arguments + ["--json"])
      #expect(output.status == 1, "\(arguments): \(output.stderr)")
      #expect(try json(output.stdout)["reason"] as? String == reason)
    }
    #expect(try run(["license", "activate", Self.key, "--app", "one"]).status == 0)
    let second = try run(["license", "activate", Self.key, "--app", "two", "--json"])
    #expect(second.status == 1)
    #expect(try json(second.stdout)["reason"] as? String == "limit_reached")
  }

  @Test func validateThenInvalidThenDeactivate() throws {
    #expect(try run(["license", "activate", Self.key]).status == 0)
    let valid = try run(["license", "validate", "--json"])
    #expect(valid.status == 0, "\(valid.stderr)")
    #expect(try json(valid.stdout)["valid"] as? Bool == true)
    let status = try run(["license", "status", "--json"])
    let stored = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(stored.count == 1 && stored.first?["lastValidatedAt"] is String)
    expectKeyNeverShown(status)

    try api.update(state: #"{"licenses": {"\#(Self.key)": {"valid": false}}}"#)
    let invalid = try run(["license", "validate", "--json", "--grace", "30"])
    #expect(invalid.status == 1)
    let verdict = try json(invalid.stdout)
    #expect(verdict["valid"] as? Bool == false && verdict["reason"] as? String == "invalid")

    let gone = try run(["license", "deactivate", "--json"])
    #expect(gone.status == 0, "\(gone.stderr)")
    #expect(try json(gone.stdout)["deactivated"] as? Bool == true)
    #expect(try run(["license", "status"]).status == 1)
    #expect(try api.requests().allSatisfy { $0.headers["authorization"] == nil })
  }

  @Test func noAnswerIsExit24UnlessTheGraceCoversIt() throws {
    #expect(try run(["license", "activate", Self.key]).status == 0)
    try api.update(state: #"{"faults": [{"path": "/licenses/*", "drop": true}]}"#)
    let offline = try run(["license", "validate", Self.key, "--json"])
    #expect(offline.status == 24)
    let error = try json(offline.stderr)["error"] as? [String: Any]
    #expect(error?["code"] as? String == "API_ERROR")
    #expect(error?["httpStatus"] is NSNull)

    let graced = try run(["license", "validate", "--grace", "7", "--json"])
    #expect(graced.status == 0, "\(graced.stderr)")
    let result = try json(graced.stdout)
    #expect(result["offline"] as? Bool == true)
    let ends = try #require(result["graceEnds"] as? String)
    #expect(ends.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil)
    #expect(graced.stderr.contains(ends))

    let deactivate = try run(["license", "deactivate"])
    #expect(deactivate.status == 24)
    #expect(try run(["license", "status"]).status == 0)
  }

  @Test func startActivatesTheKeysTheReturnCarried() throws {
    let browser = try sandbox.script(
      "browser.sh",
      "'\(Dodo.binary)' handle-url 'myapp://checkout/return?status=succeeded&payment_id=pay_1&license_key=\(Self.key)' >/dev/null"
    )
    let output = try run([
      "start", "https://test.checkout.dodopayments.com/session/cks_1", "--return-url", "myapp://checkout/return",
      "--activate-license", "--license-name", "ci box", "--json", "--timeout", "30", "--browser", "'\(browser)' %s",
    ])
    #expect(output.status == 0, "\(output.stderr)")
    let result = try json(output.stdout)
    #expect(result["licenseKeys"] as? [String] == [Self.key])
    let licenses = try #require(result["licenses"] as? [[String: Any]])
    #expect(licenses.count == 1)
    #expect(licenses.first?["licenseKey"] as? String == Self.masked)
    #expect((licenses.first?["instanceId"] as? String)?.hasPrefix("lki_") == true)
    let request = try #require(try api.requests().first)
    #expect(request.path == "/licenses/activate" && request.body.contains("ci box"))
    #expect(request.headers["authorization"] == nil)
  }
}
