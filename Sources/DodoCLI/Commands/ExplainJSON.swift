import DodoBytes
import DodoCheckout

/// `explain-status --json`'s lines, written at a cursor:
///
///     {"input":…,"result":{…},"rawStatus":…,"meaning":…,"nextStep":…[,"warnings":[…]]}
///     {"input":…,"error":{"code":…,"message":…}}
///
/// `result` as `JSONWriter.result(_:)` lays it out; a writer of its own for speed: literals
/// copied whole, room made once for the input and once for the result, texts with nothing to
/// escape copied as they stand.
enum ExplainJSON {
  /// The room made beyond each text, for the literal that follows it up to the next text (at
  /// most `","result":{"status":"cancelled","paymentId":`), which is then copied without a
  /// check of its own.
  private static var literalRoom: Int { 48 }

  /// `{"input":"…"`: the input, echoed; `utf8`: it is known to be UTF-8 (else it is only
  /// echoed when ASCII).
  static func writeInput(_ input: ByteView, utf8: Bool, _ c: inout ByteCursor) -> EchoedInput {
    c.reserve(10 + ByteCursor.jsonStringRoom(input.count) + literalRoom)
    let start = c.count
    c.put(#"{"input":""#)
    let copied = c.putJSONPlainASCII(input)
    var echoed = EchoedInput.plain
    if copied < input.count {
      let rest = ByteView(rebasing: input[copied...])
      if !utf8 && !rest.isASCII {
        c.rewind(to: start)
        return .notASCII
      }
      c.putJSONEscaped(rest)
      echoed = .escaped
    }
    c.put(UInt8(ascii: "\""))
    return echoed
  }

  /// The rest of a reading's line, after its input; `plain`: the input held nothing to escape.
  static func writeResult(
    _ query: ReturnQuery, _ block: ByteView, plain: Bool, _ c: inout ByteCursor
  ) {
    c.reserve(resultRoom(query) &+ block.count)
    var texts = Texts(plain: plain)
    c.put(#","result":{"status":""#)
    c.put(CheckoutStatus.literalName(query.status))
    c.put(#"","paymentId":"#)
    Texts.write(query.paymentId, &texts, &c)
    c.put(#","subscriptionId":"#)
    Texts.write(query.subscriptionId, &texts, &c)
    c.put(#","licenseKeys":"#)
    let keys = query.licenseKeys
    if keys.isEmpty {
      c.put("null")
    } else {
      for index in keys.indices {
        c.put(index == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
        Texts.write(keys[index], &texts, &c)
      }
      c.put(UInt8(ascii: "]"))
    }
    c.put(#","customerEmail":"#)
    Texts.write(query.customerEmail, &texts, &c)
    c.put(#","raw":{"#)
    let parameters = query.parameters
    for index in parameters.indices {
      if index > 0 { c.put(UInt8(ascii: ",")) }
      let parameter = parameters[index]
      Texts.write(parameter.name, &texts, &c)
      c.put(UInt8(ascii: ":"))
      Texts.write(parameter.value, &texts, &c)
    }
    c.put(#"}},"rawStatus":"#)
    Texts.write(query.rawStatus, &texts, &c)
    c.put(block)
  }

  /// The room `writeResult` needs before the block, made once: the texts' JSON strings
  /// (`ByteCursor.jsonStringRoom` of twice the query's length, `ReturnQuery.queryLength`),
  /// and after each text the literal that follows it, `literalRoom` (or `null`). From the
  /// counts alone: summing the texts' lengths cost a pass over the parameters.
  private static func resultRoom(_ query: ReturnQuery) -> Int {
    let texts = 4 &+ query.licenseKeys.count &+ 2 &* query.parameters.count
    return ByteCursor.jsonStringRoom(2 &* query.queryLength) &+ texts &* (2 &+ literalRoom) &+ literalRoom
  }

  /// The rest of the line of an input that cannot be decoded.
  static func writeError(_ error: CheckoutError, _ c: inout ByteCursor) {
    var code = error.code.rawValue
    var message = error.message
    code.withBytes { code in
      message.withBytes { message in
        c.reserve(31 + ByteCursor.jsonStringRoom(code.count) + ByteCursor.jsonStringRoom(message.count))
        c.put(#","error":{"code":"#)
        c.putJSONString(code)
        c.put(#","message":"#)
        c.putJSONString(message)
        c.put("}}\n")
      }
    }
  }

  /// `,"meaning":…,"nextStep":…[,"warnings":[…]]}` and the newline, for `ExplanationBlocks`.
  static func block(_ explanation: StatusExplanation, _ warnings: InputWarnings) -> [UInt8] {
    let writer = JSONWriter()
    writer.beginObject()
    writer.key("meaning")
    writer.string(explanation.meaningText)
    writer.key("nextStep")
    writer.string(explanation.nextStepText)
    if !warnings.isEmpty {
      writer.key("warnings")
      writer.beginArray()
      for entry in InputWarnings.entries where warnings.contains(entry.warning) { writer.string(entry.text) }
      writer.endArray()
    }
    writer.endObject()
    writer.newline()
    // The keys follow rawStatus's value: a comma where the object's brace is.
    return [UInt8(ascii: ",")] + writer.bytes.dropFirst()
  }

  /// How the texts of one reading are written, each as a JSON string, decoded, or `null`.
  ///
  /// Undecoded text is UTF-8 (the input was made so), and copied as it stands when `plain`;
  /// decoded bytes that are not ASCII go through `String`, which repairs what is not UTF-8.
  /// The typed fields are values of `raw` too: the JSON of the last text decoded is kept and
  /// copied when the same text comes again (decoding is most of the cost of a customer's email).
  private struct Texts {
    let plain: Bool
    /// The last text decoded, and where its JSON is in the output.
    private var decoded = ByteView.empty
    private var json = 0..<0

    init(plain: Bool) { self.plain = plain }

    /// Writes `text` in the room `resultRoom` made for it.
    @inline(__always)
    static func write(_ text: QueryText?, _ texts: inout Texts, _ c: inout ByteCursor) {
      guard let text else { return c.put("null") }
      guard text.isEscaped else {
        guard texts.plain else { return c.putJSONString(text.encoded) }
        c.put(UInt8(ascii: "\""))
        c.put(text.encoded)
        return c.put(UInt8(ascii: "\""))
      }
      if text.encoded.isSame(as: texts.decoded) { return c.putWritten(texts.json) }
      texts.decoded = text.encoded
      texts.json = Self.writeDecoded(text, &c)
    }

    /// An escaped text, decoded (room made for it); where its JSON is in the output.
    @inline(never)
    private static func writeDecoded(_ text: QueryText, _ c: inout ByteCursor) -> Range<Int> {
      let start = c.count
      c.put(UInt8(ascii: "\""))
      // Most decoded texts need no escape: decoded straight into the output, else from a copy.
      if c.putPercentDecodedIfPlain(text.encoded) {
        c.put(UInt8(ascii: "\""))
        return start..<c.count
      }
      PercentDecoding.withDecoded(text.encoded, escaped: text.isEscaped) { bytes in
        let copied = c.putJSONPlainASCII(bytes)
        if copied < bytes.count {
          let rest = ByteView(rebasing: bytes[copied...])
          if rest.isASCII {
            c.putJSONEscaped(rest)
          } else {
            // A byte is at most six of the repaired text escaped (`\u00XX`; U+FFFD is three): the room made.
            c.rewind(to: start + 1)
            var repaired = String(decoding: bytes, as: UTF8.self)
            repaired.withBytes { c.putJSONEscaped($0) }
          }
        }
        c.put(UInt8(ascii: "\""))
      }
      return start..<c.count
    }
  }
}

/// What echoing an input found in its bytes, which decides how the texts read from it are written.
enum EchoedInput {
  /// Nothing that its writer escapes: the texts taken from it undecoded are copied as they stand.
  case plain
  /// Bytes that need escaping somewhere: each text is checked.
  case escaped
  /// Bytes that are not ASCII: the input is made valid UTF-8 first, and echoed again.
  case notASCII
}
