import DodoAccount
import DodoPlatform

/// What a `HelperSession` talks to: the running helper (`ProgramConnection`), or a test's
/// stand-in.
package protocol HelperChannel: AnyObject, Sendable {
  /// Writes all of `bytes`; `false` when the helper stopped reading or `deadline` came first.
  func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> Bool
  /// The next bytes the helper wrote, waiting for them; empty at the end of its output.
  func read() -> [UInt8]
  /// Ends its input: it finishes and exits.
  func closeInput()
  func kill()
  /// After the end of its output: how it ended ("exited with status 1"), once it has.
  func reap() -> String
}

extension ProgramConnection: HelperChannel {
  package func reap() -> String {
    let ended: Syscalls.Termination? = reap()
    return ended?.description ?? "ended"
  }
}

/// One running helper and the requests it is answering: each request gets an ID, its frame
/// goes out in an envelope (`HelperStream`), and one reading thread hands each answer to the
/// thread that waits for that ID, in whatever order the answers come.
///
/// The helper's answers are hostile input: one that is malformed, too large, for no request,
/// or cut short by its end stops the helper, and every request waiting on it gets a transport
/// error saying so.
package final class HelperSession: @unchecked Sendable {
  private let channel: any HelperChannel
  /// The helper's name, for messages.
  private let name: String
  private let lock = SystemLock()
  /// Signalled when the helper ends (`close` waits on it).
  private let ended = SystemCondition()
  /// Keeps envelopes whole when several threads send.
  private let writing = SystemLock()
  private var nextID: UInt64 = 1
  /// The requests waiting, each with its own condition: an answer wakes only its thread.
  private var waiting: [UInt64: SystemCondition] = [:]
  private var answers: [UInt64: Result<HTTPResponse, TransportError>] = [:]
  /// Why no more answers will come; set once, when the helper's output ended or broke.
  private var ending: TransportError?
  private var reader: SystemThread?

  package init(_ channel: any HelperChannel, name: String) {
    self.channel = channel
    self.name = name
    let thread = SystemThread.start { [self] in readAnswers() }
    lock.withLock {
      if let thread { reader = thread } else { ending = TransportError(.unavailable, "no thread to read \(name)") }
    }
  }

  /// Why this helper answers no more, once it does not.
  package var failure: TransportError? { lock.withLock { ending } }

  /// Sends `frame` (a `HelperFrame`) and waits for its answer at most `timeout` seconds (the
  /// request's own limit) and a `grace` period; past that the helper, which libcurl's limit
  /// should have stopped, is taken for hung and stopped.
  package func exchange(_ frame: [UInt8], timeout: Double, grace: Double = 5) throws(TransportError)
    -> HTTPResponse
  {
    let id: Result<UInt64, TransportError> = lock.withLock {
      if let ending { return .failure(ending) }
      defer { nextID += 1 }
      waiting[nextID] = SystemCondition()
      return .success(nextID)
    }
    let request = try id.get()
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(max(0, min(timeout + grace, 86_400)) * 1000))
    let sent = writing.withLock { channel.write(HelperStream.envelope(id: request, frame), until: deadline) }
    let answer: Result<HTTPResponse, TransportError>? = lock.withLock {
      let answered = waiting[request] ?? SystemCondition()
      defer { waiting[request] = nil }
      // Not sent: the helper stopped reading (it is ending: its end says why) or was too slow.
      while !sent || answers[request] == nil, ending == nil {
        let left = clock.now.duration(to: deadline)
        guard left > .zero else { break }
        answered.wait(
          releasing: lock, atMost: Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18)
      }
      return answers.removeValue(forKey: request)
    }
    if let answer { return try answer.get() }
    if let ending = failure { throw ending }
    channel.kill()
    throw TransportError(.timedOut, "no answer within \(Self.seconds(timeout)) seconds (\(name) was stopped)")
  }

  /// Ends the helper's input and waits for it to exit: a second at most, then it is killed.
  package func close() {
    channel.closeInput()
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(1)
    let exited = lock.withLock {
      while ending == nil, clock.now < deadline { ended.wait(releasing: lock, atMost: 0.05) }
      return ending != nil
    }
    if !exited { channel.kill() }
    let thread = lock.withLock { reader.take() }
    thread?.join()
  }

  private func readAnswers() {
    var stream = HelperStream.Reader()
    var malformed: HelperFrame.Malformed?
    reading: while true {
      let bytes = channel.read()
      if bytes.isEmpty { break }
      stream.append(bytes)
      do throws(HelperFrame.Malformed) {
        while let (id, frame) = try stream.next() {
          let answer = try HelperFrame.decodeResponse(frame)
          let expected = lock.withLock {
            guard let answered = waiting[id], answers[id] == nil else { return false }
            answers[id] = answer
            answered.signal()
            return true
          }
          guard expected else { throw HelperFrame.Malformed("an answer to no request (\(id))") }
        }
      } catch {
        malformed = error
        channel.kill()
        break reading
      }
    }
    let how = channel.reap()
    let message =
      if let malformed {
        "\(name) sent a malformed answer (\(malformed.reason)), and was stopped"
      } else if stream.hasPartialFrame {
        "\(name) \(how) in the middle of an answer"
      } else {
        "\(name) \(how) before answering"
      }
    lock.withLock {
      ending = TransportError(.unavailable, message)
      for answered in waiting.values { answered.signal() }
      self.ended.broadcast()
    }
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
