#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// `fcntl(2)` `F_SETFD FD_CLOEXEC` and, when asked, `F_SETFL O_NONBLOCK`.
  package static func configure(_ fd: Int32, nonBlocking: Bool) throws(SystemError) {
    _ = try retrying("fcntl") { systemFcntl(fd, F_SETFD, FD_CLOEXEC) }
    if nonBlocking {
      let flags = try retrying("fcntl") { systemFcntl(fd, F_GETFL, 0) }
      _ = try retrying("fcntl") { systemFcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }
  }

  /// `pipe(2)`, both ends close-on-exec and non-blocking: `(read, write)`.
  package static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
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
  package struct PollRequest: Sendable {
    package var fd: Int32
    package var readable: Bool
    package var writable: Bool

    package init(fd: Int32, readable: Bool = true, writable: Bool = false) {
      self.fd = fd
      self.readable = readable
      self.writable = writable
    }
  }

  /// `poll(2)`: waits up to `timeoutMilliseconds` (`-1`: forever) and returns, for each
  /// request, whether it is ready (readable, writable, hung up or in error). `EINTR` returns
  /// with nothing ready, so that the caller looks at its signal pipe and its deadline again.
  package static func poll(_ requests: [PollRequest], timeoutMilliseconds: Int32) throws(SystemError) -> [Bool] {
    var fds = requests.map { request in
      var events: Int16 = 0
      if request.readable { events |= Int16(POLLIN) }
      if request.writable { events |= Int16(POLLOUT) }
      return pollfd(fd: request.fd, events: events, revents: 0)
    }
    // Not retried: a signal ends the wait with nothing ready, so that the caller looks at
    // its signal pipe and its deadline again.
    guard systemPoll(&fds, nfds_t(fds.count), timeoutMilliseconds) >= 0 else {
      let code = Errno.current
      if code == .interrupted { return Array(repeating: false, count: requests.count) }
      throw SystemError("poll", errno: code)
    }
    return fds.map { $0.revents != 0 }
  }

  /// `poll(2)` with no wait: whether the other end of `fd` has hung up entirely (`POLLHUP`,
  /// or `POLLERR`). A peer that only shut its writing side (`shutdown(SHUT_WR)`) has not.
  package static func hasHungUp(_ fd: Int32) -> Bool {
    var request = [pollfd(fd: fd, events: 0, revents: 0)]
    guard systemPoll(&request, 1, 0) == 1 else { return false }
    return request[0].revents & Int16(POLLHUP | POLLERR) != 0
  }

  /// `read(2)` on a non-blocking descriptor: `nil` when nothing is there yet (`EAGAIN`).
  package static func readAvailable(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int?
  {
    switch retryingOnInterrupt({ systemRead(fd, buffer.baseAddress, buffer.count) }) {
    case .success(let count): return count
    case .failure(.wouldBlock): return nil
    case .failure(let code): throw SystemError("read", errno: code)
    }
  }

  /// `send(2)` without `SIGPIPE` (`MSG_NOSIGNAL`; `SO_NOSIGPIPE` is set on macOS sockets), on a
  /// non-blocking socket: the bytes written, `0` when it would block.
  package static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    switch retryingOnInterrupt({ systemSend(fd, buffer.baseAddress, buffer.count, flags) }) {
    case .success(let count): return count
    case .failure(.wouldBlock): return 0
    case .failure(let code): throw SystemError("send", errno: code)
    }
  }
}

extension Syscalls {
  /// `send(2)` of `bytes[offset...]`, as `send(_:_:)` does it.
  package static func send(_ fd: Int32, _ bytes: [UInt8], from offset: Int) throws(SystemError) -> Int {
    let result: Result<Int, SystemError> = bytes.withUnsafeBytes { raw in
      Result { () throws(SystemError) in try send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...])) }
    }
    return try result.get()
  }
}

extension Syscalls {
  /// Waits `seconds` (`poll(2)` on no descriptors, resumed after a signal until the time is up).
  package static func sleep(_ seconds: Double) {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(max(0, min(seconds, 86_400)) * 1000))
    while true {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { return }
      let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
      _ = try? poll([], timeoutMilliseconds: Int32(clamping: milliseconds))
    }
  }
}
