import DodoAccount
import DodoNetwork
import DodoTestSupport
import Foundation
import Testing

/// The real way to the network: `HelperTransport` runs the built `dodo-https`, which speaks
/// TLS through libcurl to the fake Dodo API, whose certificate comes from a CA made for the
/// test run.
@Suite(
  .serialized,
  .enabled(
    if: RequiredTools.present(RequiredTools.forFakeAPI), "needs \(RequiredTools.forFakeAPI.joined(separator: ", "))")
)
struct TransportEndToEndTests {
  static let helper = URL(fileURLWithPath: Dodo.binary).deletingLastPathComponent().appendingPathComponent("dodo-https")
    .path

  let api: FakeDodoAPI

  init() throws {
    api = try FakeDodoAPI(
      state: """
        {"payments": {"pay_1": {"status": "succeeded"}, "pay_2": {"status": "failed", "error_code": "insufficient_funds"}},
         "faults": [
           {"method": "GET", "path": "/payments/pay_2", "status": 429, "retry_after": "1", "times": 1},
           {"method": "POST", "path": "/checkouts", "status": 500},
           {"path": "/payments/pay_hung", "hang": true},
           {"path": "/subscriptions/*", "status": 401},
           {"path": "/payments/big", "status": 200, "body_size": 9000000},
           {"path": "/payments/moved", "status": 302, "headers": {"Location": "https://example.invalid/payments/pay_1"}}
         ]}
        """)
  }

  func transport(trustingTestCA: Bool = true, helperPath: String? = TransportEndToEndTests.helper) -> HelperTransport {
    HelperTransport(environment: trustingTestCA ? ["SSL_CERT_FILE": api.caFile] : [:], helperPath: helperPath)
  }

  func get(_ path: String, timeout: Double = 20) -> HTTPRequest {
    .api(.get, path, baseURL: api.baseURL, apiKey: api.apiKey, timeout: timeout)
  }

  @Test func aGetOverTLSTrustingTheTestCAThroughSSLCertFile() throws {
    // helperPath nil: found beside the running executable, as `dodo` finds it.
    let response = try transport(helperPath: nil).send(get("/payments/pay_1"))
    #expect(response.status == 200)
    let payment = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    #expect(payment?["payment_id"] as? String == "pay_1")
    #expect(payment?["status"] as? String == "succeeded")
    #expect(response.header("content-type") == "application/json")
    let requests = try api.requests()
    #expect(requests.count == 1)
    #expect(requests.first?.headers["authorization"] == "Bearer \(api.apiKey)")
  }

  @Test func aLoopbackBaseURLNeverGoesThroughAProxy() throws {
    // Port 1 on loopback has no listener: through the proxy, the request would fail.
    let proxy = "http://127.0.0.1:1"
    let environment = ["SSL_CERT_FILE": api.caFile, "ALL_PROXY": proxy, "HTTPS_PROXY": proxy, "https_proxy": proxy]
    let response = try HelperTransport(environment: environment, helperPath: Self.helper).send(get("/payments/pay_1"))
    #expect(response.status == 200)
  }

