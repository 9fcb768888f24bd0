import CCurl
import DodoAccount

/// libcurl's error codes as the transport's kinds, and the URL rule the transport keeps.
enum CurlErrors {
  static let tlsCodes: [CURLcode] = [
    CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
    CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
    CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
    CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED,
  ]

  static func error(_ code: CURLcode, detail: String, overflowed: Bool, limit: Int, timeout: Double)
    -> TransportError
  {
    if overflowed || code == CURLE_FILESIZE_EXCEEDED {
      return TransportError(.connection, "the answer was larger than \(limit / 1024) KiB, so it was refused")
    }
    if code == CURLE_OPERATION_TIMEDOUT { return TransportError(.timedOut, detail) }
    if tlsCodes.contains(code) { return TransportError(.tls, detail) }
    return TransportError(.connection, detail)
  }
}

/// Only `https`, or `http` to a loopback host (a local test server), through libcurl's own
/// URL parser: the same reading of the URL as the request will get.
enum CurlURLCheck {
  /// Refuses a URL the transport does not speak to; returns whether the request must bypass
  /// any proxy: one would read plain http (the key in clear), and would answer for a loopback
  /// host, which only this machine can serve.
  @discardableResult
  static func check(_ url: String) throws(TransportError) -> Bool {
    guard let handle = curl_url() else { throw TransportError(.unavailable, "libcurl has no URL handle to give") }
    defer { curl_url_cleanup(handle) }
    guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else {
      throw TransportError(.connection, "not a URL libcurl can read: \(url)")
    }
    func part(_ which: CURLUPart) -> String? {
      var value: UnsafeMutablePointer<CChar>?
      guard curl_url_get(handle, which, &value, 0) == CURLUE_OK, let value else { return nil }
      defer { curl_free(value) }
      return String(cString: value)
    }
    let scheme = part(CURLUPART_SCHEME)?.lowercased()
    let host = part(CURLUPART_HOST)?.lowercased() ?? ""
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    let loopbackIPv4 = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    let loopback = host == "localhost" || host == "[::1]" || host == "::1" || loopbackIPv4
    if scheme == "https" { return loopback }
    guard scheme == "http", loopback else {
      throw TransportError(
        .connection, "refusing \(scheme ?? "a URL without a scheme"): only https (or http to a loopback host) is spoken"
      )
    }
    return true
  }
}
