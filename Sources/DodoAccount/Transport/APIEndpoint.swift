import DodoCheckout

extension HTTPRequest {
  /// A request to Dodo's API: `path` (such as `/checkouts`) under `baseURL`, with the key as
  /// `Authorization: Bearer …`, JSON in and out. The key travels only in this header.
  public static func api(
    _ method: Method, _ path: String, baseURL: String, apiKey: String, body: [UInt8]? = nil, timeout: Double = 30
  ) -> HTTPRequest {
    var base = Substring(baseURL)
    while base.hasSuffix("/") { base = base.dropLast() }
    var headers = [
      HTTPHeader("Authorization", "Bearer \(apiKey)"), HTTPHeader("Accept", "application/json"),
      HTTPHeader("User-Agent", "dodo-cli"),
    ]
    if body != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
    return HTTPRequest(method: method, url: base + path, headers: headers, body: body ?? [], timeout: timeout)
  }
}
