/// Percent-decoding straight into a JSON string's bytes, for the common text (an email's
/// `%40`, a path's `%2F`): no decoded copy, and the check for what JSON escapes made on the way.
extension ByteCursor {
  /// Writes the percent-decoding of `text` (`PercentDecoding`) and returns `true` when the
  /// text and its decoding are ASCII that a JSON string holds as it is; else writes nothing
  /// and returns `false`, for the caller's general path (escapes, what is not UTF-8).
  ///
  /// Room for `text.count + 8` bytes is made by the caller: decoding never lengthens a text,
  /// and each step stores a whole word, up to seven bytes of it past the decoded ones.
  @inlinable @inline(__always) public mutating func putPercentDecodedIfPlain(_ text: ByteView) -> Bool {
    assert(end - out >= text.count + 8, "no room reserved")
    guard let base = text.buffer.baseAddress else { return true }
    let count = text.count
    let target = UnsafeMutableRawPointer(out)
    var i = 0
    var n = 0
    // A word a step: stored whole, kept up to its first `%` or byte that ends the fast path.
    while i < count {
      let rest = count &- i
      var word: UInt64
      var mask: UInt64
      if rest >= 8 {
        word = ByteWord.load(base + i)
        mask = Self.decodingStops(word)
      } else {
        word = ByteWord.partial(text.buffer, at: i, count: rest)
        mask = Self.decodingStops(word) & ByteWord.lanes(rest)
      }
      target.storeBytes(of: UInt64(littleEndian: word), toByteOffset: n, as: UInt64.self)
      guard mask != 0 else {
        let step = min(8, rest)
        i &+= step
        n &+= step
        continue
      }
      let kept = ByteWord.first(mask)
      i &+= kept
      n &+= kept
      let stop = base[i]
      guard stop == UInt8(ascii: "%") else {
        // The mask's cheaper class also stops at the rest of 0x20 to 0x27, kept as they are.
        guard stop >= 0x20 && stop < 0x28 && stop != UInt8(ascii: "\"") else { return false }
        i &+= 1
        n &+= 1
        continue
      }
      if i &+ 2 < count, let high = PercentDecoding.hexValue(base[i &+ 1]),
        let low = PercentDecoding.hexValue(base[i &+ 2])
      {
        let byte = high &<< 4 | low
        guard byte < 0x80, !ByteClass.needsJSONEscape(byte) else { return false }
        target.storeBytes(of: byte, toByteOffset: n, as: UInt8.self)
        i &+= 3
      } else {
        // Not an escape: the `%` is kept as it stands (already stored).
        i &+= 1
      }
      n &+= 1
    }
    out += n
    return true
  }

  /// Marks the bytes where the fast path stops: those below 0x28 (the controls, and `"` and
  /// `%` with the rest of 0x20 to 0x27, in one comparison), `\` and those that are not ASCII.
  /// Only the first mark is exact.
  @inlinable @inline(__always) static func decodingStops(_ word: UInt64) -> UInt64 {
    ((word &- ByteWord.ones &* 0x28) | word | ByteWord.equal(word, UInt8(ascii: "\\"))) & ByteWord.highs
  }
}
