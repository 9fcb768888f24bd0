import DodoBytes
import DodoCheckout
import Foundation
import Testing

@testable import DodoCLI

/// `explain-status`'s two writers (`ExplainJSON`, `ExplainText`) write each reading in place,
/// with literals, blocks made once and texts copied as they stand. Here every status, every
/// set of warnings and every kind of text is written both by them and by the general path:
/// the reading made into strings (`ReturnInput.read(_: String)`), laid out by `JSONWriter`
/// and `ExplainText.field`, escaped by `TerminalText`. The two must agree byte for byte, also
/// where the output buffer runs out of room at every byte of a line.
@Suite struct ExplainWriterTests {
  /// Inputs of every status, every warning and every kind of text.
  static let inputs: [String] = {
    let statuses: [String?] = [
      "succeeded", "SUCCEEDED", "active", "failed", "expired", "cancelled", "processing", "requires_customer_action",
      "requires_payment_method", "requires_x", "", nil, "weird", "pay_123", "PAY%5F1", "succ%65eded", "%E2%80%AE",
    ]
    let ids = ["", "&payment_id=pay_1", "&subscription_id=sub_1", "&payment_id=pay%5F2&subscription_id=sub_2"]
    let extras = [
      "", "&email=customer1%40example.com", "&email=caf\u{E9}@x.com", "&license_key=A&license_key=&license_key=B%20C",
      "&q=%22x%22%5C&nl=%0A&ctl=%01&tab=\t", "&bad=%FF%FE&esc=%1b[31m&bidi=\u{202E}&ls=%E2%80%A8",
      "&k=" + String(repeating: "x", count: 70), "&a=" + String(repeating: "y", count: 57) + "&b=z",
      "&a=" + String(repeating: "y", count: 58) + "&b=z",
      "&license_key=" + String(repeating: "L", count: 58) + "&license_key=K",
      "&caf%C3%A9=1&cafe%CC%81=2&K=1&%E2%84%AA=2&st%61tus=again", "&w=two%20%20spaces&e=&=v&flag",
      "&email=a%40b.com&x=" + String(repeating: "%41", count: 30),
      "&" + (1...12).map { "p\($0)=\($0)" }.joined(separator: "&"),
    ]
    let forms = ["myapp://checkout/return?", "https://checkout.dodopayments.com/x?", "myapp.com/return?", ""]
    let wrappings = [("", ""), ("<", ">"), ("\"", "\""), ("'<", ">'")]
    var inputs: [String] = []
    for (index, status) in statuses.enumerated() {
      for id in ids {
        for (f, form) in forms.enumerated() {
          for (w, wrapping) in wrappings.enumerated() {
            for variant in 0..<4 {
              let extra = extras[(index + f + w + variant) % extras.count]
              var query = (status.map { "status=\($0)" } ?? "x=1") + id + extra
              if variant & 1 == 1 { query = query.replacingOccurrences(of: "&", with: "&amp;") }
              if variant & 2 == 2 { query += "&note=a space" }
              inputs.append(wrapping.0 + form + query + wrapping.1)
            }
          }
        }
      }
      if let status, !status.isEmpty { inputs.append(status) }
    }
    return inputs + growingInputs + [
      "not a url", "has space?status=ok", "ctrl\u{01}char", "caf\u{E9}", "myapp:///p?status=succeeded", "myapp://r",
      "myapp://r?status=active&subscription_id=sub_1&license_key=A&license_key=&license_key=B&email=a+b%40x.com",
      "myapp://r?q=%22quoted%22%5C&nl=%0A&ctl=%01&utf=caf%C3%A9&bad=%FF%FE&name%3D=v%26",
      "myapp://r?status=&payment_id=&email=", "myapp://r?caf%C3%A9=1&cafe%CC%81=2&K=1&%E2%84%AA=2",
      "myapp://r?status=succeeded&payment_id=pay_1&email=a+b%40x.com&q=%22x%22",
      // Names of a field's length, sharing its first or its last bytes: `Other:`'s parameters.
      "myapp://r?statux=1&xtatus=2&emaix=3&xmail=4&payment_ix=5&xayment_id=6&license_kex=7&xicense_key=8"
        + "&subscription_ix=9&xubscription_id=10&payment_id=pay_1",
    ]
  }()

