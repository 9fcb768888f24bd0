import DodoCheckout
import Testing

/// Inputs that the fuzz target (Fuzz/FuzzURL.swift) or review turned up, replayed through the
/// public API with the target's invariants. A new finding goes into `inputs` (a line break
/// splits a return URL from an incoming URL, as in the target).
@Suite struct FuzzRegressionTests {
  static let inputs: [String] = [
    // Canonically equivalent or U+FFFD-alike paths matched each other (fixed in 7eaad62).
    "myapp://checkout/K\nmyapp://checkout/%E2%84%AA",
    "myapp://checkout/caf%C3%A9\nmyapp://checkout/cafe%CC%81",
    "myapp://checkout/%FF\nmyapp://checkout/%FE",
    // A path of `/` and a combining mark is one Character but two scalars: it starts with `/`.
    "myapp://x/\u{64F}d&email=",
    "myapp://x/%D9%8F/",
    // Escapes and bad bytes across the 8-byte blocks of the character check.
    "x://aaaaaaa%41aaaaaaa%4",
    "x://aaaaaaaa\u{85}",
    "x://aaaaaaa\u{C2}",
    // Queries that stress the reader: many names, many empty pieces, `=` and `%` everywhere.
    "myapp://h/?" + String(repeating: "&", count: 100) + "status=active",
    "myapp://h/?" + (0..<40).map { "n\($0 % 20)=\($0)" }.joined(separator: "&"),
    "myapp://h/?===&=%3D=&%3D==&status=%66ailed",
    "status=succeeded#?status=failed",
  ]

  @Test(arguments: inputs.map(EscapedText.init))
  func replay(_ escaped: EscapedText) {
    let input = escaped.text
    let lines = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    for text in [input] + lines {
      Self.checkURL(text)
    }
    if lines.count == 2, let returnURL = try? ReturnURL(lines[0]), let incoming = try? ReturnURL(lines[1]) {
      let same =
        returnURL.normalizedPathBytes == incoming.normalizedPathBytes
        && returnURL.scheme == incoming.scheme && returnURL.host == incoming.host
      #expect(returnURL.matches(lines[1]) == same)
      #expect(incoming.matches(lines[0]) == same)
    }
  }

  static func checkURL(_ text: String) {
    if let url = try? ReturnURL(text) {
      #expect(url.matches(text))
      #expect(url.matches(text + "/"))
      #expect(url.normalizedPath.utf8.first == UInt8(ascii: "/"))
      #expect(url.normalizedPath == "/" || url.normalizedPath.utf8.last != UInt8(ascii: "/"))
    }
    for result in [try? CheckoutResult(returnURL: text), try? CheckoutResult(query: text)].compactMap({ $0 }) {
      #expect(result.raw.count == result.parameters.count)
      #expect(result.status != .cancelled)
      #expect(result.status == CheckoutStatus(statusParameter: result.rawStatus))
      #expect(result.paymentId == result.raw["payment_id"].flatMap { $0.isEmpty ? nil : $0 })
      #expect(result.licenseKeys?.isEmpty != true)
    }
  }
}

extension ReturnURL {
  /// The normalized path as the bytes `matches` compares, read back from the percent-encoded
  /// form of the URL (the public `normalizedPath` text folds bytes that are not UTF-8).
  fileprivate var normalizedPathBytes: [UInt8] {
    let path = string.split(separator: "?", maxSplits: 1)[0].split(separator: "#", maxSplits: 1)[0]
    let afterAuthority = path.dropFirst(scheme.utf8.count + 3).drop { $0 != "/" }
    var bytes: [UInt8] = []
    var utf8 = Array(afterAuthority.utf8)[...]
    while let c = utf8.popFirst() {
      if c == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(c)
      }
    }
    while bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    return bytes.isEmpty ? [UInt8(ascii: "/")] : bytes
  }
}
