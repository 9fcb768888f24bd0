import Testing

@testable import DodoPlatform

/// The room and time rules of the loopback servers, without sockets.
@Suite struct LoopbackConnectionsTests {
  final class Fake: LoopbackConnection {
    let acceptedAt: ContinuousClock.Instant
    var awaitingAnswer = false
    var hasSentAnything = false
    init(at instant: ContinuousClock.Instant) { acceptedAt = instant }
  }

  let start = ContinuousClock().now

  @Test func whenFullTheOldestIdleConnectionMakesRoomFirst() throws {
    var table = LoopbackConnections<Fake>()
    table.maximum = 3
    let ids = (0..<3).compactMap { _ in table.admit(Fake(at: start)) }
    try #require(ids == [1, 2, 3])
    table[1]?.hasSentAnything = true
    #expect(table.admit(Fake(at: start)) == 4)
    #expect(table[2] == nil && table[1] != nil && table[3] != nil)
    table[3]?.hasSentAnything = true
    table[4]?.hasSentAnything = true
    #expect(table.admit(Fake(at: start)) == 5)
    #expect(table[1] == nil)
  }

  @Test func connectionsAwaitingTheirAnswerAreNeverDropped() {
    var table = LoopbackConnections<Fake>()
    table.maximum = 2
    for _ in 0..<2 { _ = table.admit(Fake(at: start)) }
    table[1]?.awaitingAnswer = true
    table[2]?.awaitingAnswer = true
    #expect(table.admit(Fake(at: start)) == nil)
    #expect(table.expire(now: start.advanced(by: .seconds(60))).isEmpty)
  }

  @Test func anIdleClientHasOneSecondAndAnyClientFive() {
    var table = LoopbackConnections<Fake>()
    _ = table.admit(Fake(at: start))
    _ = table.admit(Fake(at: start))
    table[2]?.hasSentAnything = true
    #expect(table.expire(now: start.advanced(by: .milliseconds(999))).isEmpty)
    #expect(table.expire(now: start.advanced(by: .milliseconds(1000))).count == 1)
    #expect(table[1] == nil && table[2] != nil)
    #expect(table.expire(now: start.advanced(by: .milliseconds(5000))).count == 1)
    #expect(table.isEmpty)
  }
}
