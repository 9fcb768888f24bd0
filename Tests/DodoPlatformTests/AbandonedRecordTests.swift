import DodoCheckout
import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

/// The record as `dodo abandoned` sees it, and clearing it beside a running checkout's lock.
@Suite struct AbandonedRecordTests {
  let home = TemporaryDirectory()

  var directories: DodoDirectories {
    get throws {
      try DodoDirectories.resolve(
        environment: { ["DODO_STATE_DIR": home.sub("state"), "DODO_RUNTIME_DIR": home.sub("run")][$0] })
    }
  }

  @Test("no state directory: no record, no checkout running, and nothing is created")
  func nothing() throws {
    let record = try AbandonedRecord.look(in: try directories)
    #expect(record.session == nil)
    #expect(!record.inProgress)
    #expect(!record.checkoutRunning)
    #expect(try !AbandonedRecord.clear(in: try directories, force: false))
    #expect(!FileManager.default.fileExists(atPath: home.sub("state")))
  }

  @Test("a record a checkout running now does not own: it runs, the record is not in progress, clearing is refused")
  func runningCheckout() throws {
    let state = try directories.prepareState()
    try AbandonedSessionFile(stateDirectory: state).save(
      AbandonedSession(sessionId: "cks_1", createdAt: Date(timeIntervalSince1970: 0)))
    let lock = CheckoutFileLock(stateDirectory: state, runtimeDirectory: try directories.prepareRuntime())
    #expect(try lock.tryAcquire())
    let record = try AbandonedRecord.look(in: try directories)
    #expect(record.session?.sessionId == "cks_1")
    #expect(!record.inProgress)
    #expect(record.checkoutRunning)
    let refused = #expect(throws: CheckoutError.self) { try AbandonedRecord.clear(in: try directories, force: false) }
    #expect(refused?.code == .alreadyInProgress)
    #expect(try AbandonedRecord.clear(in: try directories, force: true))
    lock.release()
    #expect(try AbandonedRecord.look(in: try directories).session == nil)
  }
}
