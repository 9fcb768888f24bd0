import DodoAccount
import Testing

/// A transport that answers from a script and counts what it was sent.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
  var answers: [Result<HTTPResponse, TransportError>]
  private(set) var sent: [HTTPRequest] = []

  init(_ answers: [Result<HTTPResponse, TransportError>]) { self.answers = answers }

  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    sent.append(request)
    return try answers.removeFirst().get()
  }
}

final class Sleeps: @unchecked Sendable {
  var delays: [Double] = []
  var sleep: @Sendable (Double) -> Void { { [self] in delays.append($0) } }
}

@Suite struct RetryingTransportTests {
  let get = HTTPRequest(method: .get, url: "https://x/payments/pay_1")
  let post = HTTPRequest(method: .post, url: "https://x/checkouts", body: Array("{}".utf8))

  @Test func aGetIsRetriedOn429HonouringRetryAfter() throws {
    let base = ScriptedTransport([
      .success(HTTPResponse(status: 429, headers: [HTTPHeader("Retry-After", "2")])),
      .success(HTTPResponse(status: 200)),
    ])
    let sleeps = Sleeps()
    let response = try RetryingTransport(base, sleep: sleeps.sleep).send(get)
    #expect(response.status == 200)
    #expect(base.sent.count == 2)
    #expect(sleeps.delays == [2])
  }

  @Test func aGetIsTriedAtMostThreeTimesWithBackoff() throws {
    let base = ScriptedTransport(Array(repeating: .success(HTTPResponse(status: 503)), count: 5))
    let sleeps = Sleeps()
    let response = try RetryingTransport(base, sleep: sleeps.sleep).send(get)
    #expect(response.status == 503)
    #expect(base.sent.count == 3)
    #expect(sleeps.delays == [0.5, 1.0])
  }

  @Test(arguments: [500, 429, 503])
  func aPostIsNeverRetried(_ status: Int) throws {
    let base = ScriptedTransport([.success(HTTPResponse(status: status)), .success(HTTPResponse(status: 200))])
    let sleeps = Sleeps()
    #expect(try RetryingTransport(base, sleep: sleeps.sleep).send(post).status == status)
    #expect(base.sent.count == 1)
    #expect(sleeps.delays.isEmpty)
  }

  @Test(arguments: [200, 400, 401, 404])
  func otherStatusesAreAnswers(_ status: Int) throws {
    let base = ScriptedTransport([.success(HTTPResponse(status: status))])
    #expect(try RetryingTransport(base, sleep: Sleeps().sleep).send(get).status == status)
    #expect(base.sent.count == 1)
  }

  @Test func aLongRetryAfterIsNotWaitedFor() throws {
    let base = ScriptedTransport([.success(HTTPResponse(status: 429, headers: [HTTPHeader("retry-after", "3600")]))])
    let sleeps = Sleeps()
    #expect(try RetryingTransport(base, sleep: sleeps.sleep).send(get).status == 429)
    #expect(sleeps.delays.isEmpty)
  }

  @Test func anHTTPDateRetryAfterFallsBackToTheBackoff() throws {
    let base = ScriptedTransport([
      .success(HTTPResponse(status: 429, headers: [HTTPHeader("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")])),
      .success(HTTPResponse(status: 200)),
    ])
    let sleeps = Sleeps()
    _ = try RetryingTransport(base, sleep: sleeps.sleep).send(get)
    #expect(sleeps.delays == [0.5])
  }

  @Test func aTransportErrorIsNotRetried() {
    let base = ScriptedTransport([.failure(TransportError(.timedOut, "slow")), .success(HTTPResponse(status: 200))])
    let error = #expect(throws: TransportError.self) { try RetryingTransport(base, sleep: Sleeps().sleep).send(get) }
    #expect(error?.kind == .timedOut)
    #expect(base.sent.count == 1)
  }

  @Test("a Retry-After longer than the request's own time limit is not waited for")
  func retryAfterWithinTheRequestsBudget() throws {
    var short = get
    short.timeout = 2
    let base = ScriptedTransport([
      .success(HTTPResponse(status: 429, headers: [HTTPHeader("Retry-After", "60")])),
      .success(HTTPResponse(status: 200)),
    ])
    let sleeps = Sleeps()
    #expect(try RetryingTransport(base, sleep: sleeps.sleep).send(short).status == 429)
    #expect(sleeps.delays.isEmpty)
    #expect(base.sent.count == 1)
  }

  @Test("the waits of one request add up to at most its time limit")
  func waitsAddUpToTheBudget() throws {
    var short = get
    short.timeout = 1.2
    let base = ScriptedTransport(Array(repeating: .success(HTTPResponse(status: 503)), count: 5))
    let sleeps = Sleeps()
    #expect(try RetryingTransport(base, sleep: sleeps.sleep).send(short).status == 503)
    #expect(sleeps.delays == [0.5, 0.7])
    let limited = ScriptedTransport([
      .success(HTTPResponse(status: 503, headers: [HTTPHeader("Retry-After", "1")])),
      .success(HTTPResponse(status: 503, headers: [HTTPHeader("Retry-After", "1")])),
      .success(HTTPResponse(status: 200)),
    ])
    let waited = Sleeps()
    #expect(try RetryingTransport(limited, sleep: waited.sleep).send(short).status == 503)
    #expect(waited.delays == [1])
  }
}
