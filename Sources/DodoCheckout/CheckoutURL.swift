import DodoBytes

/// A Dodo Payments hosted-checkout URL that passed the contract's checks.
///
/// `https` on `checkout.dodopayments.com` (live) or `test.checkout.dodopayments.com` (test),
/// with a percent-decoded path under `/session/`. Stricter than the iOS SDK on purpose: a URL
/// with userinfo or a port other than 443 was never issued by Dodo, and is refused.
package struct CheckoutURL: Sendable, Hashable, CustomStringConvertible {
  /// The URL as given.
  package let string: String
  /// The checkout session id (`cks_…`): the path segment after `session`; `nil` when there is
  /// none, in which case no abandoned session is recorded.
  package let sessionId: String?
  /// Whether the URL is on the test host; test or live mode is read from the host only.
  package let isTestMode: Bool

  /// The longest session id accepted, in UTF-8 bytes. Dodo's ids are a few dozen bytes; the
  /// bound lets the abandoned-session store size its record for any id that passed here
  /// (`start` writes it and `abandoned show` must read it back), so the store never meets
  /// one it cannot keep.
  package static let maximumSessionIdBytes = 1024

  package init(_ string: String) throws(CheckoutError) {
    var text = string
    let read = text.withBytes { bytes in
      Result { () throws(CheckoutError) in
        let parts: URLParts
        do throws(URLSyntaxError) { parts = try URLReader.read(bytes) } catch {
          throw .invalidURL(error, kind: .checkout)
        }
        guard bytes.view(parts.scheme).equalsIgnoringCase("https") else {
          throw .invalidCheckoutUrl("the scheme must be https")
        }
        guard let authority = parts.authority else {
          throw .invalidCheckoutUrl("it must start with https://checkout.dodopayments.com/session/")
        }
        guard authority.userinfo == nil else {
          throw .invalidCheckoutUrl("it must not carry a user name or password ('user@')")
        }
        let host = ByteView(rebasing: bytes[authority.host])
        let isTest: Bool
        if host.equalsIgnoringCase("checkout.dodopayments.com") {
          isTest = false
        } else if host.equalsIgnoringCase("test.checkout.dodopayments.com") {
          isTest = true
        } else {
          throw .invalidCheckoutUrl(
            "the host must be checkout.dodopayments.com or test.checkout.dodopayments.com, not '\(String(decoding: host, as: UTF8.self))'"
          )
        }
        if let port = authority.port, !port.isEmpty, Self.portNumber(bytes, port) != 443 {
          throw .invalidCheckoutUrl(
            "the port must be 443 (or none), not \(String(decoding: ByteView(rebasing: bytes[port]), as: UTF8.self))"
          )
        }
        let path = PercentDecoding.string(bytes.view(parts.path))
        guard path.utf8.starts(with: "/session/".utf8) else {
          throw .invalidCheckoutUrl("the path must start with /session/ (a checkout session URL)")
        }
        // The session id is printed and stored: one that decodes to a control character (an
        // escape sequence for the terminal, say) was never issued by Dodo.
        guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
          throw .invalidCheckoutUrl("the path decodes to a control character")
        }
        let rest = path.utf8.dropFirst(9)
        let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        guard rest[..<end].count <= Self.maximumSessionIdBytes else {
          throw .invalidCheckoutUrl(
            "the session id is longer than \(Self.maximumSessionIdBytes) bytes; Dodo's are a few dozen")
        }
        let sessionId = end == rest.startIndex ? nil : String(Substring(rest[..<end]))
        return (sessionId, isTest)
      }
    }
    let (sessionId, isTestMode) = try read.get()
    self.string = string
    self.sessionId = sessionId
    self.isTestMode = isTestMode
  }

  package var description: String { string }

  private static func portNumber(_ bytes: ByteView, _ range: Range<Int>) -> Int {
    range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
  }
}

extension CheckoutURL {
  /// The URL as the `checkout.opened` event of `dodo start --events json` names it: events
  /// never carry a query string (spec §1.6), and a checkout URL needs none to open.
  package var withoutQuery: String {
    String(string.prefix { $0 != "?" && $0 != "#" })
  }
}
