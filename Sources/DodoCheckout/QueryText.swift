import DodoBytes

/// A name or value of a return URL's query as it stands in the URL, still percent-encoded.
///
/// It points into the text it was read from, so it is only valid inside the closure of
/// `ReturnQuery.withReturnURL(_:_:)` or `ReturnQuery.withQuery(_:_:)`.
package struct QueryText: BitwiseCopyable {
  /// The encoded bytes.
  package let encoded: ByteView
  /// Whether the text holds a `%`; when it does not, the encoded bytes are the decoded text.
  package let isEscaped: Bool
  /// Whether the text is ASCII without escapes: then its bytes compare as its string does.
  let isPlainASCII: Bool

  init(_ encoded: ByteView, isEscaped: Bool, hasNonASCII: Bool) {
    self.encoded = encoded
    self.isEscaped = isEscaped
    self.isPlainASCII = !isEscaped && !hasNonASCII
  }

  /// No text at all (`payment_id=`); decoding never empties a non-empty text.
  package var isEmpty: Bool { encoded.isEmpty }

  /// The decoded text; bytes that are not UTF-8 become U+FFFD.
  package var decoded: String { PercentDecoding.string(encoded, escaped: isEscaped) }

  /// Calls `body` with the decoded bytes, which need not be UTF-8 (`%FF`). (A caller in
  /// another module calls `PercentDecoding.withDecoded(_:escaped:_:)` itself, which it gets
  /// specialized: a `package` generic is not.)
  package func withDecodedBytes<R>(_ body: (ByteView) throws -> R) rethrows -> R {
    try PercentDecoding.withDecoded(encoded, escaped: isEscaped, body)
  }

  /// Whether both texts decode to equal strings, as the keys of the SDK's `raw` dictionary
  /// compare: plain ASCII byte for byte, anything else as `String`s (canonical equivalence,
  /// U+FFFD for bytes that are not UTF-8).
  func decodesEqual(to other: QueryText) -> Bool {
    guard isPlainASCII && other.isPlainASCII else { return decoded == other.decoded }
    return encoded.elementsEqual(other.encoded)
  }
}
