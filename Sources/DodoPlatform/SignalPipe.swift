/// The self-pipe of a server's `poll` loop: the signals it routes there (`Syscalls.routeSignals`)
/// and a `cancel()` from another thread each write a byte, which the loop sees as its pipe
/// turning readable. It owns both ends, and gives the signals their default action back when
/// it goes (unless a newer pipe took them), before its ends are closed, so that no handler
/// writes into a closed number.
final class SignalPipe {
  private let pipe: Syscalls.Pipe
  private let signals: [Int32]
  /// Written by `cancel()`; no signal has the number 0.
  static let cancelByte: UInt8 = 0

  /// A pipe that `signals` are routed to (none: only `cancel()` writes to it).
  init(routing signals: [Int32]) throws(SystemError) {
    pipe = try Syscalls.pipe()
    self.signals = signals
    if !signals.isEmpty { Syscalls.routeSignals(signals, toPipe: pipe.write) }
  }

  deinit { if !signals.isEmpty { Syscalls.restoreDefault(signals, routedTo: pipe.write) } }

  /// The read end, to wait on with the loop's other descriptors.
  var pollRequest: Syscalls.PollRequest { Syscalls.PollRequest(pipe.read) }

  /// Wakes the loop as a signal would; callable from any thread. One byte, so it cannot tear.
  func cancel() { _ = try? Syscalls.writeAll(pipe.write, [Self.cancelByte]) }

  /// The bytes written since the last drain: signal numbers, and `cancelByte`.
  func drain() -> [UInt8] {
    var drained: [UInt8] = []
    var bytes = [UInt8](repeating: 0, count: 64)
    while let count = try? Syscalls.readAvailable(pipe.read, into: &bytes),
      count > 0
    {
      drained += bytes[..<count]
    }
    return drained
  }
}
