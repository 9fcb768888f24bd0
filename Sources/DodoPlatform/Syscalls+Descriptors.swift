#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// `fcntl(2)` `F_SETFD FD_CLOEXEC` and, when asked, `F_SETFL O_NONBLOCK`.
  static func configure(_ fd: borrowing FileDescriptor, nonBlocking: Bool) throws(SystemError) {
    let raw = fd.rawValue
    _ = try retrying("fcntl") { systemFcntl(raw, F_SETFD, FD_CLOEXEC) }
    if nonBlocking {
      let flags = try retrying("fcntl") { systemFcntl(raw, F_GETFL, 0) }
      _ = try retrying("fcntl") { systemFcntl(raw, F_SETFL, flags | O_NONBLOCK) }
    }
  }

  /// The two ends of a pipe, each closed once by its own owner; taken apart as
  /// `let read = pipe.read` (Swift has no tuples of non-copyable values), which other modules
  /// may do only to a `@frozen` type.
  @frozen package struct Pipe: ~Copyable, Sendable {
    package var read: FileDescriptor
    package var write: FileDescriptor
  }

  /// `pipe(2)`, both ends close-on-exec; the read end non-blocking, and the write end too
  /// unless it is a child's output (`blockingWriteEnd`): a program writing into a full
  /// non-blocking pipe fails with `EAGAIN` instead of waiting for the reader.
  package static func pipe(blockingWriteEnd: Bool = false) throws(SystemError) -> Pipe {
    var fds: [Int32] = [-1, -1]
    _ = try retrying("pipe") { systemPipe(&fds) }
    let pipe = Pipe(read: FileDescriptor(owning: fds[0]), write: FileDescriptor(owning: fds[1]))
    try configure(pipe.read, nonBlocking: true)
    try configure(pipe.write, nonBlocking: !blockingWriteEnd)
    return pipe
  }

  /// One descriptor to watch with `poll`, borrowed for that call: the request holds its
  /// number, so it is made right before the `poll` and dropped after.
  package struct PollRequest: Sendable {
    let fd: Int32
    package var readable: Bool
    package var writable: Bool

    package init(_ fd: borrowing FileDescriptor, readable: Bool = true, writable: Bool = false) {
      self.init(raw: fd.rawValue, readable: readable, writable: writable)
    }

    package init(_ fd: UnownedDescriptor, readable: Bool = true, writable: Bool = false) {
      self.init(raw: fd.rawValue, readable: readable, writable: writable)
    }

    private init(raw: Int32, readable: Bool, writable: Bool) {
      self.fd = raw
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
  package static func hasHungUp(_ fd: borrowing FileDescriptor) -> Bool {
    var request = [pollfd(fd: fd.rawValue, events: 0, revents: 0)]
    guard systemPoll(&request, 1, 0) == 1 else { return false }
    return request[0].revents & Int16(POLLHUP | POLLERR) != 0
  }

  /// `read(2)` on a non-blocking descriptor: `nil` when nothing is there yet (`EAGAIN`).
  package static func readAvailable(_ fd: borrowing FileDescriptor, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemError) -> Int?
  {
    let raw = fd.rawValue
    switch retryingOnInterrupt({ systemRead(raw, buffer.baseAddress, buffer.count) }) {
    case .success(let count): return count
    case .failure(.wouldBlock): return nil
    case .failure(let code): throw SystemError("read", errno: code)
    }
  }

  /// `send(2)` without `SIGPIPE` (`MSG_NOSIGNAL`; `SO_NOSIGPIPE` is set on macOS sockets), on a
  /// non-blocking socket: the bytes written, `0` when it would block.
  package static func send(_ fd: borrowing FileDescriptor, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int
  {
    let raw = fd.rawValue
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    switch retryingOnInterrupt({ systemSend(raw, buffer.baseAddress, buffer.count, flags) }) {
    case .success(let count): return count
    case .failure(.wouldBlock): return 0
    case .failure(let code): throw SystemError("send", errno: code)
    }
  }
}

extension Syscalls {
  /// `readAvailable(_:into:)` into all of `buffer`.
  package static func readAvailable(_ fd: borrowing FileDescriptor, into buffer: inout [UInt8]) throws(SystemError)
    -> Int?
  {
    let result: Result<Int?, SystemError> = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(SystemError) in try readAvailable(fd, into: raw) }
    }
    return try result.get()
  }

  /// `send(2)` of `bytes[offset...]`, as `send(_:_:)` does it.
  package static func send(_ fd: borrowing FileDescriptor, _ bytes: [UInt8], from offset: Int) throws(SystemError)
    -> Int
  {
    let result: Result<Int, SystemError> = bytes.withUnsafeBytes { raw in
      Result { () throws(SystemError) in try send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...])) }
    }
    return try result.get()
  }
}

extension Syscalls {
  /// The piece `writeAll(_:_:interruptedBy:)` writes at a time: `PIPE_BUF`'s POSIX minimum,
  /// which a pipe that polls writable takes without blocking.
  static let interruptibleWritePiece = 512

  /// `write(2)` of every byte, a piece at a time once `poll(2)` says `fd` takes it, and
  /// `EINTR` when, while `fd` takes nothing, `interrupter`'s descriptor turns readable and it
  /// says the write is to end (a plain `writeAll` while it has nothing to watch). A plain blocking write to a full pipe or a stopped terminal is restarted after a
  /// signal whose handler only notes it (the self-pipe), so it could never be ended that way.
  package static func writeAll(
    _ fd: UnownedDescriptor, _ buffer: UnsafeRawBufferPointer, interruptedBy interrupter: any WriteInterrupter
  ) throws(SystemError) {
    guard let interruption = interrupter.interruption else { return try writeAll(fd, buffer) }
    guard let start = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let requests = [PollRequest(fd, readable: false, writable: true), interruption]
      let ready = try poll(requests, timeoutMilliseconds: -1)
      // Only a write that has to wait is ended: a signal that came while `fd` takes the
      // bytes is left for the caller's own wait to find.
      guard ready[0] else {
        if ready[1], interrupter.isInterrupted() { throw SystemError("write", errno: .interrupted) }
        continue
      }
      let piece = min(buffer.count - offset, interruptibleWritePiece)
      offset += try retrying("write") { systemWrite(fd.rawValue, start + offset, piece) }
    }
  }
}

/// What can end a write that waits on a full pipe or a stopped terminal: `dodo start`'s
/// signal pipe, so that Ctrl-C, `SIGTERM` and `SIGHUP` end a start blocked writing its result.
package protocol WriteInterrupter: AnyObject {
  /// What turns readable when the write may have to end (`poll`ed with the write); `nil`
  /// while there is nothing to watch (the wait has not begun, or has ended).
  var interruption: Syscalls.PollRequest? { get }
  /// Reads what `interruption` holds and says whether the write is to end.
  func isInterrupted() -> Bool
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
