#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: which call, on what, and the `errno` it set.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The system call that failed, e.g. `open`.
  public var call: String
  public var errno: Int32
  /// What the call was made on (a path, an address), when that helps the reader.
  public var subject: String?

  public init(_ call: String, errno: Int32, subject: String? = nil) {
    self.call = call
    self.errno = errno
    self.subject = subject
  }

  /// `strerror(errno)`, e.g. "No such file or directory".
  public var reason: String { String(cString: strerror(errno)) }

  /// `open /run/user/1000/dodo/lock: Permission denied`, or `read: …` without a subject.
  public var description: String { "\(call)\(subject.map { " \($0)" } ?? ""): \(reason)" }
}

/// The one place where DodoPlatform calls C: each wrapper names its system call, turns
/// `errno` into a `SystemError` and retries on `EINTR`.
public enum Syscalls {
  /// Retries `body` while it fails with `EINTR`; a `-1` result becomes a `SystemError`.
  @inline(__always)
  static func retrying<T: BinaryInteger>(
    _ call: String, _ subject: String? = nil, _ body: () -> T
  ) throws(SystemError) -> T {
    while true {
      let result = body()
      if result != -1 { return result }
      let code = errno
      if code != EINTR { throw SystemError(call, errno: code, subject: subject) }
    }
  }

  /// `read(2)`: up to `buffer.count` bytes; 0 at end of file.
  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    try retrying("read") { systemRead(fd, buffer.baseAddress, buffer.count) }
  }

  /// `write(2)`, repeated until every byte is written.
  public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) {
    var offset = 0
    while offset < buffer.count {
      offset += try retrying("write") { systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset) }
    }
  }

  /// `isatty(3)`: whether `fd` is a terminal.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The process environment, read from `environ(7)`; for a name given twice, the first wins
  /// as `getenv(3)` does.
  public static func environment() -> [String: String] {
    var result: [String: String] = [:]
    #if canImport(Darwin)
      var entry = _NSGetEnviron().pointee!
    #else
      var entry = environ
    #endif
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "="), result[String(text[..<equals])] == nil {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }

  /// `exit(3)`: flushes nothing of ours; callers flush their `OutputFile`s first.
  public static func exit(_ status: Int32) -> Never { systemExit(status) }
}

// The C functions under names that do not collide with the wrappers above, on every libc.
@inline(__always) private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
@inline(__always) private func systemExit(_ status: Int32) -> Never { exit(status) }
@inline(__always) private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}

// MARK: - Files and directories

