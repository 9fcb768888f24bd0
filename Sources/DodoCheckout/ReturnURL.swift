import DodoBytes

/// The URL a checkout comes back to: an absolute URL with a non-empty scheme and host.
///
/// `myapp://checkout/return`, `https://myapp.com/checkout/return` and
/// `http://127.0.0.1:53682/return` are return URLs; `not-a-url`, `myapp:/x`, `myapp:x` and
/// `myapp://` are not.
package struct ReturnURL: Sendable, Hashable, CustomStringConvertible {
  /// The URL as given.
  package let string: String
  /// The scheme, lower-cased.
  package let scheme: String
  /// The host, lower-cased (an IP literal keeps its brackets).
  package let host: String
  /// The percent-decoded path with trailing slashes dropped; `/` for an empty path.
  package let normalizedPath: String
  /// The explicit port, when there is one.
  package let port: Int?

  /// The percent-decoded path bytes with trailing slashes dropped (`/` for an empty path):
  /// what `matches` compares, byte for byte. `normalizedPath` is the same as text, where
  /// bytes that are not UTF-8 read as U+FFFD.
  let decodedPath: [UInt8]
  /// The parameters of this URL's own query (a backend's per-run `state=…`), decoded: a
  /// return over loopback must carry each with the same value (`isEchoed(by:)`).
  let ownParameters: [EchoedParameter]

  package init(_ string: String) throws(CheckoutError) {
    var text = string
    let read = text.withBytes { bytes in
      Result { () throws(CheckoutError) in
        let parts: URLParts
        do throws(URLSyntaxError) { parts = try URLReader.read(bytes) } catch {
          throw .invalidURL(error, kind: .returnURL)
        }
        guard let authority = parts.authority, !authority.host.isEmpty else {
          throw .invalidReturnUrl("it must be an absolute URL with a scheme and a host, like 'myapp://checkout/return'")
        }
        let port = authority.port.flatMap {
          $0.isEmpty ? nil : $0.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
        }
        let own = ReturnQuery(returnURL: bytes, parts).parameters.map(EchoedParameter.init)
        return (
          Self.lowercased(bytes, parts.scheme), Self.lowercased(bytes, authority.host),
          Self.normalizedPath(bytes, parts.path), port, own
        )
      }
    }
    let (scheme, host, path, port, own) = try read.get()
    self.string = string
    self.scheme = scheme
    self.host = host
    self.decodedPath = path
    self.normalizedPath = String(decoding: path, as: UTF8.self)
    self.port = port
    self.ownParameters = own
  }

  package var description: String { string }

  /// Whether `url` comes back to this return URL: same scheme and host (ignoring case) and
  /// the same normalized path; query, fragment, port and userinfo are ignored, so whatever
  /// they hold (even text that is not URL text, such as `note=100%`) does not matter. Text
  /// that is not a URL up to its query matches nothing.
  package func matches(_ url: String) -> Bool {
    var url = url
    return url.withBytes { bytes in
      guard let parts = try? URLReader.read(bytes, checking: .beforeQuery) else { return false }
      return matches(bytes, parts)
    }
  }

  private func matches(_ bytes: ByteView, _ parts: URLParts) -> Bool {
    guard let authority = parts.authority else { return false }
    return Self.equalsIgnoringCase(scheme, bytes, parts.scheme)
      && Self.equalsIgnoringCase(host, bytes, authority.host)
      && Self.path(bytes, parts.path, normalizesTo: decodedPath)
  }

  /// Reads `url` once: `nil` when it does not come back here (`matches(_:)`), else what it
  /// says and whether it echoes this return URL's own parameters (`isEchoed(by:)`).
  package func reading(_ url: String) -> IncomingReturn? {
    var url = url
    return url.withBytes { bytes in
      guard let parts = try? URLReader.read(bytes, checking: .beforeQuery), matches(bytes, parts) else { return nil }
      let query = ReturnQuery(returnURL: bytes, parts)
      return IncomingReturn(result: query.result, unreadablePart: query.unreadablePart, isEchoed: echoes(query))
    }
  }

  /// The names of the parameters this return URL carries itself (`["state"]` for
  /// `http://127.0.0.1:PORT/return?state=…`): a return over loopback must echo them.
  package var ownParameterNames: [String] { ownParameters.map(\.name) }

  /// Whether `url` carries every parameter of this return URL's own query with the same
  /// value (the last one given, as the result reads it). The values are compared in time
  /// that does not depend on where they differ: they are a secret the caller must prove it knows.
  package func isEchoed(by url: String) -> Bool {
    var url = url
    return url.withBytes { bytes in
      guard let parts = try? URLReader.read(bytes, checking: .beforeQuery) else { return ownParameters.isEmpty }
      return echoes(ReturnQuery(returnURL: bytes, parts))
    }
  }

  private func echoes(_ query: ReturnQuery) -> Bool {
    var echoed = true
    for own in ownParameters {
      guard let given = query.parameters.last(where: { $0.name.decoded == own.name }) else { return false }
      echoed = given.value.withDecodedBytes { Self.equalInConstantTime(own.value, $0) } && echoed
    }
    return echoed
  }

  /// Whether `given` equals `secret`, looking at every byte of `secret` whatever they hold.
  static func equalInConstantTime(_ secret: [UInt8], _ given: ByteView) -> Bool {
    var difference: UInt8 = secret.count == given.count ? 0 : 1
    for i in 0..<secret.count { difference |= secret[i] ^ (i < given.count ? given[i] : ~secret[i]) }
    return difference == 0
  }

  /// The address `dodo start` listens on itself: `http` on `127.0.0.1`, `[::1]` or
  /// `localhost` with an explicit port; `nil` for any other return URL.
  /// Port 0 is no address a browser can be sent back to, so it is not one either.
  package var loopback: LoopbackAddress? {
    guard scheme == "http", let port, port != 0, let address = loopbackHost else { return nil }
    return LoopbackAddress(host: address, port: port)
  }

  /// An `http` return URL on a loopback host with no port, or port 0: there is no port for
  /// `dodo start` to listen on, and a browser sent there reaches port 80 or nothing.
  package var lacksLoopbackPort: Bool { scheme == "http" && loopbackHost != nil && (port ?? 0) == 0 }

  /// The return URL a checkout waits for: valid (spec 1.2), and a loopback one with a port to
  /// listen on (see `lacksLoopbackPort`: without one the checkout would wait forever). The
  /// flow, `dodo start`, `dodo validate` and the library all check it here, so they agree.
  package static func forCheckout(_ string: String) throws(CheckoutError) -> ReturnURL {
    let url = try ReturnURL(string)
    if url.lacksLoopbackPort {
      throw .invalidReturnUrl(
        "a loopback return URL needs a port for dodo start to listen on (http://127.0.0.1:PORT/…, not 0); put it in the checkout session's return_url"
      )
    }
    return url
  }

  /// The address to listen on for a loopback host (`[::1]` without its brackets), else `nil`.
  private var loopbackHost: String? {
    switch host {
    case "127.0.0.1", "localhost": host
    case "[::1]": "::1"
    default: nil
    }
  }

  /// The part of the URL that is safe to show in logs and events: no query, no fragment.
  package var redacted: String { "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(normalizedPath)" }

  static func equalsIgnoringCase(_ text: String, _ bytes: ByteView, _ range: Range<Int>) -> Bool {
    var text = text
    return text.withBytes { $0.equalsIgnoringCase(bytes.view(range)) }
  }

  /// The ASCII letters made small (`ByteView.asciiLowercased`, which makes no generic
  /// look-up at run time: see docs/benchmarks.md).
  static func lowercased(_ bytes: ByteView, _ range: Range<Int>) -> String {
    bytes.view(range).asciiLowercased
  }

  /// Percent-decodes a path, reads an empty one as `/` and drops trailing slashes (`/` stays `/`).
  static func normalizedPath(_ bytes: ByteView, _ range: Range<Int>) -> [UInt8] {
    var decoded = PercentDecoding.bytes(bytes.view(range))
    while decoded.last == UInt8(ascii: "/") { decoded.removeLast() }
    return decoded.isEmpty ? [UInt8(ascii: "/")] : decoded
  }

  /// Whether the path `bytes[range]` normalizes (as `normalizedPath`) to `normalized`, without
  /// allocating: its decoded bytes are `normalized` followed only by slashes, or, for the root
  /// `/`, nothing but slashes.
  static func path(_ bytes: ByteView, _ range: Range<Int>, normalizesTo normalized: [UInt8]) -> Bool {
    let slash = UInt8(ascii: "/")
    var decoded = PercentDecodedBytes(bytes, range)
    let expected = normalized.count == 1 && normalized[0] == slash ? 0 : normalized.count
    var matched = 0
    while let c = decoded.next() {
      if matched < expected {
        guard c == normalized[matched] else { return false }
        matched += 1
      } else if c != slash {
        return false
      }
    }
    return matched == expected
  }
}

/// An incoming URL that came back to the return URL, read once.
package struct IncomingReturn: Sendable, Hashable {
  /// The result it carries (spec 1.4).
  package var result: CheckoutResult
  /// What of its query or fragment is not URL text, as `ReturnQuery.unreadablePart` says.
  package var unreadablePart: String?
  /// Whether it carries the return URL's own parameters with their values (`ReturnURL.isEchoed(by:)`).
  package var isEchoed: Bool
}

/// A parameter of a return URL's own query: its name, and its value as bytes to compare.
struct EchoedParameter: Sendable, Hashable {
  let name: String
  let value: [UInt8]

  init(_ parameter: ReturnQuery.Parameter) {
    name = parameter.name.decoded
    value = parameter.value.withDecodedBytes { Array($0) }
  }
}

/// A loopback address and port that `dodo start` serves the return URL on.
package struct LoopbackAddress: Sendable, Hashable {
  /// `127.0.0.1`, `::1` or `localhost`.
  package var host: String
  package var port: Int

  package init(host: String, port: Int) {
    self.host = host
    self.port = port
  }
}
