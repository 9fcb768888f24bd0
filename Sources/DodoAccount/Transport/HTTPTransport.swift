/// The one way the account side reaches the network: an HTTP exchange handed to a transport.
///
/// `DodoAccount` builds requests and reads responses but never opens a socket itself, so the
/// same code runs against Dodo's API, a fake API in tests, or an in-memory transport. The
/// `dodo` executable's transport runs a helper program that speaks HTTPS through libcurl (so
/// that `dodo` itself stays a static executable with no start-up cost for the network); a
/// Swift program may link a transport in-process.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the answer, whatever its status; throws only when no
  /// answer came (no connection, a TLS failure, a timeout).
  func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse
}

/// A header as it goes on the wire: the name as given, the value as given.
public struct HTTPHeader: Sendable, Hashable {
  /// The name as given (`webhook-id`); compare it ignoring case.
  public var name: String
  /// The value as given.
  public var value: String

  /// The header `name: value`.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// One HTTP request. Headers keep their order and case: a webhook is forwarded with the
/// headers it came with.
public struct HTTPRequest: Sendable, Hashable {
  public enum Method: String, Sendable, Hashable {
    case get = "GET"
    case post = "POST"
  }

  public var method: Method
  /// An absolute `https://` URL (or `http://` to a loopback host).
  public var url: String
  public var headers: [HTTPHeader]
  public var body: [UInt8]
  /// The whole exchange's limit, in seconds (connecting included).
  public var timeout: Double
  /// The connect phase's limit, in seconds.
  public var connectTimeout: Double

  public init(
    method: Method, url: String, headers: [HTTPHeader] = [], body: [UInt8] = [], timeout: Double = 30,
    connectTimeout: Double = 10
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.connectTimeout = connectTimeout
  }
}

/// An HTTP answer, whatever its status.
public struct HTTPResponse: Sendable, Hashable {
  public var status: Int
  public var headers: [HTTPHeader]
  public var body: [UInt8]

  public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The first header named `name`, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// Why no answer came.
public struct TransportError: Error, Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// No connection could be made (refused, DNS, unreachable).
    case connection
    /// The TLS handshake or the certificate check failed.
    case tls
    /// The connect or whole-request limit ran out.
    case timedOut
    /// The transport itself could not run (the helper program is missing or broke).
    case unavailable
  }

  public var kind: Kind
  /// What went wrong, for a person; never carries a secret.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}