extension Syscalls {
  /// `write(2)` of all of `bytes`.
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
    let result: Result<Void, SystemError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemError) in try writeAll(fd, buffer) }
    }
    try result.get()
  }

  /// `read(2)` into `buffer[offset...]`; 0 at end of file.
  public static func read(_ fd: Int32, into buffer: inout [UInt8], at offset: Int) throws(SystemError) -> Int {
    let result: Result<Int, SystemError> = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(SystemError) in try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[offset...])) }
    }
    return try result.get()
  }

  /// What `lstat`/`fstat` say about a file: the fields DodoPlatform checks.
  public struct FileStatus: Sendable, Hashable {
    public var mode: UInt32
    public var owner: UInt32
    public var size: Int

    init(_ info: stat) {
      mode = UInt32(info.st_mode)
      owner = UInt32(info.st_uid)
      size = Int(info.st_size)
    }

    public var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    public var isSymbolicLink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
    public var isSocket: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFSOCK) }
    /// The permission bits, e.g. `0o700`.
    public var permissions: UInt32 { mode & 0o7777 }
  }

  /// `open(2)`; `flags` should include `O_CLOEXEC` so that no child (the browser) inherits it.
  public static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0o600) throws(SystemError) -> Int32 {
    try retrying("open", path) { systemOpen(path, flags, mode_t(mode)) }
  }

  /// `close(2)`. Not retried on `EINTR` (on Linux the descriptor is gone either way) and
  /// errors are not reported: there is nothing a caller could do about them.
  public static func close(_ fd: Int32) { _ = systemClose(fd) }

  /// `fsync(2)`: the file's data and metadata reach the disk.
  public static func fsync(_ fd: Int32, subject: String? = nil) throws(SystemError) {
    _ = try retrying("fsync", subject) { systemFsync(fd) }
  }

  /// `lstat(2)`: about the path itself (a symbolic link is not followed); `nil` when it does not exist.
  public static func lstat(_ path: String) throws(SystemError) -> FileStatus? {
    var info = stat()
    while systemLstat(path, &info) != 0 {
      let code = errno
      if code == ENOENT { return nil }
      if code != EINTR { throw SystemError("lstat", errno: code, subject: path) }
    }
    return FileStatus(info)
  }

  /// `fstat(2)`.
  public static func fstat(_ fd: Int32, subject: String? = nil) throws(SystemError) -> FileStatus {
    var info = stat()
    _ = try retrying("fstat", subject) { systemFstat(fd, &info) }
    return FileStatus(info)
  }

  /// `mkdir(2)`; returns `false` when the path already exists (`EEXIST`).
  @discardableResult
  public static func mkdir(_ path: String, mode: UInt32) throws(SystemError) -> Bool {
    while systemMkdir(path, mode_t(mode)) != 0 {
      let code = errno
      if code == EEXIST { return false }
      if code != EINTR { throw SystemError("mkdir", errno: code, subject: path) }
    }
    return true
  }

  /// `chmod(2)`.
  public static func chmod(_ path: String, mode: UInt32) throws(SystemError) {
    _ = try retrying("chmod", path) { systemChmod(path, mode_t(mode)) }
  }

  /// `rename(2)`: atomically replaces `to` with `from`.
  public static func rename(_ from: String, _ to: String) throws(SystemError) {
    _ = try retrying("rename", to) { systemRename(from, to) }
  }

  /// `unlink(2)`; returns `false` when there was nothing to remove (`ENOENT`).
  @discardableResult
  public static func unlink(_ path: String) throws(SystemError) -> Bool {
    while systemUnlink(path) != 0 {
      let code = errno
      if code == ENOENT { return false }
      if code != EINTR { throw SystemError("unlink", errno: code, subject: path) }
    }
    return true
  }

  /// `flock(2)` with `LOCK_NB`: `true` when the lock was taken, `false` when another open
  /// file description holds it (`EWOULDBLOCK`).
  public static func tryLock(_ fd: Int32, exclusive: Bool, subject: String? = nil) throws(SystemError) -> Bool {
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
    while systemFlock(fd, operation) != 0 {
      let code = errno
      if code == EWOULDBLOCK || code == EAGAIN { return false }
      if code != EINTR { throw SystemError("flock", errno: code, subject: subject) }
    }
    return true
  }

  /// `flock(2)` with `LOCK_UN`.
  public static func unlock(_ fd: Int32) { _ = systemFlock(fd, LOCK_UN) }

  /// `readlink(2)`.
  public static func readlink(_ path: String) throws(SystemError) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = try retrying("readlink", path) { systemReadlink(path, &buffer, buffer.count - 1) }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `getuid(2)`: the real user id; it owns every directory and socket peer `dodo` trusts.
  public static func userID() -> UInt32 { UInt32(getuid()) }

  /// `getpid(2)`.
  public static func processID() -> Int32 { Int32(getpid()) }

  /// `getenv(3)`.
  public static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The home directory: `$HOME`, else the password database (`getpwuid`).
  public static func homeDirectory() -> String? {
    if let home = environmentValue("HOME"), home.hasPrefix("/") { return home }
    guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
    return String(cString: dir)
  }

  /// The absolute path of the running executable (`readlink("/proc/self/exe")` on Linux,
  /// `_NSGetExecutablePath` and `realpath` on macOS).
  public static func executablePath() throws(SystemError) -> String {
    #if canImport(Darwin)
      var size = UInt32(4096)
      var buffer = [CChar](repeating: 0, count: Int(size))
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { throw SystemError("_NSGetExecutablePath", errno: ERANGE) }
      guard let resolved = realpath(buffer, nil) else { throw SystemError("realpath", errno: errno) }
      defer { free(resolved) }
      return String(cString: resolved)
    #else
      return try readlink("/proc/self/exe")
    #endif
  }
}

// MARK: - Descriptors, pipes and polling

extension Syscalls {
  /// `fcntl(2)` `F_SETFD FD_CLOEXEC` and, when asked, `F_SETFL O_NONBLOCK`.
  public static func configure(_ fd: Int32, nonBlocking: Bool) throws(SystemError) {
    _ = try retrying("fcntl") { systemFcntl(fd, F_SETFD, FD_CLOEXEC) }
    if nonBlocking {
      let flags = try retrying("fcntl") { systemFcntl(fd, F_GETFL, 0) }
      _ = try retrying("fcntl") { systemFcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }
  }

  /// `pipe(2)`, both ends close-on-exec and non-blocking: `(read, write)`.
  public static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    _ = try retrying("pipe") { systemPipe(&fds) }
    do {
      try configure(fds[0], nonBlocking: true)
      try configure(fds[1], nonBlocking: true)
    } catch {
      close(fds[0])
      close(fds[1])
      throw error
    }
    return (fds[0], fds[1])
  }

