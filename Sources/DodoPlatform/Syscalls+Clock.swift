#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// `clock_gettime(CLOCK_REALTIME)`: the wall clock, in whole Unix seconds (what webhook
  /// timestamps count).
  package static func unixTime() -> Int64 {
    var now = timespec()
    _ = clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec)
  }

  /// `getsockname(2)` of an IPv4 or IPv6 socket: the port it is bound to (the one the system
  /// chose, after binding port 0).
  package static func boundPort(_ fd: borrowing FileDescriptor) throws(SystemError) -> UInt16 {
    let raw = fd.rawValue
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let status = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(raw, $0, &length) }
    }
    guard status == 0 else { throw SystemError("getsockname", errno: Errno(rawValue: errno)) }
    switch Int32(storage.ss_family) {
    case AF_INET:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
      }
    case AF_INET6:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
      }
    default:
      throw SystemError("getsockname", errno: .invalidArgument)
    }
  }
}
