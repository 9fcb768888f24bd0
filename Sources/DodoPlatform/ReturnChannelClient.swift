#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sending side of the return channel, for `dodo handle-url`: hands a URL to the
/// `start` in progress and says what it answered.
package enum ReturnChannelClient {
  /// Sends `url` to the checkout listening in `runtimeDirectory` and waits up to
  /// `timeoutSeconds` for its answer. No checkout running, or a URL too long for any, is
  /// `.notWaiting`, never an error: the OS may route any URL here. No answer in time is
  /// `.noAnswer`, and a checkout never claims a URL whose sender has gone.
  ///
  /// The URL may carry a customer's details, so it goes only to a socket in the user's own
  /// private runtime directory, checked before and after `connect` (which has no `…at` form).
  package static func send(
    _ url: String, runtimeDirectory: String, timeoutSeconds: Int = URLHandoff.answerTimeoutSeconds
  ) throws(PlatformError) -> URLHandoff.Answer {
    guard let request = URLHandoff.encodeRequest(url) else { return .unclaimed }
    let path = DodoDirectories.join(runtimeDirectory, URLHandoff.socketName)
    guard let directory = try PrivateDirectory.open(runtimeDirectory, create: false) else { return .notWaiting }
    let fd: FileDescriptor
    do throws(SystemError) {
      fd = try Syscalls.streamSocket(for: .unix(path), nonBlocking: false)
    } catch {
      throw PlatformError("cannot reach the checkout: \(error)")
    }
    do throws(SystemError) {
      try Syscalls.setTimeouts(fd, seconds: timeoutSeconds)
      try Syscalls.connect(fd, .unix(path))
      guard directory.isStill(at: runtimeDirectory) else {
        throw SystemError(
          "connect", errno: .notDirectory, subject: "\(path) (\(runtimeDirectory) was replaced meanwhile)")
      }
    } catch {
      if [Errno.noSuchFileOrDirectory, .connectionRefused, .notSocket].contains(error.errno) { return .notWaiting }
      throw PlatformError("cannot reach the checkout: \(error)")
    }
    do throws(SystemError) {
      // `send` (no SIGPIPE): a checkout that ends while we write has not heard the URL.
      var sent = 0
      while sent < request.count {
        let count = try Syscalls.send(fd, request, from: sent)
        guard count > 0 else { return .noAnswer }  // SO_SNDTIMEO ran out
        sent += count
      }
      Syscalls.shutdownWrite(fd)
      var answer = [UInt8](repeating: 0, count: URLHandoff.maximumAnswerBytes)
      var count = 0
      while count < answer.count {
        let n = try Syscalls.read(fd, into: &answer, at: count)
        if n == 0 { break }
        count += n
      }
      return URLHandoff.decodeAnswer(answer[..<count])
    } catch {
      // The checkout ended or dropped us while we talked (EPIPE, ECONNRESET), or did not
      // answer in time (SO_RCVTIMEO: EAGAIN).
      if [Errno.brokenPipe, .connectionReset, .wouldBlock].contains(error.errno) { return .noAnswer }
      throw PlatformError("cannot hand the URL to the checkout: \(error)")
    }
  }
}
