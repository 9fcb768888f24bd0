import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback TCP port that nobody listens on right now, for a test to listen on a moment later.
///
/// The ports come from below the kernel's ephemeral range (32768–60999 on Linux, 49152–65535 on
/// macOS): a port the kernel handed out through `bind(…:0)` goes back into the pool it gives every
/// `connect`, so another test's client could take it between the check and the test's own `bind`
/// (CI saw exactly that: "Address already in use"). Here nobody but this counter hands these ports
/// out; each is checked free on both loopback families before it is given, and none twice in a run.
package enum LoopbackPort {
  /// Where the ports come from: below both systems' ephemeral ranges, above the registered
  /// services most machines run.
  static let range: Range<UInt16> = 20000..<32768

  /// The next port to try. Starts at an offset from the process ID so that two test processes
  /// running at once (a `swift test` and a bench, say) begin far apart.
  private static let next = Mutex<UInt16>(range.lowerBound + UInt16(UInt32(getpid()) % 8192))

  package static func free() -> UInt16 {
    for _ in range {
      let port = next.withLock { next in
        defer { next = next + 1 == range.upperBound ? range.lowerBound : next + 1 }
        return next
      }
      if canBind(port, ipv6: false) && canBind(port, ipv6: true) { return port }
    }
    preconditionFailure("no loopback port free in \(range)")
  }

  /// Whether a listening socket could bind the port right now. IPv6 counts as free when the
  /// machine has no IPv6 loopback at all (the server under test then listens on IPv4 alone).
  private static func canBind(_ port: UInt16, ipv6: Bool) -> Bool {
    let family = ipv6 ? AF_INET6 : AF_INET
    #if canImport(Glibc)
      let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(family, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return ipv6 }
    defer { close(descriptor) }
    var reuse: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    if ipv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_addr = in6addr_loopback
      address.sin6_port = port.bigEndian
      let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
      return result == 0 || errno == EADDRNOTAVAIL
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}