  /// One descriptor to watch with `poll`.
  public struct PollRequest: Sendable {
    public var fd: Int32
    public var readable: Bool
    public var writable: Bool

    public init(fd: Int32, readable: Bool = true, writable: Bool = false) {
      self.fd = fd
      self.readable = readable
      self.writable = writable
    }
  }

  /// `poll(2)`: waits up to `timeoutMilliseconds` (`-1`: forever) and returns, for each
  /// request, whether it is ready (readable, writable, hung up or in error). `EINTR` returns
  /// with nothing ready, so that the caller looks at its signal pipe and its deadline again.
  public static func poll(_ requests: [PollRequest], timeoutMilliseconds: Int32) throws(SystemError) -> [Bool] {
    var fds = requests.map { request in
      var events: Int16 = 0
      if request.readable { events |= Int16(POLLIN) }
      if request.writable { events |= Int16(POLLOUT) }
      return pollfd(fd: request.fd, events: events, revents: 0)
    }
    let result = systemPoll(&fds, nfds_t(fds.count), timeoutMilliseconds)
    if result < 0 {
      let code = errno
      if code == EINTR { return Array(repeating: false, count: requests.count) }
      throw SystemError("poll", errno: code)
    }
    return fds.map { $0.revents != 0 }
  }

  /// `read(2)` on a non-blocking descriptor: `nil` when nothing is there yet (`EAGAIN`).
  public static func readAvailable(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
    while true {
      let result = systemRead(fd, buffer.baseAddress, buffer.count)
      if result >= 0 { return result }
      let code = errno
      if code == EAGAIN || code == EWOULDBLOCK { return nil }
      if code != EINTR { throw SystemError("read", errno: code) }
    }
  }

  /// `send(2)` without `SIGPIPE` (`MSG_NOSIGNAL`; `SO_NOSIGPIPE` is set on macOS sockets), on a
  /// non-blocking socket: the bytes written, `0` when it would block.
  public static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
    while true {
      #if canImport(Darwin)
        let result = systemSend(fd, buffer.baseAddress, buffer.count, 0)
      #else
        let result = systemSend(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
      #endif
      if result >= 0 { return result }
      let code = errno
      if code == EAGAIN || code == EWOULDBLOCK { return 0 }
      if code != EINTR { throw SystemError("send", errno: code) }
    }
  }
}

extension Syscalls {
  /// `send(2)` of `bytes[offset...]`, as `send(_:_:)` does it.
  public static func send(_ fd: Int32, _ bytes: [UInt8], from offset: Int) throws(SystemError) -> Int {
    let result: Result<Int, SystemError> = bytes.withUnsafeBytes { raw in
      Result { () throws(SystemError) in try send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...])) }
    }
    return try result.get()
  }
}

// MARK: - Sockets

extension Syscalls {
  /// An address to bind or connect a socket to.
  public enum SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// A Unix domain socket path.
    case unix(String)
    /// An IPv4 address in dotted form and a port.
    case ipv4(String, port: UInt16)
    /// An IPv6 address (no brackets) and a port.
    case ipv6(String, port: UInt16)

