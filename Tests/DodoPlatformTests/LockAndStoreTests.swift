import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

@Suite("Checkout lock and record store")
struct LockAndStoreTests {
  @Test("one holder at a time, across open files; released on release")
  func lockInProcess() throws {
    let temp = TemporaryDirectory()
    let first = CheckoutFileLock(stateDirectory: temp.directory, runtimeDirectory: temp.directory)
    let second = CheckoutFileLock(stateDirectory: temp.directory, runtimeDirectory: temp.directory)
    #expect(try !CheckoutFileLock.isHeld(stateDirectory: temp.directory))
    #expect(try first.tryAcquire())
    #expect(try !second.tryAcquire())
    #expect(try CheckoutFileLock.isHeld(stateDirectory: temp.directory))
    first.release()
    #expect(try second.tryAcquire())
    second.release()
    #expect(temp.mode("checkout.lock") == 0o600)
  }

  @Test("a lock held by another process, and freed when it is killed with SIGKILL")
  func lockAcrossProcesses() throws {
    let temp = TemporaryDirectory()
    let path = temp.sub("checkout.lock")
    _ = FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o600])
    let holder = try Syscalls.spawn(
      ["flock", "--no-fork", "-n", path, "sleep", "30"], environment: Syscalls.environment(), output: .inherited)
    let lock = CheckoutFileLock(stateDirectory: temp.directory, runtimeDirectory: temp.directory)
    // Up to 20 s for `flock` to start and take the lock: a loaded machine runs the whole
    // suite's processes at once.
    var held = false
    for _ in 0..<1000 where !held {
      held = try CheckoutFileLock.isHeld(stateDirectory: temp.directory)
      if !held { usleep(20_000) }
    }
    #expect(held)
    #expect(try !lock.tryAcquire())
    Syscalls.kill(holder, SIGKILL)
    #expect(try Syscalls.waitForExit(of: holder) == .signaled(SIGKILL))
    var acquired = false
    for _ in 0..<100 where !acquired {
      acquired = try lock.tryAcquire()
      if !acquired { usleep(20_000) }
    }
    #expect(acquired)
  }

  @Test("two checkouts sharing a state directory exclude each other, whatever their runtime directories")
  func lockGuardsTheRecord() throws {
    let state = TemporaryDirectory()
    let runtimeA = TemporaryDirectory()
    let runtimeB = TemporaryDirectory()
    let first = CheckoutFileLock(stateDirectory: state.directory, runtimeDirectory: runtimeA.directory)
    let second = CheckoutFileLock(stateDirectory: state.directory, runtimeDirectory: runtimeB.directory)
    #expect(try first.tryAcquire())
    #expect(try !second.tryAcquire())
    #expect(try CheckoutFileLock.isHeld(stateDirectory: state.directory))
    first.release()
    #expect(try second.tryAcquire())
    second.release()
  }

  @Test("two checkouts sharing a runtime directory (the return socket) exclude each other too")
  func lockGuardsTheSocket() throws {
    let runtime = TemporaryDirectory()
    let stateA = TemporaryDirectory()
    let stateB = TemporaryDirectory()
    let first = CheckoutFileLock(stateDirectory: stateA.directory, runtimeDirectory: runtime.directory)
    #expect(try first.tryAcquire())
    #expect(try !CheckoutFileLock(stateDirectory: stateB.directory, runtimeDirectory: runtime.directory).tryAcquire())
    #expect(try !CheckoutFileLock.isHeld(stateDirectory: stateB.directory))
    first.release()
  }

  @Test("probes running at the same time never see each other as a checkout")
  func concurrentProbes() async throws {
    let temp = TemporaryDirectory()
    let lock = CheckoutFileLock(stateDirectory: temp.directory, runtimeDirectory: temp.directory)
    #expect(try lock.tryAcquire())
    lock.release()
    let directory = temp.directory
    let sawHeld = try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<300 where try CheckoutFileLock.isHeld(stateDirectory: directory) { return true }
          return false
        }
      }
      return try await group.reduce(false) { $0 || $1 }
    }
    #expect(!sawHeld)
  }

  @Test("save, load and clear; the file is 0600 and the JSON is the documented shape")
  func store() throws {
    let temp = TemporaryDirectory()
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    #expect(try store.load() == nil)
    try store.clear()
    let session = AbandonedSession(sessionId: "cks_\"q\"", createdAt: Date(timeIntervalSince1970: 1_796_069_200))
    try store.save(session)
    #expect(try store.load() == session)
    #expect(temp.mode("abandoned.json") == 0o600)
    try store.save(AbandonedSession(sessionId: "cks_abc", createdAt: Date(timeIntervalSince1970: 1_796_069_200)))
    let text = try String(contentsOfFile: temp.sub("abandoned.json"), encoding: .utf8)
    #expect(text == #"{"sessionId":"cks_abc","createdAt":"2026-11-30T20:06:40Z"}"# + "\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted() == ["abandoned.json"])
    try store.clear()
    #expect(try store.load() == nil)
  }

  @Test("saving removes the temporary files that killed writers left, and nothing else")
  func leftoverTemporaryFiles() throws {
    let temp = TemporaryDirectory()
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    for name in [".abandoned.json.4242.tmp", ".abandoned.json.7.tmp", "notes.txt"] {
      #expect(FileManager.default.createFile(atPath: temp.sub(name), contents: Data("x".utf8)))
    }
    try store.save(AbandonedSession(sessionId: "cks_1", createdAt: Date(timeIntervalSince1970: 1_796_069_200)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path).sorted() == ["abandoned.json", "notes.txt"])
  }

  @Test("timestamps are ISO 8601 UTC whole seconds, as Foundation formats them")
  func timestamps() {
    var dates = [0, 951_782_400, 1_796_069_200, 4_107_542_399, -86_401, 253_402_300_799].map {
      Date(timeIntervalSince1970: $0)
    }
    for _ in 0..<500 { dates.append(Date(timeIntervalSince1970: Double.random(in: -2e9...6e10).rounded(.down))) }
    for date in dates {
      #expect(
        AbandonedSessionFile.timestamp(date) == date.formatted(Date.ISO8601FormatStyle()),
        "\(date.timeIntervalSince1970)")
    }
  }

  @Test("the longest session id a checkout URL may carry, every byte escaped, is saved and read back")
  func longestSessionId() throws {
    let temp = TemporaryDirectory()
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    let session = AbandonedSession(
      sessionId: String(repeating: "\"", count: CheckoutURL.maximumSessionIdBytes),
      createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    try store.save(session)
    #expect(try store.load() == session)
  }

  @Test("a session id with quotes and control characters round-trips")
  func escaping() throws {
    let temp = TemporaryDirectory()
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    let session = AbandonedSession(
      sessionId: "cks_\"\\\u{01}\n\u{1F}é", createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    try store.save(session)
    #expect(try store.load() == session)
  }

  @Test(
    "a corrupt record is a clear error, and clearing still works",
    arguments: ["", "{", "null", #"{"sessionId":"cks_1"}"#, #"{"sessionId":"cks_1","createdAt":"yesterday"}"#])
  func corrupt(content: String) throws {
    let temp = TemporaryDirectory()
    _ = FileManager.default.createFile(
      atPath: temp.sub("abandoned.json"), contents: Data(content.utf8), attributes: [.posixPermissions: 0o600])
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    let error = #expect(throws: CheckoutError.self) { try store.load() }
    #expect(error?.code == .platformError)
    #expect(error?.message.contains("corrupt") == true)
    try store.clear()
    #expect(try store.load() == nil)
  }

  @Test("an unreadable record is an error naming the call")
  func unreadable() throws {
    let temp = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: temp.sub("abandoned.json"), withIntermediateDirectories: false)
    let error = #expect(throws: CheckoutError.self) { try AbandonedSessionFile(stateDirectory: temp.directory).load() }
    #expect(error?.message.contains("read") == true)
  }
}