  /// Inputs whose texts grow the most when written: each byte six (`\u0001`), each escape two.
  static let growingInputs = [
    "myapp://r?status=succeeded&c=" + String(repeating: "%01", count: 40) + "&e=" + String(repeating: "%FF", count: 40)
      + "&q=" + String(repeating: "%22", count: 40) + "&email=" + String(repeating: "%1F", count: 40),
    "status=" + String(repeating: "%01", count: 40),
  ]

  /// What the decoder writes for `input` as the only input, in JSON or text.
  private func written(_ input: String, json: Bool, redact: Bool = false, color: Bool = false, room: Int? = nil)
    -> String
  {
    let decoder = ExplainDecoder(json: json, redact: redact, style: TextStyle(enabled: color), summary: false)
    // Room for only `room` bytes before the buffer (4,096 bytes at first) has to grow.
    let filler = [UInt8](repeating: 0x2E, count: room.map { 4096 - $0 } ?? 0)
    filler.withBytes { decoder.output.append($0) }
    var line = Array(input.utf8)
    line.withBytes { decoder.line($0) }
    return String(decoding: decoder.output.bytes.dropFirst(filler.count), as: UTF8.self)
  }

  /// The input as the writers see it: repaired, and redacted when asked.
  private func shown(_ input: String, redact: Bool) -> String {
    var text = input.trimmingCharacters(in: .init(charactersIn: " \t"))
    if redact {
      text = text.withBytes { InputRedaction.redacted($0).map { String(decoding: $0, as: UTF8.self) } } ?? text
    }
    return text
  }

