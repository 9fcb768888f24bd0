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
///
/// A transport keeps its connections: its handles stay open between requests (one per thread
/// that sends at the same time), so a second request to the same host skips the TCP and TLS
/// handshakes, and goes over HTTP/2 when the server offers it.
public struct CurlTransport: HTTPTransport {
  /// A PEM file of CAs trusted besides the system's (`$SSL_CERT_FILE`).
  public var extraCAFile: String? { handles.extraCAFile }
  public var maximumResponseSize: Int
  private let handles: CurlHandles

  public init(extraCAFile: String?, maximumResponseSize: Int = HelperFrame.maximumSize - 64 * 1024) {
    handles = CurlHandles(extraCAFile: extraCAFile.flatMap { $0.isEmpty ? nil : $0 })
    self.maximumResponseSize = maximumResponseSize
  }

  /// The transport for an environment: its `SSL_CERT_FILE`.
  public init(environment: [String: String]) {
    self.init(extraCAFile: environment["SSL_CERT_FILE"])
  }

  public func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
    guard Self.initialized else { throw TransportError(.unavailable, "libcurl could not be initialized") }
    let direct = try CurlURLCheck.check(request.url)
    let caBundle = try handles.caBundle()
    let handle = try handles.take()
    defer { handles.put(handle) }
    let exchange = try CurlExchange(
      handle: handle, request: request, direct: direct, caBundle: caBundle, maximumResponseSize: maximumResponseSize)
    return try withExtendedLifetime(exchange) { exchange.result(curl_easy_perform(handle)) }.get()
  }

  /// curl_global_init, once per process (thread-safe: a global is initialized once).
  static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  /// libcurl's own CA bundle followed by `file`, as one PEM blob: the system's CAs and the
  /// extra ones together (CURLOPT_CAINFO_BLOB replaces the bundle; the CA directory stays).
  /// When libcurl has a CA directory (Debian's /etc/ssl/certs), `file` alone: the directory
  /// holds the system's CAs too, looked up by hash as a certificate needs one, where a bundle
  /// of every CA is parsed whole at each handshake (as long as the rest of a local request).
  static func bundle(adding file: String) throws(TransportError) -> [UInt8] {
    let limit = 16 * 1024 * 1024
    var bytes: [UInt8] = []
    let directory = dodo_curl_default_capath().map { String(cString: $0) }
    let systemInDirectory = directory.map { (try? Syscalls.lstat($0))?.isDirectory == true } ?? false
    if !systemInDirectory, let system = dodo_curl_default_cainfo().map({ String(cString: $0) }),
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
