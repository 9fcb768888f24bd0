/// A name or value of a return URL's query as it stands in the URL, still percent-encoded.
///
/// It points into the text it was read from, so it is only valid inside the closure of
/// `ReturnQuery.withReturnURL(_:_:)` or `ReturnQuery.withQuery(_:_:)`.
@_spi(Scanning) public struct QueryText: BitwiseCopyable {
  /// The encoded bytes.
  public let encoded: UnsafeBufferPointer<UInt8>
  /// Whether the text holds a `%`; when it does not, the encoded bytes are the decoded text.
  public let isEscaped: Bool
  /// Whether the text is ASCII without escapes: then its bytes compare as its string does.
  let isPlainASCII: Bool

  init(_ encoded: UnsafeBufferPointer<UInt8>, isEscaped: Bool, hasNonASCII: Bool) {
    self.encoded = encoded
    self.isEscaped = isEscaped
    self.isPlainASCII = !isEscaped && !hasNonASCII
  }

  /// No text at all (`payment_id=`); decoding never empties a non-empty text.
  public var isEmpty: Bool { encoded.isEmpty }

  /// The decoded text; bytes that are not UTF-8 become U+FFFD.
  public var decoded: String {
    PercentDecoding.string(encoded, 0..<encoded.count, escaped: isEscaped)
  }

  /// Calls `body` with the decoded bytes, which need not be UTF-8 (`%FF`). Inlinable, so
  /// that a caller in another module gets it specialized instead of a generic-metadata lookup
  /// on every call.
  @inlinable
  public func withDecodedBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    guard isEscaped else { return try body(encoded) }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: encoded.count) { buffer in
      let count = PercentDecoding.decode(encoded, into: buffer)
      return try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Whether both texts decode to equal strings, as the keys of the SDK's `raw` dictionary
  /// compare: plain ASCII byte for byte, anything else as `String`s (canonical equivalence,
  /// U+FFFD for bytes that are not UTF-8).
  func decodesEqual(to other: QueryText) -> Bool {
    guard isPlainASCII && other.isPlainASCII else { return decoded == other.decoded }
    guard encoded.count == other.encoded.count else { return false }
    for i in 0..<encoded.count where encoded[i] != other.encoded[i] { return false }
    return true
  }
}