    public var description: String {
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

  /// `socket(2)`: a stream socket, close-on-exec, non-blocking when asked (`fcntl`).
  public static func streamSocket(for address: SocketAddress, nonBlocking: Bool) throws(SystemError) -> Int32 {
    #if canImport(Darwin)
      let type = SOCK_STREAM
    #else
      let type = Int32(SOCK_STREAM.rawValue)
    #endif
    let fd = try retrying("socket", address.description) { systemSocket(address.family, type, 0) }
    do {
      try configure(fd, nonBlocking: nonBlocking)
      #if canImport(Darwin)
        try setOption(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)
      #endif
      if case .ipv6 = address { try setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1) }
      if address.family != AF_UNIX { try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1) }
    } catch {
      close(fd)
      throw error
    }
    return fd
  }

  /// `setsockopt(2)` with an `int` value.
  public static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws(SystemError) {
    var value = value
    _ = try retrying("setsockopt") { systemSetsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) }
  }

  /// `bind(2)`. A Unix socket path longer than `sun_path` is `ENAMETOOLONG`; a host that is
  /// not an address literal is `EINVAL` (`inet_pton`).
  public static func bind(_ fd: Int32, _ address: SocketAddress) throws(SystemError) {
    _ = try withSockaddr(address, "bind") { (pointer, length) throws(SystemError) in
      try retrying("bind", address.description) { systemBind(fd, pointer, length) }
    }
  }

  /// `listen(2)`.
  public static func listen(_ fd: Int32, backlog: Int32) throws(SystemError) {
    _ = try retrying("listen") { systemListen(fd, backlog) }
  }

  /// `connect(2)` on a blocking socket.
  public static func connect(_ fd: Int32, _ address: SocketAddress) throws(SystemError) {
    _ = try withSockaddr(address, "connect") { (pointer, length) throws(SystemError) in
      try retrying("connect", address.description) { systemConnect(fd, pointer, length) }
    }
  }

  /// `accept(2)` on a non-blocking listener: the connection, close-on-exec and non-blocking,
  /// or `nil` when none is waiting. (`accept4` is not available everywhere; the event loop
  /// that calls this is the only thread that spawns processes, so no child can slip in
  /// between `accept` and `fcntl`.)
  public static func accept(_ fd: Int32) throws(SystemError) -> Int32? {
    while true {
      let result = systemAccept(fd, nil, nil)
      if result >= 0 {
        do { try configure(result, nonBlocking: true) } catch {
          close(result)
          throw error
        }
        #if canImport(Darwin)
          try? setOption(result, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        return result
      }
      let code = errno
      if code == EAGAIN || code == EWOULDBLOCK || code == ECONNABORTED { return nil }
      if code != EINTR { throw SystemError("accept", errno: code) }
    }
  }

  /// `shutdown(2)` of the writing side: the peer reads end of file.
  public static func shutdownWrite(_ fd: Int32) { _ = systemShutdown(fd, Int32(SHUT_WR)) }

  /// `setsockopt(2)` `SO_RCVTIMEO` and `SO_SNDTIMEO`: a blocking socket's reads and writes
  /// fail with `EAGAIN` after `seconds`.
  public static func setTimeouts(_ fd: Int32, seconds: Int) throws(SystemError) {
    var time = timeval(tv_sec: seconds, tv_usec: 0)
    let length = socklen_t(MemoryLayout<timeval>.size)
    _ = try retrying("setsockopt") { systemSetsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, length) }
    _ = try retrying("setsockopt") { systemSetsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, length) }
  }

  /// The user id of the process at the other end of a Unix socket: `getsockopt(SO_PEERCRED)`
  /// on Linux (a `struct ucred`: pid, uid, gid), `getpeereid(3)` on macOS.
  public static func peerUserID(_ fd: Int32) throws(SystemError) -> UInt32 {
    #if canImport(Darwin)
      var uid = uid_t(0)
      var gid = gid_t(0)
      _ = try retrying("getpeereid") { getpeereid(fd, &uid, &gid) }
      return UInt32(uid)
    #else
      var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
      var length = socklen_t(MemoryLayout.size(ofValue: credentials))
      _ = try retrying("getsockopt") { systemGetsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) }
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
      let bytes = Array(path.utf8)
      guard bytes.count < capacity else { throw SystemError(call, errno: ENAMETOOLONG, subject: path) }
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
        throw SystemError("inet_pton", errno: EINVAL, subject: host)
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
        throw SystemError("inet_pton", errno: EINVAL, subject: host)
      }
      #if canImport(Darwin)
        storage.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
      #endif
      return try withGenericAddress(&storage, body)
    }
  }
}

// MARK: - Processes and signals

extension Syscalls {
  /// How a child process ended, decoded from `waitpid`'s status.
  public enum ExitStatus: Sendable, Hashable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    init(waitStatus status: Int32) {
      // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
      if status & 0x7F == 0 { self = .exited((status >> 8) & 0xFF) } else { self = .signaled(status & 0x7F) }
    }

