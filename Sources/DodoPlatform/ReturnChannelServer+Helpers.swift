extension ReturnChannelServer {
  /// Whether a process accepts connections on the socket at `path`; a socket file nobody
  /// listens on refuses them (`ECONNREFUSED`).
  static func isLive(_ path: String) throws(SystemError) -> Bool {
    guard let status = try Syscalls.lstat(path) else { return false }
    guard status.isSocket else { throw SystemError("bind", errno: .fileExists, subject: "\(path) (not a socket)") }
    let fd = try Syscalls.streamSocket(for: .unix(path), nonBlocking: false)
    do throws(SystemError) { try Syscalls.connect(fd, .unix(path)) } catch {
      if error.errno == .connectionRefused || error.errno == .noSuchFileOrDirectory { return false }
      throw error
    }
    return true
  }

  static func milliseconds(from now: ContinuousClock.Instant, to deadline: ContinuousClock.Instant) -> Int32 {
    let (seconds, attoseconds) = now.duration(to: deadline).components
    guard seconds >= 0 else { return 0 }
    return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
  }
}

/// Runs `body`, turning its `SystemError` into a `PlatformError` that says what was being done.
func platform<R: ~Copyable>(_ doing: String, _ body: () throws(SystemError) -> R) throws(PlatformError) -> R {
  do throws(SystemError) { return try body() } catch { throw PlatformError("\(doing): \(error)") }
}
