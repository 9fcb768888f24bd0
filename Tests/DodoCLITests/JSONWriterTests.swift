@_spi(Scanning) import DodoCheckout
import Testing

@testable import DodoCLI

@Suite("JSON output")
struct JSONWriterTests {
  private func json(_ build: (JSONWriter) -> Void) -> String {
    let writer = JSONWriter()
    build(writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test(
    "strings are escaped: quotes, backslashes, control characters; UTF-8 kept",
    arguments: [
      ("plain", #""plain""#),
      ("a\"b\\c", #""a\"b\\c""#),
      ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#),
      ("\u{01}\u{1F}", #""\u0001\u001f""#),
      ("café €", #""café €""#),
      ("0123456789abcdef\"0123456789abcdef", #""0123456789abcdef\"0123456789abcdef""#),
      ("", #""""#),
    ])
  func escaping(_ text: String, _ expected: String) {
    #expect(json { $0.string(text) } == expected)
  }

  @Test("null, a missing string and a cancelled result's reason are each separated once")
  func nulls() {
    #expect(
      json { json in
        json.beginArray()
        json.null()
        json.string(nil as String?)
        json.string("x")
        json.null()
        json.endArray()
      } == #"[null,null,"x",null]"#)
    #expect(
      json { $0.result(.cancelled(.timeout)) }
        == #"{"status":"cancelled","reason":"timeout","paymentId":null,"subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{}}"#
    )
  }

  @Test("a result: every key, null when absent, raw in first-appearance order")
  func resultObject() throws {
    let result = try CheckoutResult(returnURL: "myapp://r?status=succeeded&payment_id=pay_1&x=1&x=2")
    #expect(
      json { $0.result(result) }
        == #"{"status":"succeeded","paymentId":"pay_1","subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{"status":"succeeded","payment_id":"pay_1","x":"2"}}"#
    )
  }

  @Test("start's result ends with its warnings, [] when none")
  func resultWarnings() throws {
    let result = try CheckoutResult(returnURL: "myapp://r?status=succeeded")
    #expect(
      json { $0.result(result, warnings: []) }
        == #"{"status":"succeeded","paymentId":null,"subscriptionId":null,"licenseKeys":null,"customerEmail":null,"raw":{"status":"succeeded"},"warnings":[]}"#
    )
    #expect(json { $0.result(result, warnings: ["a \"b\"", "c"]) }.hasSuffix(#","warnings":["a \"b\"","c"]}"#))
  }

  @Test(
    "a reading in place gives the same JSON as its result",
    arguments: [
      "myapp://r?status=succeeded&payment_id=pay_1",
      "myapp://r?status=active&subscription_id=sub_1&license_key=A&license_key=&license_key=B&email=a+b%40x.com",
      "myapp://r?q=%22quoted%22%5C&nl=%0A&ctl=%01&utf=caf%C3%A9&bad=%FF%FE&name%3D=v%26",
      "myapp://r?status=&payment_id=&email=",
      "myapp://r?caf%C3%A9=1&cafe%CC%81=2&K=1&%E2%84%AA=2",
      "myapp://r",
    ])
  func readingMatchesResult(_ url: String) throws {
    var text = url
    let inPlace = try text.withUTF8 { bytes in
      try ReturnQuery.withReturnURL(bytes) { query in json { $0.result(query) } }
    }
    let result = try CheckoutResult(returnURL: url)
    #expect(inPlace == json { $0.result(result) })
  }

  @Test(
    "plain text: printable ASCII without quote or backslash, at every offset of a word",
    arguments: [
      ("\"", false), ("\\", false), ("\u{7F}", false), ("\u{1F}", false), ("\t", false), ("é", false), (" ", true),
      ("~", true),
    ])
  func plainText(_ byte: String, _ plain: Bool) {
    for offset in 0..<17 {
      var text = String(repeating: "a", count: offset) + byte + String(repeating: "z", count: 16 - offset)
      let isPlain = text.withUTF8 { JSONWriter.isPlain($0) }
      #expect(isPlain == plain, "\(byte.debugDescription) at \(offset)")
    }
  }

  @Test(
    "a plain URL's texts are copied as they are, and give the same JSON as when escaped",
    arguments: [
      "myapp://r?status=succeeded&payment_id=pay_1&email=a+b%40x.com&q=%22x%22",
      "myapp://r?status=active&license_key=A&license_key=B&name%3D=v%26",
    ])
  func plainURL(_ url: String) throws {
    var text = url
    let plain = try text.withUTF8 { bytes in
      #expect(JSONWriter.isPlain(bytes))
      return try ReturnQuery.withReturnURL(bytes) { query in json { $0.result(query, plainURL: true) } }
    }
    #expect(plain == json { $0.result(try! CheckoutResult(returnURL: url)) })
  }
}
