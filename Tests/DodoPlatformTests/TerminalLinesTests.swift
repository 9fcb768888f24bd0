import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal in canonical mode, without echo: what `start` reads pasted lines from.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32

  init() throws {
    // posix_openpt and friends are not in the Glibc module's view: looked up by name.
    typealias OpenFunction = @convention(c) (Int32) -> Int32
    typealias FDFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
    let process = dlopen(nil, RTLD_NOW)
    guard let openpt = dlsym(process, "posix_openpt"), let grant = dlsym(process, "grantpt"),
      let unlock = dlsym(process, "unlockpt"), let ptsname = dlsym(process, "ptsname")
    else { throw CocoaError(.fileReadUnknown) }
    master = unsafeBitCast(openpt, to: OpenFunction.self)(O_RDWR | O_NOCTTY)
    guard master >= 0, unsafeBitCast(grant, to: FDFunction.self)(master) == 0,
      unsafeBitCast(unlock, to: FDFunction.self)(master) == 0,
      let name = unsafeBitCast(ptsname, to: NameFunction.self)(master)
    else { throw CocoaError(.fileReadUnknown) }
    slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw CocoaError(.fileReadUnknown) }
    var settings = termios()
    tcgetattr(slave, &settings)
    settings.c_lflag &= ~tcflag_t(ECHO)
    settings.c_lflag |= tcflag_t(ICANON)
    tcsetattr(slave, TCSANOW, &settings)
  }

  deinit {
    close(slave)
    close(master)
  }

  /// Types `text` at the terminal, a piece at a time as a paste arrives.
  func type(_ text: String) {
    for piece in Array(text.utf8).chunked(into: 512) {
      _ = piece.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }
  }
}

extension Array {
  func chunked(into size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
  }
}

extension ServerTests {
  @Suite("Lines pasted into a terminal", .serialized)
  struct TerminalLinesTests {
    @Test("a line that reaches the terminal's line limit is refused, not read cut short; the next line is read")
    func lineAtTheTerminalLimit() throws {
      let terminal = try PseudoTerminal()
      let temp = TemporaryDirectory()
      let server = ReturnChannelServer(runtimeDirectory: temp.path)
      try server.open(for: try ReturnURL("myapp://checkout/return"))
      defer { server.close() }
      var refused: [Int] = []
      var answered: [String] = []
      server.watchLines(
        fd: UnownedDescriptor(ownedElsewhere: terminal.slave), onAnswer: { line, _ in answered.append(line) },
        onTooLong: { refused.append($0) })
      let long =
        "myapp://checkout/return?payment_id=pay_1&license_key=" + String(repeating: "K", count: 5000) + "&status=failed"
      terminal.type(long + "\n")
      terminal.type("myapp://checkout/return?status=succeeded&payment_id=pay_2\n")
      guard case .url(let incoming) = try server.next(until: ContinuousClock().now.advanced(by: .seconds(10))) else {
        Issue.record("expected a URL")
        return
      }
      #expect(incoming.url == "myapp://checkout/return?status=succeeded&payment_id=pay_2")
      #expect(refused == [Syscalls.terminalLineLimit])
    }
  }
}
