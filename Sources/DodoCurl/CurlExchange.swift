import CCurl
import DodoAccount
import DodoPlatform

/// One request set up on a libcurl easy handle, and what its callbacks collect: run by
/// `curl_easy_perform` (`CurlTransport`) or by a multi handle (the helper's `CurlHelperLoop`).
/// It owns the buffers the handle points at, so it lives until the transfer is done.
final class CurlExchange {
  let handle: UnsafeMutableRawPointer
  let maximumResponseSize: Int
  let timeout: Double
  private let collector: CurlCollector
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private var headerList: UnsafeMutablePointer<curl_slist>?

  /// Sets `request` up on `handle` (fresh or reset). The URL must have passed `CurlURLCheck`:
  /// `direct` is its answer.
  init(
    handle: UnsafeMutableRawPointer, request: HTTPRequest, direct: Bool, caBundle: [UInt8]?, maximumResponseSize: Int
  ) throws(TransportError) {
    self.handle = handle
    self.maximumResponseSize = maximumResponseSize
    timeout = request.timeout
    collector = CurlCollector(limit: maximumResponseSize)
    errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    for header in request.headers + [HTTPHeader("Expect", "")] {
      let line = header.value.isEmpty ? "\(header.name):" : "\(header.name): \(header.value)"
      guard let appended = curl_slist_append(headerList, line) else {
        throw TransportError(.unavailable, "out of memory for the request's headers")
      }
      headerList = appended
    }
    var failed: CURLcode?
    func set(_ code: CURLcode) { if code != CURLE_OK, failed == nil { failed = code } }
    let box = Unmanaged.passUnretained(collector).toOpaque()
    set(dodo_curl_setopt_string(handle, CURLOPT_URL, request.url))
    set(dodo_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "https,http"))
    set(dodo_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
    if direct { set(dodo_curl_setopt_string(handle, CURLOPT_NOPROXY, "*")) }
    set(dodo_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1))
    set(dodo_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2))
    set(dodo_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
    set(dodo_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)))
    // Concurrent requests wait for the one connection to say whether it multiplexes (HTTP/2)
    // instead of each opening its own.
    set(dodo_curl_setopt_long(handle, CURLOPT_PIPEWAIT, 1))
    set(dodo_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout)))
    set(
      dodo_curl_setopt_long(
        handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(request.connectTimeout, request.timeout))))
    set(dodo_curl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumResponseSize)))
    set(dodo_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
    set(dodo_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
    set(dodo_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
    set(dodo_curl_setopt_write(handle, CURLOPT_WRITEFUNCTION, curlWriteBody))
    set(dodo_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, box))
    set(dodo_curl_setopt_write(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader))
    set(dodo_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, box))
    if let caBundle {
      caBundle.withUnsafeBytes { set(dodo_curl_setopt_blob(handle, CURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count)) }
    }
    switch request.method {
    case .get: set(dodo_curl_setopt_long(handle, CURLOPT_HTTPGET, 1))
    case .post:
      set(dodo_curl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
      request.body.withUnsafeBytes { raw in
        let bytes = raw.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
        set(dodo_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes)))
      }
    }
    if let failed {
      throw TransportError(.unavailable, "libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))")
    }
  }

  deinit {
    curl_slist_free_all(headerList)
    errorBuffer.deallocate()
  }

  /// The answer of the finished transfer, whose outcome was `code`.
  func result(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
    guard code == CURLE_OK else {
      let detail = String(cString: errorBuffer)
      return .failure(
        CurlErrors.error(
          code, detail: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail,
          overflowed: collector.overflowed, limit: maximumResponseSize, timeout: timeout))
    }
    var status = 0
    if dodo_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK || status < 100 {
      return .failure(TransportError(.connection, "no HTTP status in the answer"))
    }
    return .success(HTTPResponse(status: status, headers: collector.headers, body: collector.body))
  }

  private static func milliseconds(_ seconds: Double) -> Int {
    Int(max(1, min(seconds, 86_400)) * 1000)
  }
}

/// Easy handles kept between requests, with the connections each keeps open (a reset keeps
/// them), and the CA bundle read once: what makes a transport's second request skip the TLS
/// handshake. Thread-safe: a handle is one thread's at a time.
final class CurlHandles: @unchecked Sendable {
  /// Handles kept idle at most (one per thread that sent at the same time).
  static let keptIdle = 8
  let extraCAFile: String?
  private let lock = SystemLock()
  private var idle: [UnsafeMutableRawPointer] = []
  private var bundle: Result<[UInt8], TransportError>?

  init(extraCAFile: String?) { self.extraCAFile = extraCAFile }

  deinit { for handle in idle { curl_easy_cleanup(handle) } }

  /// The system's CAs and `extraCAFile`'s, read at the first request; `nil` without an extra file.
  func caBundle() throws(TransportError) -> [UInt8]? {
    guard let extraCAFile else { return nil }
    let read = lock.withLock {
      if let bundle { return bundle }
      let read = Result { () throws(TransportError) in try CurlTransport.bundle(adding: extraCAFile) }
      bundle = read
      return read
    }
    return try read.get()
  }

  /// An idle handle, or a new one.
  func take() throws(TransportError) -> UnsafeMutableRawPointer {
    if let handle = lock.withLock({ idle.popLast() }) { return handle }
    guard let handle = curl_easy_init() else { throw TransportError(.unavailable, "libcurl has no handle to give") }
    return handle
  }

  /// Keeps `handle` for the next request (reset: its options go, its connection stays).
  func put(_ handle: UnsafeMutableRawPointer) {
    curl_easy_reset(handle)
    let kept = lock.withLock {
      guard idle.count < Self.keptIdle else { return false }
      idle.append(handle)
      return true
    }
    if !kept { curl_easy_cleanup(handle) }
  }
}

/// What the callbacks collect; passed to them as an unretained pointer.
final class CurlCollector {
  let limit: Int
  var body: [UInt8] = []
  var headers: [HTTPHeader] = []
  var headerBytes = 0
  var overflowed = false

  init(limit: Int) { self.limit = limit }
}

private let curlWriteBody: curl_write_callback = { data, size, count, user in
  guard let user, let data else { return 0 }
  let collector = Unmanaged<CurlCollector>.fromOpaque(user).takeUnretainedValue()
  let length = size * count
  guard collector.body.count + collector.headerBytes + length <= collector.limit else {
    collector.overflowed = true
    return 0
  }
  collector.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
  return length
}

private let curlWriteHeader: curl_write_callback = { data, size, count, user in
  guard let user, let data else { return 0 }
  let collector = Unmanaged<CurlCollector>.fromOpaque(user).takeUnretainedValue()
  let length = size * count
  collector.headerBytes += length
  guard collector.body.count + collector.headerBytes <= collector.limit else {
    collector.overflowed = true
    return 0
  }
  var bytes = UnsafeRawBufferPointer(start: data, count: length)[...]
  while let last = bytes.last, last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
  let line = String(decoding: bytes, as: UTF8.self)
  if line.hasPrefix("HTTP/") {
    collector.headers = []  // a new answer (after a 100 Continue or a proxy's CONNECT)
  } else if let colon = line.firstIndex(of: ":") {
    let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
    collector.headers.append(HTTPHeader(String(line[..<colon]), String(value)))
  }
  return length
}