  @Test func withoutTheTestCATheCertificateIsRefused() throws {
    let error = #expect(throws: TransportError.self) {
      try transport(trustingTestCA: false).send(get("/payments/pay_1"))
    }
    #expect(error?.kind == .tls)
    #expect(try api.requests().isEmpty)
  }

  @Test func a429IsRetriedAfterRetryAfter() throws {
    let sleeps = Delays()
    let response = try RetryingTransport(transport(), sleep: sleeps.record).send(get("/payments/pay_2"))
    #expect(response.status == 200)
    #expect(sleeps.all == [1])
    #expect(try api.requests().map(\.status) == [429, 200])
  }

  @Test func aPostAnswered500IsNotRetried() throws {
    let request = HTTPRequest.api(
      .post, "/checkouts", baseURL: api.baseURL, apiKey: api.apiKey,
      body: Array(#"{"product_cart":[{"product_id":"pdt_1","quantity":1}]}"#.utf8))
    let sleeps = Delays()
    let response = try RetryingTransport(transport(), sleep: sleeps.record).send(request)
    #expect(response.status == 500)
    #expect(sleeps.all.isEmpty)
    let requests = try api.requests()
    #expect(requests.map(\.method) == ["POST"])
    #expect(requests.first?.headers["content-type"] == "application/json")
    #expect(requests.first?.body == #"{"product_cart":[{"product_id":"pdt_1","quantity":1}]}"#)
  }

  @Test func a401IsAnAnswerNotRetried() throws {
    let response = try RetryingTransport(transport(), sleep: Delays().record).send(get("/subscriptions/sub_1"))
    #expect(response.status == 401)
    #expect(try api.requests().count == 1)
  }

  @Test func aHungAnswerTimesOut() throws {
    let start = ContinuousClock.now
    let error = #expect(throws: TransportError.self) { try transport().send(get("/payments/pay_hung", timeout: 1)) }
    #expect(error?.kind == .timedOut)
    #expect(ContinuousClock.now - start < .seconds(15))
  }

  @Test func aCreatedSessionCanBeRead() throws {
    try api.update(state: #"{"next_session": {"session_id": "cks_made"}}"#)
    let create = HTTPRequest.api(
      .post, "/checkouts", baseURL: api.baseURL, apiKey: api.apiKey,
      body: Array(#"{"product_cart":[{"product_id":"pdt_1","quantity":2}]}"#.utf8))
    let created = try transport().send(create)
    #expect(created.status == 200)
    let session = try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any]
    #expect(session?["session_id"] as? String == "cks_made")
    #expect(session?["checkout_url"] as? String == "https://test.checkout.dodopayments.com/session/cks_made")
    let read = try transport().send(get("/checkouts/cks_made"))
    let checkout = try JSONSerialization.jsonObject(with: Data(read.body)) as? [String: Any]
    #expect(checkout?["id"] as? String == "cks_made")
    #expect(checkout?["payment_id"] is NSNull)
    #expect(try transport().send(get("/checkouts/cks_unknown")).status == 404)
  }

  @Test func anAnswerTooLargeIsRefused() throws {
    let error = #expect(throws: TransportError.self) { try transport().send(get("/payments/big")) }
    #expect(error?.message.contains("larger than") == true, "\(String(describing: error))")
  }

  @Test func aRedirectIsAnAnswerNotFollowed() throws {
    let response = try transport().send(get("/payments/moved"))
    #expect(response.status == 302)
    #expect(response.header("location") == "https://example.invalid/payments/pay_1")
    #expect(try api.requests().count == 1)
  }

  @Test func requestsRunConcurrently() throws {
    let transport = transport()
    let statuses = Statuses()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      statuses.add((try? transport.send(get(index.isMultiple(of: 2) ? "/payments/pay_1" : "/payments/pay_0")))?.status)
    }
    #expect(statuses.all.sorted { ($0 ?? 0) < ($1 ?? 0) } == [200, 200, 200, 200, 404, 404, 404, 404])
    #expect(try api.requests().count == 8)
  }

  @Test func theKeyIsInNeitherTheHelpersArgumentsNorItsEnvironment() throws {
    let transport = transport()
    let request = get("/payments/pay_hung", timeout: 4)
    let done = DispatchSemaphore(value: 0)
    Thread {
      _ = try? transport.send(request)
      done.signal()
    }.start()
    defer { done.wait() }
    var helper: Int32?
    for _ in 0..<200 where helper == nil {
      helper = ProcessTable.children(of: ProcessInfo.processInfo.processIdentifier, named: "dodo-https").first
      if helper == nil { Thread.sleep(forTimeInterval: 0.02) }
    }
    let pid = try #require(helper, "the helper was not seen running")
    let arguments = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
    let environment = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
    #expect(String(decoding: arguments, as: UTF8.self) == Self.helper + "\0")
    #expect(!String(decoding: environment, as: UTF8.self).contains(api.apiKey))
    #expect(!String(decoding: environment, as: UTF8.self).contains("DODO_PAYMENTS"))
  }

  @Test(.enabled(if: RequiredTools.present(RequiredTools.forColor)))
  func theHelperRefusesATerminal() throws {
    let output = try Subprocess.run(
      "/usr/bin/env", ["script", "-qec", Self.helper, "/dev/null"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(output.status == 64)
    #expect(output.stdout.contains("dodo's HTTPS helper"))
  }
}

final class Statuses: @unchecked Sendable {
  private let lock = NSLock()
  private var statuses: [Int?] = []
  var all: [Int?] { lock.withLock { statuses } }
  func add(_ status: Int?) { lock.withLock { statuses.append(status) } }
}

/// The delays a `RetryingTransport` asked for, instead of waiting them.
final class Delays: @unchecked Sendable {
  private let lock = NSLock()
  private var delays: [Double] = []
  var all: [Double] { lock.withLock { delays } }
  var record: @Sendable (Double) -> Void { { [self] delay in lock.withLock { delays.append(delay) } } }
}