  /// The JSON line of the general path.
  private func generalJSON(_ input: String, redact: Bool = false) -> String {
    let text = shown(input, redact: redact)
    let writer = JSONWriter()
    writer.beginObject()
    writer.key("input")
    writer.string(text)
    do {
      let (result, warnings) = try ReturnInput.read(text)
      let rawStatus = result.parameters.first { $0.name == "status" }?.value
      let explanation = StatusExplanation.of(rawStatus).given(
        subscription: result.subscriptionId != nil, unconfirmed: warnings.contains(.unconfirmed))
      writer.key("result")
      writer.result(result)
      writer.key("rawStatus")
      writer.string(rawStatus)
      writer.key("meaning")
      writer.string(explanation.meaning)
      writer.key("nextStep")
      writer.string(explanation.nextStep)
      if !warnings.isEmpty {
        writer.key("warnings")
        writer.beginArray()
        for warning in warnings.texts { writer.string(warning) }
        writer.endArray()
      }
    } catch {
      writer.key("error")
      writer.error(code: error.code.rawValue, message: error.message)
    }
    writer.endObject()
    writer.newline()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The text block of the general path.
  private func generalText(_ input: String, redact: Bool = false, color: Bool = false) -> String {
    let text = shown(input, redact: redact)
    func sgr(_ code: String, _ text: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    let escaped = TerminalText.escaped
    var out = sgr("1", escaped(text)) + "\n"
    do {
      let (result, warnings) = try ReturnInput.read(text)
      let rawStatus = result.parameters.first { $0.name == "status" }?.value
      let explanation = StatusExplanation.of(rawStatus).given(
        subscription: result.subscriptionId != nil, unconfirmed: warnings.contains(.unconfirmed))
      let code = ["succeeded": "32", "failed": "31", "expired": "31"][result.status.rawValue] ?? "33"
      let reading = rawStatus.map { " (status=\(escaped($0)))" } ?? " (no status)"
      out += ExplainText.field("Result", sgr(code, result.status.rawValue + reading))
      out += warnings.texts.map { ExplainText.field("Warning", $0) }.joined()
      out += ExplainText.field("Meaning", explanation.meaning) + ExplainText.field("Next step", explanation.nextStep)
      if let id = result.paymentId { out += ExplainText.field("Payment", escaped(id)) }
      if let id = result.subscriptionId { out += ExplainText.field("Subscription", escaped(id)) }
      if let email = result.customerEmail { out += ExplainText.field("Email", escaped(email)) }
      if let keys = result.licenseKeys {
        out += ExplainText.field("License keys", keys.map(escaped).joined(separator: ", "))
      }
      let named = ["status", "payment_id", "subscription_id", "email", "license_key"]
      let other = result.parameters.filter { !named.contains($0.name) }.map {
        "\(escaped($0.name))=\(escaped($0.value))"
      }
      if !other.isEmpty { out += ExplainText.field("Other", other.joined(separator: " ")) }
    } catch {
      out += ExplainText.field("Error", sgr("31", "\(error.code.rawValue): \(escaped(error.message))"))
      out += ExplainText.field("Next step", StatusExplanation.undecodableNextStep.description)
    }
    return out
  }

  @Test("every status, warning and kind of text: the JSON of the general path")
  func json() {
    for input in Self.inputs {
      #expect(written(input, json: true) == generalJSON(input), "\(input.debugDescription)")
    }
  }

  @Test("every status, warning and kind of text: the text of the general path, with and without colour")
  func text() {
    for input in Self.inputs {
      #expect(written(input, json: false) == generalText(input), "\(input.debugDescription)")
      #expect(written(input, json: false, color: true) == generalText(input, color: true), "\(input.debugDescription)")
    }
  }

  @Test("redacted inputs: the general path's output of the redacted input")
  func redacted() {
    for input in Self.inputs where input.contains("email") || input.contains("license_key") {
      #expect(written(input, json: true, redact: true) == generalJSON(input, redact: true), "\(input.debugDescription)")
      #expect(
        written(input, json: false, redact: true) == generalText(input, redact: true), "\(input.debugDescription)")
    }
  }

  @Test("values that wrap, of every length and spacing, ASCII or not: the text of the general path")
  func wrapping() {
    let words = [
      "a", "bb", "ccc", "%20", "%20%20", "+", "x%3Dy", String(repeating: "w", count: 23), "caf%C3%A9", "%E6%BC%A2",
      "%EF%BC%85", "%1B%5B31m", "%09", "LK-1234-5678",
    ]
    var seed: UInt64 = 31
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    func value() -> String { (0..<next(9)).map { _ in words[next(words.count)] }.joined() }
    // Lines that end at every column around the width.
    for first in 40...75 {
      for second in 1...20 {
        let input =
          "myapp://r?o=" + String(repeating: "y", count: first) + "&p=" + String(repeating: "z", count: second)
          + "&q=x"
        #expect(written(input, json: false) == generalText(input), "\(input.debugDescription)")
      }
    }
    for _ in 0..<1500 {
      var query = "status=succeeded"
      for _ in 0..<next(5) {
        query += "&" + ["license_key", "o\(next(3))", "email", "payment_id"][next(4)] + "=" + value()
      }
      let input = "myapp://r?" + query
      #expect(written(input, json: false) == generalText(input), "\(input.debugDescription)")
      #expect(written(input, json: false, color: true) == generalText(input, color: true), "\(input.debugDescription)")
    }
  }

  @Test("the output buffer out of room at every byte of a line: the same line")
  func roomAtEveryByte() {
    let inputs = stride(from: 0, to: Self.inputs.count, by: 211).map { Self.inputs[$0] } + Self.growingInputs
    for input in inputs {
      for json in [true, false] {
        let expected = json ? generalJSON(input) : generalText(input)
        for room in 0...(expected.utf8.count + 8) {
          let line = written(input, json: json, room: room)
          if line != expected {
            Issue.record("\(input.debugDescription), json: \(json), room \(room)")
            break
          }
        }
      }
    }
  }

  @Test(
    "an input's echo: copied as it stands when its writer escapes nothing in it, at every offset of a word",
    arguments: [
      ("\"", false, true), ("\\", false, true), ("\u{7F}", true, false), ("\u{1F}", false, false),
      ("\t", false, false), (" ", true, false), ("~", true, true), ("é", false, false),
    ])
  func echo(_ byte: String, _ jsonPlain: Bool, _ textPlain: Bool) {
    for offset in 0..<17 {
      let input = String(repeating: "a", count: offset) + byte + String(repeating: "z", count: 16 - offset)
      var bytes = Array(input.utf8)
      let json = ByteBuffer(capacity: 1)
      let text = ByteBuffer(capacity: 1)
      bytes.withBytes { input in
        let jsonEcho = json.writing { ExplainJSON.writeInput(input, utf8: true, &$0) }
        let textEcho = text.writing {
          ExplainText.writeInput(input, first: true, utf8: true, TextStyle(enabled: false), &$0)
        }
        #expect((jsonEcho == .plain) == jsonPlain, "\(byte.debugDescription) at \(offset)")
        #expect((textEcho == .plain) == textPlain, "\(byte.debugDescription) at \(offset)")
      }
      let general = JSONWriter()
      general.string(input)
      #expect(
        String(decoding: json.bytes, as: UTF8.self) == #"{"input":"# + String(decoding: general.bytes, as: UTF8.self))
      #expect(String(decoding: text.bytes, as: UTF8.self) == TerminalText.escaped(input) + "\n")
    }
  }
}