    public var description: String {
      switch self {
      case .exited(let code): "exited with status \(code)"
      case .signaled(let signal): "was killed by signal \(signal)"
      }
    }
  }

  /// `posix_spawnp(3)`: runs `arguments[0]` (looked up on `PATH`) with `arguments` and
  /// `environment`. The child gets the default action for every signal that `dodo` catches or
  /// ignores, an empty signal mask, `/dev/null` as standard input (a browser or `xdg-mime`
  /// never reads ours, and one that lives on must not hold it), and `stdoutToStderr` sends its
  /// standard output to our standard error (so that `--json` output stays clean), or
  /// `standardOutput` receives it. A program that cannot be run is an error here
  /// (`posix_spawnp` returns the code; glibc reports exec failures too).
  public static func spawn(
    _ arguments: [String], environment: [String: String], stdoutToStderr: Bool, standardOutput: Int32? = nil
  ) throws(SystemError) -> Int32 {
    precondition(!arguments.isEmpty)
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let standardOutput {
      posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
    } else if stdoutToStderr {
      posix_spawn_file_actions_adddup2(&actions, 2, 1)
    }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard code == 0 else { throw SystemError("posix_spawnp", errno: code, subject: arguments[0]) }
    return Int32(pid)
  }

  /// `waitpid(2)` with `WNOHANG`: how the child ended, or `nil` while it runs.
  public static func exitStatus(of pid: Int32) throws(SystemError) -> ExitStatus? {
    var status: Int32 = 0
    let result = try retrying("waitpid") { waitpid(pid_t(pid), &status, WNOHANG) }
    return result == 0 ? nil : ExitStatus(waitStatus: status)
  }

  /// `waitpid(2)`, blocking until the child ends.
  public static func waitForExit(of pid: Int32) throws(SystemError) -> ExitStatus {
    var status: Int32 = 0
    _ = try retrying("waitpid") { waitpid(pid_t(pid), &status, 0) }
    return ExitStatus(waitStatus: status)
  }

  /// `kill(2)`.
  public static func kill(_ pid: Int32, _ signal: Int32) { _ = systemKill(pid_t(pid), signal) }

  /// `signal(3)`: routes `signals` to `SignalPipe.handler`, which writes the signal's number
  /// into the pipe whose write end is `writeFD` (the self-pipe trick: the event loop polls the
  /// read end, and nothing but `write(2)` runs inside the handler).
  ///
  /// The signals are also unblocked (`pthread_sigmask(SIG_UNBLOCK)`): a process inherits its
  /// parent's signal mask, and a parent that blocks them (some test harnesses and service
  /// managers do) would otherwise leave Ctrl-C and the browser's exit unseen.
  static func routeSignals(_ signals: [Int32], toPipe writeFD: Int32) {
    signalPipeWriteFD = writeFD
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals {
      _ = systemSignal(signal, signalPipeHandler)
      sigaddset(&set, signal)
    }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// `signal(3)` with `SIG_DFL`.
  static func restoreDefault(_ signals: [Int32]) {
    for signal in signals { _ = systemSignal(signal, SIG_DFL) }
  }
}

/// The write end of the signal pipe, read only by `signalPipeHandler`.
nonisolated(unsafe) private var signalPipeWriteFD: Int32 = -1

/// Writes the signal number to the signal pipe; async-signal-safe (only `write`), and keeps `errno`.
private let signalPipeHandler: @convention(c) (Int32) -> Void = { signal in
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipeWriteFD, &byte, 1)
  errno = saved
}

