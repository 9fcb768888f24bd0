extension ByteCursor {
  /// Word-wraps the bytes written from `offset` in place, as a block of text whose first
  /// line already has `indent` columns before it: words are cut out at spaces (runs of them
  /// count as one, and none is kept at a line's start or end), a word goes on a new line,
  /// after a line break and `indent` spaces, when it would pass `width` columns, and a word
  /// longer than a line stands alone on its line.
  ///
  /// Only for ASCII without a line break (each byte one column); returns `false`, and leaves
  /// the bytes as they are, for anything else.
  public mutating func wrapWritten(from offset: Int, indent: Int, width: Int) -> Bool {
    precondition(offset >= 0 && offset <= count, "offset out of range")
    let length = count - offset
    let text = written(from: offset)
    guard text.isASCII, text.lacks(UInt8(ascii: "\n")), text.lacks(UInt8(ascii: "\r")) else { return false }
    // The wrapped text is at most the text and a line break and indent per word: laid out
    // from a copy, into room made beforehand.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(length, 1)) { copy in
      _ = copy.initialize(from: text.buffer)
      let source = ByteView(UnsafeBufferPointer(start: copy.baseAddress, count: length))
      rewind(to: offset)
      var lineLength = 0
      var i = 0
      while i < length {
        guard source.buffer[i] != UInt8(ascii: " ") else {
          i &+= 1
          continue
        }
        let wordStart = i
        i = source.firstIndex(of: UInt8(ascii: " "), in: i..<length) ?? length
        let word = source.view(wordStart..<i)
        reserve(indent + 2 + word.count)
        if lineLength > 0, indent + lineLength + 1 + word.count > width {
          put(UInt8(ascii: "\n"))
          for _ in 0..<indent { put(UInt8(ascii: " ")) }
          lineLength = 0
        }
        if lineLength > 0 {
          put(UInt8(ascii: " "))
          lineLength += 1
        }
        put(word)
        lineLength += word.count
      }
    }
    return true
  }
}
