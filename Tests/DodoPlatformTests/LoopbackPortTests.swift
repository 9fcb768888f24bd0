import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// The ports tests listen on: a race with another test's connection once made CI red
/// ("Address already in use"), when a port came from the kernel's ephemeral pool.
@Suite("Free loopback ports for tests")
struct LoopbackPortTests {
  @Test("a port is never from the kernel's ephemeral range, never handed out twice, and can be listened on")
  func portsAreOursAlone() throws {
    var ephemeral: ClosedRange<Int> = 49152...65535
    #if os(Linux)
      let bounds = try String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
        .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      try #require(bounds.count == 2)
      ephemeral = bounds[0]...bounds[1]
    #endif
    let ports = (0..<64).map { _ in LoopbackPort.free() }
    #expect(ports.allSatisfy { !ephemeral.contains(Int($0)) })
    #expect(Set(ports).count == ports.count)
    for port in ports.prefix(4) {
      let address = Syscalls.SocketAddress.ipv4("127.0.0.1", port: port)
      let listener = try Syscalls.streamSocket(for: address, nonBlocking: false)
      try Syscalls.bind(listener, address)
      try Syscalls.listen(listener, backlog: 1)
    }
  }
}
