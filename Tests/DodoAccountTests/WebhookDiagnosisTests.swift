import DodoAccount
import DodoTestSupport
import Testing

/// On a mismatch, the verifier names the accident to the body that explains it.
@Suite struct WebhookDiagnosisTests {
  let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

  /// Signs `original`, delivers `received`, and returns the accident diagnosed.
  func accident(signed original: String, received: String) throws -> BodyAccident? {
    let signer = WebhookSigner(secret: try WebhookSecret(secret))
    let signature = signer.signature(id: "msg_1", timestamp: "1700000000", body: Array(original.utf8))
    let delivery = WebhookDelivery(
      id: "msg_1", timestamp: "1700000000", signature: signature, body: Array(received.utf8))
    let verdict = WebhookVerifier(secretText: secret).verify(delivery, now: 1_700_000_000)
    guard case .signatureMismatch(let accident) = verdict.problems.first, verdict.problems.count == 1 else {
      Issue.record("expected one mismatch, got \(verdict.problems)")
      return nil
    }
    return accident
  }

  @Test func aTrailingNewlineAdded() throws {
    #expect(try accident(signed: #"{"a":1}"#, received: "{\"a\":1}\n") == .trailingNewlineAdded)
    #expect(try accident(signed: #"{"a":1}"#, received: "{\"a\":1}\r\n") == .trailingNewlineAdded)
  }

  @Test func aTrailingNewlineRemoved() throws {
    #expect(try accident(signed: "{\"a\":1}\n", received: #"{"a":1}"#) == .trailingNewlineRemoved)
  }

  @Test func lineEndsChangedBothWays() throws {
    #expect(
      try accident(signed: "{\n\"a\": 1,\n\"b\": 2}", received: "{\r\n\"a\": 1,\r\n\"b\": 2}") == .lineEndsChangedToCRLF
    )
    #expect(
      try accident(signed: "{\r\n\"a\": 1,\r\n\"b\": 2}", received: "{\n\"a\": 1,\n\"b\": 2}") == .lineEndsChangedToLF)
  }

  @Test func jsonReserializedCompactly() throws {
    // Signed as Python writes JSON, received as JavaScript writes it.
    let signed = #"{"type": "payment.succeeded", "data": {"amount": 1999, "tags": [1, 2]}}"#
    let received = #"{"type":"payment.succeeded","data":{"amount":1999,"tags":[1,2]}}"#
    #expect(try accident(signed: signed, received: received) == .jsonReserializedCompactly)
  }

  @Test func jsonReserializedWithSpaces() throws {
    let signed = #"{"type":"payment.succeeded","data":{"amount":1999}}"#
    #expect(
      try accident(signed: signed, received: #"{"type": "payment.succeeded", "data": {"amount": 1999}}"#)
        == .jsonReserializedWithSpaces)
    #expect(
      try accident(
        signed: signed, received: "{\n  \"type\": \"payment.succeeded\",\n  \"data\": {\n    \"amount\": 1999\n  }\n}")
        == .jsonReserializedWithSpaces)
  }

  @Test func aWrongSecretIsNoAccident() throws {
    #expect(try accident(signed: #"{"a":2}"#, received: #"{"a":1}"#) == nil)
  }

  @Test func theMessageSaysWhatToDo() {
    #expect(
      WebhookProblem.signatureMismatch(accident: .trailingNewlineAdded).message
        == "the signature does not match: the body was changed after signing: a trailing newline was added — verify the raw bytes"
    )
  }
}

@Suite struct JSONValueTests {
  @Test func reformattingKeepsKeyOrderAndNumbers() throws {
    let value = try #require(JSONValue(parsing: Array(#"{"z": 1.50, "a": [true, null, "x\"\n"], "m": {}}"#.utf8)))
    #expect(
      String(decoding: value.serialized(.compact), as: UTF8.self) == #"{"z":1.50,"a":[true,null,"x\"\n"],"m":{}}"#)
    #expect(
      String(decoding: value.serialized(.spaced), as: UTF8.self) == #"{"z": 1.50, "a": [true, null, "x\"\n"], "m": {}}"#
    )
    expectSameText(
      String(decoding: value.serialized(.indented), as: UTF8.self),
      "{\n  \"z\": 1.50,\n  \"a\": [\n    true,\n    null,\n    \"x\\\"\\n\"\n  ],\n  \"m\": {}\n}")
  }

  @Test func notJSONIsRefused() {
    for text in ["", "{", "[1,]", "{\"a\" 1}", "01", "\"\\ud800\"", "nul", "1 2", "\"\u{1}\""] {
      #expect(JSONValue(parsing: Array(text.utf8)) == nil, "\(text)")
    }
    #expect(JSONValue(parsing: Array(String(repeating: "[", count: 10_000).utf8)) == nil)
    #expect(JSONValue(parsing: [0xFF]) == nil)
  }

  @Test func escapesAreDecoded() throws {
    let value = try #require(JSONValue(parsing: Array(#""\u00e9\ud83d\ude00\/""#.utf8)))
    #expect(value == .string("é😀/"))
  }
}
