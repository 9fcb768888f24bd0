internal import CByteClass

extension ByteCursor {
  /// Copies `text` up to its first byte that a JSON string cannot hold as it stands or that
  /// is not ASCII (`ByteClass.needingJSONEscape`, `ByteWord.nonASCII`), and returns how many
  /// bytes it copied. The JSON echo of every input goes through it. Room for all of `text` is
  /// made by the caller.
  public mutating func putJSONPlainASCII(_ text: ByteView) -> Int {
    putPlain(
      text,
      marks: {
        dodo_outside16($0, 0x20, 0x7F) | dodo_equal16($0, UInt8(ascii: "\"")) | dodo_equal16($0, UInt8(ascii: "\\"))
      },
      orWordMarks: { ByteClass.needingJSONEscape($0) | ByteWord.nonASCII($0) })
  }

  /// Copies `text` up to its first byte that is not printable ASCII or is a space, and
  /// returns how many bytes it copied: what the text output shows as it stands. Room for all
  /// of `text` is made by the caller.
  public mutating func putPrintableASCII(_ text: ByteView) -> Int {
    putPlain(
      text, marks: { dodo_outside16($0, 0x21, 0x7E) },
      orWordMarks: { ByteClass.unprintable($0) | ByteWord.equal($0, UInt8(ascii: " ")) })
  }

  /// Copies `text` up to its first byte that `marks` marks in the sixteen at a pointer
  /// (`CByteClass`), sixteen bytes a step, each step copied whole as it is checked; a text
  /// shorter than sixteen bytes a word at a time, by `wordMarks`, the same class.
  @inline(__always) private mutating func putPlain(
    _ text: ByteView, marks: (UnsafePointer<UInt8>) -> UInt32, orWordMarks wordMarks: (UInt64) -> UInt64
  ) -> Int {
    assert(end - out >= text.count, "no room reserved")
    let count = text.count
    guard count >= 16, let base = text.buffer.baseAddress else { return put(text, upTo: wordMarks) }
    let target = UnsafeMutableRawPointer(out)
    var checked = 0
    while true {
      // The last step checks the sixteen bytes that end the text, over bytes checked already.
      let at = min(checked, count &- 16)
      let p = base + at
      let marked = marks(p)
      // Stored whole even when marked: the room holds the text, and only `found` bytes count.
      (target + at).copyMemory(from: p, byteCount: 16)
      if marked != 0 {
        let found = at &+ marked.trailingZeroBitCount
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
