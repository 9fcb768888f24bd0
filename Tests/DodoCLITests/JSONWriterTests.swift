import DodoBytes
import DodoCheckout
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
}
