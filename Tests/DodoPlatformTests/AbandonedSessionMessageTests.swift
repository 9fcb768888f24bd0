import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// Every failure of the abandoned-session record, with its exact message: what a user reads
/// when `start` or `abandoned` cannot keep the record, so a change to any word fails here.
@Suite("Abandoned-session record: error messages")
struct AbandonedSessionMessageTests {
  static let session = AbandonedSession(sessionId: "cks_1", createdAt: Date(timeIntervalSince1970: 1_800_000_000))

  @Test("a record that cannot be written names the record and the failed call")
  func saveFails() throws {
    let temp = TemporaryDirectory()
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    let error = SyscallMock.$current.withValue(SyscallMock(["write": [.fail(.noSpace)]])) {
      #expect(throws: CheckoutError.self) { try store.save(Self.session) }
    }
    #expect(
      error
        == .platformError(
          "cannot record the abandoned session in \(temp.sub("abandoned.json")): write: No space left on device"))
    #expect(try store.load() == nil)
  }

  @Test("a record that cannot be removed names the failed call and the record")
  func clearFails() throws {
    let temp = TemporaryDirectory()
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    try store.save(Self.session)
    let error = SyscallMock.$current.withValue(SyscallMock(["unlinkat": [.fail(.permissionDenied)]])) {
      #expect(throws: CheckoutError.self) { try store.clear() }
    }
    #expect(
      error
        == .platformError(
          "cannot clear the abandoned-session record: unlink \(temp.sub("abandoned.json")): Permission denied"))
    #expect(try store.load() == Self.session)
  }

  @Test("a corrupt record names the record and how to remove it")
  func corrupt() throws {
    let temp = TemporaryDirectory()
    _ = FileManager.default.createFile(
      atPath: temp.sub("abandoned.json"), contents: Data("{".utf8), attributes: [.posixPermissions: 0o600])
    let error = #expect(throws: CheckoutError.self) { try AbandonedSessionFile(stateDirectory: temp.directory).load() }
    #expect(
      error
        == .platformError(
          "the abandoned-session record \(temp.sub("abandoned.json")) is corrupt; 'dodo abandoned clear' removes it"))
  }
}
