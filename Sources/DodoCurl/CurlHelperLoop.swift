import CCurl
import DodoAccount
import DodoPlatform

/// The HTTPS helper's work for one `dodo` command: requests come in on standard input
/// (`HelperStream` envelopes around `HelperFrame`s), run concurrently on one libcurl multi
/// handle, and each answer goes out on standard output, in its request's envelope, as it is
/// done. The multi handle keeps one connection per host for all of them: HTTP/2 multiplexes
/// the requests over it, HTTP/1.1 takes them one after another on it (kept alive).
///
/// It ends at the end of its input (`dodo` closed it, or exited), or when its output is gone.
package final class CurlHelperLoop {
  /// Connections to one host at most: with HTTP/1.1 the requests wait for it, one at a time.
  static let connectionsPerHost = 1

  private let handles: CurlHandles
  private let multi: UnsafeMutableRawPointer
  private var input = HelperStream.Reader()
  /// The transfers under way, by their easy handle, with their request's ID.
  private var running: [UnsafeMutableRawPointer: (id: UInt64, exchange: CurlExchange)] = [:]
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  private init(handles: CurlHandles, multi: UnsafeMutableRawPointer) {
    self.handles = handles
    self.multi = multi
  }

  deinit {
    for (handle, _) in running { curl_multi_remove_handle(multi, handle) }
    curl_multi_cleanup(multi)
  }

  /// Serves requests until the input ends; the exit status.
  package static func run(environment: [String: String]) -> Int32 {
    guard CurlTransport.initialized, let multi = curl_multi_init() else {
      try? Syscalls.writeAll(.standardError, Array("dodo-https: libcurl could not be initialized\n".utf8))
      return 1
    }
    _ = dodo_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, connectionsPerHost)
    _ = dodo_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    let extraCAFile = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    return CurlHelperLoop(handles: CurlHandles(extraCAFile: extraCAFile), multi: multi).serve()
  }

  private func serve() -> Int32 {
    while true {
      var active: Int32 = 0
      _ = curl_multi_perform(multi, &active)
      var left: Int32 = 0
      while let message = curl_multi_info_read(multi, &left) {
        guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
        let code = message.pointee.data.result
        guard finish(handle, code) else { return 0 }
      }
      // Standard input (descriptor 0) is watched with libcurl's sockets: a request that
      // arrives, or the end of the input, wakes the wait as an answer does.
      var standardInput = curl_waitfd(fd: 0, events: Int16(CURL_WAIT_POLLIN), revents: 0)
      guard curl_multi_poll(multi, &standardInput, 1, 1000, nil) == CURLM_OK else { return 1 }
      guard standardInput.revents != 0 else { continue }
      let read: Result<Int, SystemError> = chunk.withUnsafeMutableBytes { raw in
        Result { () throws(SystemError) in try Syscalls.read(.standardInput, into: raw) }
      }
      guard case .success(let count) = read, count > 0 else { return 0 }
      input.append(chunk[..<count])
      do throws(HelperFrame.Malformed) {
        while let (id, frame) = try input.next() { guard start(id, frame) else { return 0 } }
      } catch {
        try? Syscalls.writeAll(.standardError, Array("dodo-https: a malformed request stream: \(error.reason)\n".utf8))
        return 1
      }
    }
  }

  /// Starts the request in `frame`, or answers at once why it cannot go; `false` when the
  /// answer cannot be written.
  private func start(_ id: UInt64, _ frame: [UInt8]) -> Bool {
    let started = Result { () throws(TransportError) in
      let request: HTTPRequest
      do throws(HelperFrame.Malformed) { request = try HelperFrame.decodeRequest(frame) } catch {
        throw TransportError(.unavailable, "a malformed request: \(error.reason)")
      }
      let direct = try CurlURLCheck.check(request.url)
      let caBundle = try handles.caBundle()
      let handle = try handles.take()
      let exchange: CurlExchange
      do throws(TransportError) {
        exchange = try CurlExchange(
          handle: handle, request: request, direct: direct, caBundle: caBundle,
          maximumResponseSize: HelperFrame.maximumSize - 64 * 1024)
      } catch {
        handles.put(handle)
        throw error
      }
      guard curl_multi_add_handle(multi, handle) == CURLM_OK else {
        handles.put(handle)
        throw TransportError(.unavailable, "libcurl refused the request")
      }
      running[handle] = (id, exchange)
    }
    guard case .failure(let error) = started else { return true }
    return answer(id, .failure(error))
  }

  /// Answers the finished transfer on `handle`; `false` when the answer cannot be written.
  private func finish(_ handle: UnsafeMutableRawPointer, _ code: CURLcode) -> Bool {
    curl_multi_remove_handle(multi, handle)
    guard let (id, exchange) = running.removeValue(forKey: handle) else { return true }
    let result = exchange.result(code)
    handles.put(handle)
    return answer(id, result)
  }

  private func answer(_ id: UInt64, _ result: Result<HTTPResponse, TransportError>) -> Bool {
    let frame: [UInt8]
    switch result {
    case .success(let response):
      do throws(HelperFrame.Malformed) { frame = try HelperFrame.encode(response) } catch {
        frame = HelperFrame.encode(TransportError(.connection, "an answer that cannot be passed on: \(error.reason)"))
      }
    case .failure(let error): frame = HelperFrame.encode(error)
    }
    do throws(SystemError) { try Syscalls.writeAll(.standardOutput, HelperStream.envelope(id: id, frame)) } catch {
      return false
    }
    return true
  }
}
