import DodoAccount
import DodoNetwork
import DodoPlatform
import Foundation
import Testing

/// A helper in memory: what `dodo` writes is parsed into requests, and the test writes the
/// helper's output, as it likes, hostile included.
final class FakeHelper: HelperChannel, @unchecked Sendable {
  /// What it does with each request by itself: nothing (the test answers), answer 200, or exit.
  enum Behaviour { case waiting, answering, dying }
  let behaviour: Behaviour
  private let condition = NSCondition()
  private var input = HelperStream.Reader()
  private var requests: [(id: UInt64, request: HTTPRequest)] = []
  private var output: [[UInt8]] = []
  private var ended = false
  private(set) var killed = false
  private(set) var inputClosed = false

  init(_ behaviour: Behaviour = .waiting) { self.behaviour = behaviour }

  func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !ended else { return false }
    input.append(bytes)
    while let (id, frame) = try? input.next(), let request = try? HelperFrame.decodeRequest(frame) {
      requests.append((id, request))
      switch behaviour {
      case .waiting: break
      case .answering:
        output.append(HelperStream.envelope(id: id, (try? HelperFrame.encode(HTTPResponse(status: 200))) ?? []))
      case .dying: output.append([])
      }
    }
    condition.broadcast()
    return true
  }

  func read() -> [UInt8] {
    condition.lock()
    defer { condition.unlock() }
    while output.isEmpty, !ended { condition.wait() }
    return output.isEmpty ? [] : output.removeFirst()
  }

  /// A helper that goes on after its input ends (stuck), until it is killed.
  var exitsAtEndOfInput = true

  func closeInput() {
    condition.lock()
    inputClosed = true
    if exitsAtEndOfInput { ended = true }
    condition.broadcast()
    condition.unlock()
  }

  func kill() {
    condition.lock()
    killed = true
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  func reap() -> String { killed ? "was killed by signal 9" : "exited with status 3" }

  /// The helper writes `bytes`.
  func answer(_ bytes: [UInt8]) {
    condition.lock()
    output.append(bytes)
    condition.broadcast()
    condition.unlock()
  }

  /// The helper's output ends (it exited), after what it wrote is read.
  func end() {
    condition.lock()
    output.append([])
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until `count` requests have come.
  func requests(count: Int) -> [(id: UInt64, request: HTTPRequest)] {
    condition.lock()
    defer { condition.unlock() }
    while requests.count < count { condition.wait() }
    return requests
  }
}

/// What the threads sending through a session got.
final class Outcomes: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [String: Result<HTTPResponse, TransportError>] = [:]

  func set(_ key: String, _ result: Result<HTTPResponse, TransportError>) {
    lock.lock()
    results[key] = result
    lock.unlock()
  }

  subscript(_ key: String) -> Result<HTTPResponse, TransportError>? {
    lock.lock()
    defer { lock.unlock() }
    return results[key]
  }
}

func frame(_ path: String) -> [UInt8] {
  (try? HelperFrame.encode(HTTPRequest(method: .get, url: "https://x\(path)"))) ?? []
}

/// Sends `paths` from a thread each through `session` and waits for all of them to be answered.
func sendConcurrently(_ paths: [String], through session: HelperSession, fake: FakeHelper, answer: () throws -> Void)
  rethrows -> Outcomes
{
  let outcomes = Outcomes()
  let group = DispatchGroup()
  for path in paths {
    DispatchQueue.global().async(group: group) {
      let sent = Result { () throws(TransportError) in try session.exchange(frame(path), timeout: 30) }
      outcomes.set(path, sent)
    }
  }
  try answer()
  group.wait()
  return outcomes
}

extension FakeHelper {
  func answer(_ id: UInt64, status: Int, body: String) throws {
    answer(HelperStream.envelope(id: id, try HelperFrame.encode(HTTPResponse(status: status, body: Array(body.utf8)))))
  }
}

@Suite struct HelperSessionTests {
  @Test func answersInAnyOrderReachTheirOwnRequests() throws {
    let fake = FakeHelper()
    let session = HelperSession(fake, name: "dodo-https")
    let paths = ["/a", "/b", "/c", "/d"]
    let outcomes = try sendConcurrently(paths, through: session, fake: fake) {
      // Last asked, first answered; each answer names the path it was asked for.
      for (id, request) in fake.requests(count: paths.count).reversed() {
        try fake.answer(id, status: 200, body: request.url)
      }
    }
    for path in paths {
      let response = try #require(try outcomes[path]?.get())
      #expect(String(decoding: response.body, as: UTF8.self) == "https://x\(path)")
    }
    session.close()
    #expect(fake.inputClosed)
  }

