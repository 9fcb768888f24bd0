import CCurl
import DodoAccount
import DodoPlatform

/// HTTPS through libcurl, in-process: what the `dodo-https` helper runs, and what a Swift
/// program may link directly (the `dodo` executable does not: it stays static and runs the
/// helper instead).
///
/// Certificate verification is always on. The system's CA store is trusted (libcurl's
/// default bundle and directory), and `$SSL_CERT_FILE`, when set, in addition, so that a
/// test server with its own CA works. No redirect is followed (a 3xx is the answer), only
/// `https` is spoken (`http` only to a loopback host), a loopback host or plain http never
/// goes through a proxy, and an answer larger than `maximumResponseSize` is refused.
public struct CurlTransport: HTTPTransport {
  /// A PEM file of CAs trusted besides the system's (`$SSL_CERT_FILE`).
  public var extraCAFile: String?
  public var maximumResponseSize: Int

  public init(extraCAFile: String?, maximumResponseSize: Int = HelperFrame.maximumSize - 64 * 1024) {
    self.extraCAFile = extraCAFile.flatMap { $0.isEmpty ? nil : $0 }
    self.maximumResponseSize = maximumResponseSize
  }

  /// The transport for an environment: its `SSL_CERT_FILE`.
  public init(environment: [String: String]) {
    self.init(extraCAFile: environment["SSL_CERT_FILE"])
  }

  public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    guard Self.initialized else { throw TransportError(.unavailable, "libcurl could not be initialized") }
    let direct = try CurlURLCheck.check(request.url)
    let caBundle = try extraCAFile.map { file throws(TransportError) in try Self.bundle(adding: file) }
    guard let handle = curl_easy_init() else { throw TransportError(.unavailable, "libcurl has no handle to give") }
    defer { curl_easy_cleanup(handle) }
    let collector = CurlCollector(limit: maximumResponseSize)
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    defer { errorBuffer.deallocate() }
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headerList) }
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
    let code = withExtendedLifetime(collector) { curl_easy_perform(handle) }
    guard code == CURLE_OK else {
      let detail = String(cString: errorBuffer)
      throw CurlErrors.error(
        code, detail: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail,
        overflowed: collector.overflowed, limit: maximumResponseSize, timeout: request.timeout)
    }
    var status = 0
    if dodo_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK || status < 100 {
      throw TransportError(.connection, "no HTTP status in the answer")
    }
    return HTTPResponse(status: status, headers: collector.headers, body: collector.body)
  }

  /// curl_global_init, once per process (thread-safe: a global is initialized once).
  private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  private static func milliseconds(_ seconds: Double) -> Int {
    Int(max(1, min(seconds, 86_400)) * 1000)
  }

  /// libcurl's own CA bundle followed by `file`, as one PEM blob: the system's CAs and the
  /// extra ones together (CURLOPT_CAINFO_BLOB replaces the bundle; the CA directory stays).
  static func bundle(adding file: String) throws(TransportError) -> [UInt8] {
    let limit = 16 * 1024 * 1024
    var bytes: [UInt8] = []
    if let system = dodo_curl_default_cainfo().map({ String(cString: $0) }),
      let read = try? SmallFile.read(system, limit: limit)
    {
      bytes = read.bytes + [UInt8(ascii: "\n")]
    }
    let extra: (bytes: [UInt8], status: Syscalls.FileStatus)?
    do throws(PlatformError) { extra = try SmallFile.read(file, limit: limit) } catch {
      throw TransportError(.tls, "cannot read $SSL_CERT_FILE (\(file)): \(error)")
    }
    guard let extra else { throw TransportError(.tls, "cannot read $SSL_CERT_FILE (\(file)): no such file") }
    return bytes + extra.bytes
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
