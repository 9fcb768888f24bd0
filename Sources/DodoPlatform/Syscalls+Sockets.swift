#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// An address to bind or connect a socket to.
  package enum SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// A Unix domain socket path.
    case unix(String)
    /// An IPv4 address in dotted form and a port.
    case ipv4(String, port: UInt16)
    /// An IPv6 address (no brackets) and a port.
    case ipv6(String, port: UInt16)

    package var description: String {
      switch self {
      case .unix(let path): path
      case .ipv4(let host, let port): "\(host):\(port)"
      case .ipv6(let host, let port): "[\(host)]:\(port)"
      }
    }

    var family: Int32 {
      switch self {
      case .unix: AF_UNIX
      case .ipv4: AF_INET
      case .ipv6: AF_INET6
      }
    }
  }

  /// The two ends of a socket pair: ours, and the one a child gets; each closed once by its
  /// own owner, taken apart as `let ours = pair.ours` (`@frozen`, as `Pipe`).
  @frozen package struct SocketPair: ~Copyable, Sendable {
    package var ours: FileDescriptor
    package var theirs: FileDescriptor
  }

  /// `socketpair(2)`: two connected Unix stream sockets, both close-on-exec; the first
  /// non-blocking (ours: `send` on it never raises `SIGPIPE`), the second blocking (a child's
  /// standard input or output, used as a program expects to use it). On Linux close-on-exec
  /// is set atomically (`SOCK_CLOEXEC`), so a child another thread spawns meanwhile cannot
  /// inherit either end (which would hold the connection open after we close ours).
  package static func socketPair() throws(SystemError) -> SocketPair {
    #if canImport(Darwin)
      let type = SOCK_STREAM
    #else
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #endif
    var fds: [Int32] = [-1, -1]
    _ = try retrying("socketpair") { systemSocketpair(type, &fds) }
    let pair = SocketPair(ours: FileDescriptor(owning: fds[0]), theirs: FileDescriptor(owning: fds[1]))
    try configure(pair.ours, nonBlocking: true)
    try configure(pair.theirs, nonBlocking: false)
    #if canImport(Darwin)
      try setOption(pair.ours, SOL_SOCKET, SO_NOSIGPIPE, 1)
    #endif
    return pair
  }

  /// `socket(2)`: a stream socket, close-on-exec, non-blocking when asked (`fcntl`).
  package static func streamSocket(for address: SocketAddress, nonBlocking: Bool) throws(SystemError)
    -> FileDescriptor
  {
    #if canImport(Darwin)
      let type = SOCK_STREAM
    #else
      let type = Int32(SOCK_STREAM.rawValue)
    #endif
    let fd = FileDescriptor(
      owning: try retrying("socket", address.description) { systemSocket(address.family, type, 0) })
    try configure(fd, nonBlocking: nonBlocking)
    #if canImport(Darwin)
      try setOption(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)
    #endif
    if case .ipv6 = address { try setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1) }
    if address.family != AF_UNIX { try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1) }
    return fd
  }

  /// `setsockopt(2)` with an `int` value.
  static func setOption(_ fd: borrowing FileDescriptor, _ level: Int32, _ name: Int32, _ value: Int32)
    throws(SystemError)
  {
    var value = value
    let raw = fd.rawValue
    _ = try retrying("setsockopt") { systemSetsockopt(raw, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) }
  }

  /// `bind(2)`. A Unix socket path longer than `sun_path` is `ENAMETOOLONG`; a host that is
  /// not an address literal is `EINVAL` (`inet_pton`).
  package static func bind(_ fd: borrowing FileDescriptor, _ address: SocketAddress) throws(SystemError) {
    let raw = fd.rawValue
    _ = try withSockaddr(address, "bind") { (pointer, length) throws(SystemError) in
      try retrying("bind", address.description) { systemBind(raw, pointer, length) }
    }
  }

  /// `listen(2)`.
  package static func listen(_ fd: borrowing FileDescriptor, backlog: Int32) throws(SystemError) {
    let raw = fd.rawValue
    _ = try retrying("listen") { systemListen(raw, backlog) }
  }

  /// `connect(2)` on a blocking socket.
  package static func connect(_ fd: borrowing FileDescriptor, _ address: SocketAddress) throws(SystemError) {
    let raw = fd.rawValue
    _ = try withSockaddr(address, "connect") { (pointer, length) throws(SystemError) in
      try retrying("connect", address.description) { systemConnect(raw, pointer, length) }
    }
  }

  /// `accept(2)` on a non-blocking listener: the connection, close-on-exec and non-blocking,
  /// or `nil` when none is waiting. (`accept4` is not available everywhere; the event loop
  /// that calls this is the only thread that spawns processes, so no child can slip in
  /// between `accept` and `fcntl`.)
  package static func accept(_ listener: borrowing FileDescriptor) throws(SystemError) -> FileDescriptor? {
    let raw = listener.rawValue
    let connection: FileDescriptor
    switch retryingOnInterrupt({ systemAccept(raw, nil, nil) }) {
    case .success(let accepted): connection = FileDescriptor(owning: accepted)
    case .failure(.wouldBlock), .failure(.connectionAborted): return nil
    case .failure(let code): throw SystemError("accept", errno: code)
    }
    try configure(connection, nonBlocking: true)
    #if canImport(Darwin)
      try? setOption(connection, SOL_SOCKET, SO_NOSIGPIPE, 1)
    #endif
    return connection
  }

  /// `shutdown(2)` of the writing side: the peer reads end of file.
  package static func shutdownWrite(_ fd: borrowing FileDescriptor) { _ = systemShutdown(fd.rawValue, Int32(SHUT_WR)) }

  /// `setsockopt(2)` `SO_RCVTIMEO` and `SO_SNDTIMEO`: a blocking socket's reads and writes
  /// fail with `EAGAIN` after `seconds`.
  package static func setTimeouts(_ fd: borrowing FileDescriptor, seconds: Int) throws(SystemError) {
    var time = timeval(tv_sec: seconds, tv_usec: 0)
    let length = socklen_t(MemoryLayout<timeval>.size)
    let raw = fd.rawValue
    _ = try retrying("setsockopt") { systemSetsockopt(raw, SOL_SOCKET, SO_RCVTIMEO, &time, length) }
    _ = try retrying("setsockopt") { systemSetsockopt(raw, SOL_SOCKET, SO_SNDTIMEO, &time, length) }
  }

  /// The user id of the process at the other end of a Unix socket: `getsockopt(SO_PEERCRED)`
  /// on Linux (a `struct ucred`: pid, uid, gid), `getpeereid(3)` on macOS.
  package static func peerUserID(_ fd: borrowing FileDescriptor) throws(SystemError) -> UInt32 {
    let raw = fd.rawValue
    #if canImport(Darwin)
      var uid = uid_t(0)
      var gid = gid_t(0)
      _ = try retrying("getpeereid") { getpeereid(raw, &uid, &gid) }
      return UInt32(uid)
    #else
      var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
      var length = socklen_t(MemoryLayout.size(ofValue: credentials))
      _ = try retrying("getsockopt") { systemGetsockopt(raw, SOL_SOCKET, SO_PEERCRED, &credentials, &length) }
      return credentials.1
    #endif
  }

  /// Calls `body` with `storage` seen as a `sockaddr` of its own size.
  private static func withGenericAddress<Storage, R>(
    _ storage: inout Storage, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemError) -> R
  ) throws(SystemError) -> R {
    let result: Result<R, SystemError> = withUnsafePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        Result { () throws(SystemError) in try body(address, socklen_t(MemoryLayout<Storage>.size)) }
      }
    }
    return try result.get()
  }

  private static func withSockaddr<R>(
    _ address: SocketAddress, _ call: String,
    _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemError) -> R
  ) throws(SystemError) -> R {
    switch address {
    case .unix(let path):
      var storage = sockaddr_un()
      storage.sun_family = sa_family_t(AF_UNIX)
      let capacity = MemoryLayout.size(ofValue: storage.sun_path)
      let bytes = SystemText.encode(path)
      guard bytes.count < capacity else { throw SystemError(call, errno: .nameTooLong, subject: path) }
      withUnsafeMutableBytes(of: &storage.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
      }
      #if canImport(Darwin)
        storage.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
      #endif
      return try withGenericAddress(&storage, body)
    case .ipv4(let host, let port):
      var storage = sockaddr_in()
      storage.sin_family = sa_family_t(AF_INET)
      storage.sin_port = port.bigEndian
      guard systemInetPton(AF_INET, host, &storage.sin_addr) == 1 else {
        throw SystemError("inet_pton", errno: .invalidArgument, subject: host)
      }
      #if canImport(Darwin)
        storage.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      return try withGenericAddress(&storage, body)
    case .ipv6(let host, let port):
      var storage = sockaddr_in6()
      storage.sin6_family = sa_family_t(AF_INET6)
      storage.sin6_port = port.bigEndian
      guard systemInetPton(AF_INET6, host, &storage.sin6_addr) == 1 else {
        throw SystemError("inet_pton", errno: .invalidArgument, subject: host)
      }
      #if canImport(Darwin)
        storage.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
      #endif
      return try withGenericAddress(&storage, body)
    }
  }
}
