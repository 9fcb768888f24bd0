import DodoBytes
import Testing

@testable import DodoCheckout

/// The internal URL reader: where it finds the parts, and that its eight-bytes-at-a-time
/// character check finds every bad character wherever it sits in a block.
@Suite struct URLReaderTests {
  static func read(_ text: String) throws(URLSyntaxError) -> URLParts {
    var text = text
    let result = text.withBytes { bytes in Result { () throws(URLSyntaxError) in try URLReader.read(bytes) } }
    return try result.get()
  }

  static func slice(_ text: String, _ range: Range<Int>?) -> String? {
    range.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
  }

  @Test(
    arguments: [
      ("myapp://checkout/return", "myapp", nil, "checkout", nil, "/return", nil, nil),
      ("https://u:p@h.com:443/a/b?q=1&r#f", "https", "u:p", "h.com", "443", "/a/b", "q=1&r", "f"),
      ("x://a@b@c/", "x", "a@b", "c", nil, "/", nil, nil),
      ("x://h:/p", "x", nil, "h", "", "/p", nil, nil),
      ("x://[::1]:8/p", "x", nil, "[::1]", "8", "/p", nil, nil),
      ("x://h?#", "x", nil, "h", nil, "", "", ""),
      ("x://h#a?b", "x", nil, "h", nil, "", nil, "a?b"),
      ("x://h?a#b#c", "x", nil, "h", nil, "", "a", "b#c"),
      ("x://", "x", nil, "", nil, "", nil, nil),
    ] as [(String, String, String?, String, String?, String, String?, String?)])
  func parts(
    _ text: String, scheme: String, userinfo: String?, host: String, port: String?, path: String, query: String?,
    fragment: String?
  ) throws {
    let parts = try Self.read(text)
    #expect(Self.slice(text, parts.scheme) == scheme)
    #expect(Self.slice(text, parts.authority?.userinfo) == userinfo)
    #expect(Self.slice(text, parts.authority?.host) == host)
    #expect(Self.slice(text, parts.authority?.port) == port)
    #expect(Self.slice(text, parts.path) == path)
    #expect(Self.slice(text, parts.query) == query)
    #expect(Self.slice(text, parts.fragment) == fragment)
  }

  @Test(arguments: ["myapp:/x", "myapp:x", "myapp:", "a:?//h"])
  func noAuthority(_ text: String) throws {
    #expect(try Self.read(text).authority == nil)
  }

  /// Each bad character, at every offset of a text that spans several 8-byte blocks, is
  /// found at its own position.
  @Test(arguments: [
    (EscapedText(" "), URLSyntaxError.space(at: 0)),
    (EscapedText("\t"), .controlCharacter(at: 0)),
    (EscapedText("\u{0}"), .controlCharacter(at: 0)),
    (EscapedText("\u{1F}"), .controlCharacter(at: 0)),
    (EscapedText("\u{7F}"), .controlCharacter(at: 0)),
    (EscapedText("\u{80}"), .controlCharacter(at: 0)),
    (EscapedText("\u{9F}"), .controlCharacter(at: 0)),
    (EscapedText("%"), .malformedEscape(at: 0)),
    (EscapedText("%g"), .malformedEscape(at: 0)),
  ])
  func badCharacterAtEveryOffset(_ escaped: EscapedText, error: URLSyntaxError) {
    let bad = escaped.text
    let plain = Array("myapp://checkout/return?status=ok&payment_id=x".utf8)
    for offset in 8..<plain.count {
      var text = plain
      text.replaceSubrange(offset..<(offset + 1), with: bad.utf8)
      if bad.hasPrefix("%") { text.insert(contentsOf: "zz".utf8, at: offset + bad.utf8.count) }
      let expected: URLSyntaxError =
        switch error {
        case .space: .space(at: offset)
        case .controlCharacter: .controlCharacter(at: offset)
        default: .malformedEscape(at: offset)
        }
      #expect(throws: expected, "offset \(offset)") {
        _ = try text.withBytes { bytes in try URLReader.read(bytes) }
      }
    }
  }

  /// Escapes and non-ASCII text that is not C1 pass, wherever they sit.
  @Test func plainAndEscapedTextPasses() throws {
    let text = "myapp://checkout/caf%C3%A9/é€😀/\u{A0}/\u{2028}?a=%20%2B&b=ü#%FF"
    for cut in 0..<10 {
      let shifted = String(repeating: "a", count: cut) + text
      _ = try Self.read(shifted)
    }
  }

  /// A lone `%` near the end of a block, and escapes cut by the end of the text.
  @Test(arguments: 0..<17)
  func truncatedEscapeAtTheEnd(_ length: Int) {
    let base = String(repeating: "a", count: length)
    #expect(throws: URLSyntaxError.malformedEscape(at: length + 4)) { try Self.read("x://" + base + "%") }
    #expect(throws: URLSyntaxError.malformedEscape(at: length + 4)) { try Self.read("x://" + base + "%4") }
    #expect(throws: Never.self) { try Self.read("x://" + base + "%41") }
  }
}
