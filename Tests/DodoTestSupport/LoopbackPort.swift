#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback TCP port that nobody listens on right now: bound to port 0, read, released.
/// Another process could take it in between, but unlike a random number it is never one
/// already in use (an ephemeral port of another test's connection, say).
package enum LoopbackPort {
  package static func free() -> UInt16 {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    precondition(descriptor >= 0, "socket: errno \(errno)")
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    precondition(bound, "bind 127.0.0.1:0: errno \(errno)")
    return UInt16(bigEndian: address.sin_port)
  }
}