@inline(__always) private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
@inline(__always) private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func systemFsync(_ fd: Int32) -> Int32 { fsync(fd) }
@inline(__always) private func systemLstat(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }
@inline(__always) private func systemFstat(_ fd: Int32, _ info: inout stat) -> Int32 { fstat(fd, &info) }
@inline(__always) private func systemMkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }
@inline(__always) private func systemChmod(_ path: String, _ mode: mode_t) -> Int32 { chmod(path, mode) }
@inline(__always) private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
@inline(__always) private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
@inline(__always) private func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
@inline(__always) private func systemReadlink(_ path: String, _ buffer: UnsafeMutablePointer<CChar>, _ size: Int) -> Int {
  readlink(path, buffer, size)
}
@inline(__always) private func systemFcntl(_ fd: Int32, _ command: Int32, _ value: Int32) -> Int32 { fcntl(fd, command, value) }
@inline(__always) private func systemPipe(_ fds: UnsafeMutablePointer<Int32>) -> Int32 { pipe(fds) }
@inline(__always) private func systemPoll(_ fds: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
  poll(fds, count, timeout)
}
@inline(__always) private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(fd, buffer, count, flags)
}
@inline(__always) private func systemSocket(_ family: Int32, _ type: Int32, _ proto: Int32) -> Int32 { socket(family, type, proto) }
@inline(__always) private func systemSetsockopt(
  _ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeRawPointer, _ length: socklen_t
) -> Int32 { setsockopt(fd, level, name, value, length) }
@inline(__always) private func systemGetsockopt(
  _ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeMutableRawPointer, _ length: inout socklen_t
) -> Int32 { getsockopt(fd, level, name, value, &length) }
@inline(__always) private func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  bind(fd, address, length)
}
@inline(__always) private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
@inline(__always) private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  connect(fd, address, length)
}
@inline(__always) private func systemAccept(
  _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 { accept(fd, address, length) }
@inline(__always) private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
@inline(__always) private func systemInetPton(_ family: Int32, _ text: String, _ target: UnsafeMutableRawPointer) -> Int32 {
  inet_pton(family, text, target)
}
@inline(__always) private func systemKill(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
@inline(__always) private func systemSignal(
  _ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?
) -> (@convention(c) (Int32) -> Void)? { signal(number, handler) }

// MARK: - Programs on PATH (plugins)

extension Syscalls {
  /// The names in the directory `path`, without `.` and `..`.
  public static func directoryEntries(_ path: String) throws(SystemError) -> [String] {
    var read: Set<FileIdentity> = []
    return try directoryEntries(path, prefix: "", skipping: &read)
  }

  /// Which file a path names: the same for two names of one directory (`/bin` and `/usr/bin`
  /// on a merged `/usr`), so that a caller can skip reading it twice.
  public struct FileIdentity: Sendable, Hashable {
    /// `st_dev`, widened: signed (`Int32`) on Darwin, unsigned on Linux.
    public var device: UInt64
    public var inode: UInt64
  }

  /// `open(2)`, `fdopendir(3)`, `readdir(3)`: the names in the directory `path` (following a
  /// symbolic link) that start with `prefix`, without `.` and `..`; none when the directory's
  /// identity (`fstat(2)`) is already in `read`, which it is added to. One `readdir` pass, and
  /// only matching names become strings: reading `/usr/bin` once, not twice, and making a
  /// handful of strings rather than thousands is most of what a scan of `PATH` costs.
  public static func directoryEntries(
    _ path: String, prefix: String, skipping read: inout Set<FileIdentity>
  ) throws(SystemError) -> [String] {
    let fd = try open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    var info = stat()
    do throws(SystemError) {
      _ = try retrying("fstat", path) { systemFstat(fd, &info) }
    } catch {
      close(fd)
      throw error
    }
    guard read.insert(FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))).inserted else {
      close(fd)
      return []
    }
    guard let directory = systemFdopendir(fd) else {
      let code = errno
      close(fd)
      throw SystemError("fdopendir", errno: code, subject: path)
    }
    defer { _ = systemClosedir(directory) }  // closes fd too
    let prefixBytes = Array(prefix.utf8)
    var names: [String] = []
    while let entry = systemReaddir(directory) {
      let name: String? = withUnsafePointer(to: entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { characters in
          for (index, byte) in prefixBytes.enumerated() where UInt8(bitPattern: characters[index]) != byte { return nil }
          return String(cString: characters)
        }
      }
      if let name, name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// `access(2)` with `X_OK`: whether the user may execute `path`.
  public static func isExecutable(_ path: String) -> Bool { systemAccess(path, X_OK) == 0 }

  /// `execve(2)`: replaces this process with the program at `path`, which gets `arguments`
  /// (its `argv`, name first) and `environment` (`NAME=value`). `SIGPIPE` goes back to its
  /// default first, since `dodo` may ignore it and an ignored signal stays ignored across
  /// exec. Returns only by throwing.
  public static func execute(_ path: String, arguments: [String], environment: [String]) throws(SystemError) -> Never {
    _ = systemSignal(SIGPIPE, SIG_DFL)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    while true {
      _ = systemExecve(path, argv, envp)
      let code = errno
      if code != EINTR { throw SystemError("execve", errno: code, subject: path) }
    }
  }
}

#if canImport(Darwin)
  private typealias DirectoryStream = UnsafeMutablePointer<DIR>
#else
  private typealias DirectoryStream = OpaquePointer
#endif
@inline(__always) private func systemFdopendir(_ fd: Int32) -> DirectoryStream? { fdopendir(fd) }
@inline(__always) private func systemReaddir(_ directory: DirectoryStream) -> UnsafeMutablePointer<dirent>? { readdir(directory) }
@inline(__always) private func systemClosedir(_ directory: DirectoryStream) -> Int32 { closedir(directory) }
@inline(__always) private func systemAccess(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }
@inline(__always) private func systemExecve(
  _ path: String, _ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?]
) -> Int32 { execve(path, argv, envp) }