  @Test(arguments: [
    ("a malformed answer (a line is cut short)", Array("dodo-https 2 1 5\nhello".utf8)),
    ("a malformed answer", Array("HTTP/1.1 200 OK\r\n\r\n".utf8)),
    ("a malformed answer", Array("dodo-https 2 1 \(HelperFrame.maximumSize + 1)\n".utf8)),
    ("a malformed answer", HelperStream.envelope(id: 99, HelperFrame.encode(TransportError(.tls, "x")))),
  ])
  func aHostileAnswerFailsEveryWaitingRequestAndStopsTheHelper(_ reason: String, _ bytes: [UInt8]) throws {
    let fake = FakeHelper()
    let session = HelperSession(fake, name: "dodo-https")
    let outcomes = try sendConcurrently(["/a", "/b"], through: session, fake: fake) {
      _ = fake.requests(count: 2)
      fake.answer(bytes)
    }
    for path in ["/a", "/b"] {
      guard case .failure(let error) = outcomes[path] else {
        Issue.record("\(path) was answered")
        continue
      }
      #expect(error.kind == .unavailable)
      #expect(error.message.contains("dodo-https sent \(reason)"), "\(error.message)")
    }
    #expect(fake.killed)
    #expect(throws: TransportError.self) { try session.exchange(frame("/c"), timeout: 30) }
  }

  @Test func closingEndsAHelperThatDoesNotExitAtTheEndOfItsInput() {
    let fake = FakeHelper()
    fake.exitsAtEndOfInput = false
    let session = HelperSession(fake, name: "dodo-https")
    let start = ContinuousClock.now
    session.close()
    #expect(fake.inputClosed)
    #expect(fake.killed)
    #expect(ContinuousClock.now - start < .seconds(10))
  }

  @Test func anAnswerCutShortByTheHelpersEndIsSaidSo() throws {
    let fake = FakeHelper()
    let session = HelperSession(fake, name: "dodo-https")
    let outcomes = try sendConcurrently(["/a"], through: session, fake: fake) {
      let id = fake.requests(count: 1)[0].id
      let whole = HelperStream.envelope(id: id, try HelperFrame.encode(HTTPResponse(status: 200, body: [1, 2, 3])))
      fake.answer(Array(whole.dropLast(2)))
      fake.end()
    }
    guard case .failure(let error) = outcomes["/a"] else { throw TransportError(.unavailable, "answered") }
    #expect(error.message == "dodo-https exited with status 3 in the middle of an answer")
  }

  @Test func aHelperThatExitsFailsWhatItHadNotAnswered() throws {
    let fake = FakeHelper()
    let session = HelperSession(fake, name: "dodo-https")
    let outcomes = try sendConcurrently(["/a", "/b"], through: session, fake: fake) {
      let requests = fake.requests(count: 2)
      try fake.answer(requests[0].id, status: 200, body: "")
      fake.end()
    }
    let answered = [outcomes["/a"], outcomes["/b"]].filter { (try? $0?.get()) != nil }
    #expect(answered.count == 1)
    let failed = [outcomes["/a"], outcomes["/b"]].compactMap { outcome -> TransportError? in
      guard case .failure(let error) = outcome else { return nil }
      return error
    }
    #expect(failed == [TransportError(.unavailable, "dodo-https exited with status 3 before answering")])
  }
}

/// The helpers a transport started, as the test set them to behave.
final class StartedHelpers: @unchecked Sendable {
  private let lock = NSLock()
  private var behaviours: [FakeHelper.Behaviour]
  private(set) var started: [FakeHelper] = []

  init(_ behaviours: [FakeHelper.Behaviour]) { self.behaviours = behaviours }

  func start(_ path: String, _ environment: [String: String]) -> any HelperChannel {
    lock.lock()
    defer { lock.unlock() }
    let helper = FakeHelper(behaviours.isEmpty ? .answering : behaviours.removeFirst())
    started.append(helper)
    return helper
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return started.count
  }
}

@Suite struct HelperTransportRestartTests {
  func transport(_ helpers: StartedHelpers) -> HelperTransport {
    HelperTransport(environment: [:], helperPath: "/usr/libexec/dodo/dodo-https") { path, environment in
      helpers.start(path, environment)
    }
  }

  let request = HTTPRequest(method: .get, url: "https://x/payments/pay_1")

  @Test func oneHelperAnswersEveryRequestOfACommand() throws {
    let helpers = StartedHelpers([.answering])
    let transport = transport(helpers)
    for _ in 0..<5 { #expect(try transport.send(request).status == 200) }
    #expect(helpers.count == 1)
    transport.close()
    #expect(helpers.started.first?.inputClosed == true)
  }

  @Test func aHelperThatDiedIsStartedAgainOnce() throws {
    let helpers = StartedHelpers([.dying, .dying, .answering])
    let transport = transport(helpers)
    let first = #expect(throws: TransportError.self) { try transport.send(request) }
    #expect(first == TransportError(.unavailable, "dodo-https exited with status 3 before answering"))
    #expect(throws: TransportError.self) { try transport.send(request) }
    let third = #expect(throws: TransportError.self) { try transport.send(request) }
    #expect(third?.message == "dodo-https exited with status 3 before answering (it was restarted once already)")
    #expect(helpers.count == 2)
  }

  @Test func aRestartedHelperAnswers() throws {
    let helpers = StartedHelpers([.dying, .answering])
    let transport = transport(helpers)
    #expect(throws: TransportError.self) { try transport.send(request) }
    #expect(try transport.send(request).status == 200)
    #expect(try transport.send(request).status == 200)
    #expect(helpers.count == 2)
  }
}
