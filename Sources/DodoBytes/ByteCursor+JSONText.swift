internal import CByteClass

extension ByteCursor {
  /// Copies `text` up to its first byte that a JSON string cannot hold as it stands or that
  /// is not ASCII (`ByteClass.needingJSONEscape`, `ByteWord.nonASCII`), and returns how many
  /// bytes it copied: the check sixteen bytes at a time (`CByteClass`), each clean sixteen
  /// copied as it is checked. The echo of every input goes through it. Room for all of
  /// `text` is made by the caller.
  public mutating func putJSONPlainASCII(_ text: ByteView) -> Int {
    assert(end - out >= text.count, "no room reserved")
    let count = text.count
    guard count >= 16, let base = text.buffer.baseAddress else {
      return put(text, upTo: { ByteClass.needingJSONEscape($0) | ByteWord.nonASCII($0) })
    }
    let target = UnsafeMutableRawPointer(out)
    var checked = 0
    while true {
      // The last step checks the sixteen bytes that end the text, over bytes checked already.
      let at = min(checked, count &- 16)
      let p = base + at
      let marks =
        dodo_outside16(p, 0x20, 0x7F) | dodo_equal16(p, UInt8(ascii: "\"")) | dodo_equal16(p, UInt8(ascii: "\\"))
      // Stored whole even when marked: the room holds the text, and only `found` bytes count.
      (target + at).copyMemory(from: p, byteCount: 16)
      if marks != 0 {
        let found = at &+ marks.trailingZeroBitCount
        out += found
        return found
      }
      checked = at &+ 16
      if checked == count { break }
    }
    out += count
    return count
  }
}
