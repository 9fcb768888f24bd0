@_spi(Scanning) import DodoCheckout

/// Byte classes the writers test text against, eight bytes at a time (`ByteWord`): each
/// returns a mask marking the bytes of a word that are in the class.
enum ByteScan {
  /// Bytes a JSON string cannot hold as they are: control characters, `"` and `\`.
  @inline(__always) static func needingJSONEscape(_ word: ByteWord) -> UInt64 {
    word.below(0x20) | word.equal(to: UInt8(ascii: "\"")) | word.equal(to: UInt8(ascii: "\\"))
  }

  @inline(__always) static func needsJSONEscape(_ c: UInt8) -> Bool {
    c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\")
  }

  /// Bytes a terminal does not show as they are: controls, DEL and all that is not ASCII.
  @inline(__always) static func unprintable(_ word: ByteWord) -> UInt64 {
    word.below(0x20) | word.equal(to: 0x7F) | word.nonASCII
  }

  @inline(__always) static func isPrintable(_ c: UInt8) -> Bool { c >= 0x20 && c < 0x7F }

  /// Whether every byte of `bytes` is printable ASCII (`0x20`–`0x7E`; without the space,
  /// `0x21`–`0x7E`, when `spaces` is false): text the terminal shows as it is.
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, spaces: Bool = true) -> Bool {
    let lowest: UInt8 = spaces ? 0x20 : 0x21
    return allWords(
      of: bytes, where: { !ByteWord.any($0.below(lowest) | $0.equal(to: 0x7F) | $0.nonASCII) },
      rest: { $0 >= lowest && $0 < 0x7F })
  }

  /// Whether every byte of `bytes` is ASCII.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    allWords(of: bytes, where: { !ByteWord.any($0.nonASCII) }, rest: { $0 < 0x80 })
  }

  /// Whether `word` holds for every eight bytes of `bytes` and `rest` for each byte after them.
  @inline(__always)
  private static func allWords(
    of bytes: UnsafeBufferPointer<UInt8>, where word: (ByteWord) -> Bool, rest byte: (UInt8) -> Bool
  ) -> Bool {
    var i = 0
    while i + 8 <= bytes.count {
      guard word(ByteWord(bytes, at: i)) else { return false }
      i += 8
    }
    // The last bytes as the word that ends the text, some of them looked at twice: one step
    // instead of up to seven.
    if i < bytes.count, bytes.count >= 8 { return word(ByteWord(bytes, at: bytes.count - 8)) }
    while i < bytes.count {
      guard byte(bytes[i]) else { return false }
      i += 1
    }
    return true
  }
}

extension ByteCursor {
  /// Copies `text` while none of its bytes is `special` (`word` marks them in a word, `byte`
  /// tells one), eight bytes at a time, and returns how many it copied: all of them, or up to
  /// the first special one. Room for all of `text` is made by the caller.
  ///
  /// This is the check and the copy in one pass: an input echoed as it is learns on the way
  /// whether any of its texts needs escaping.
  @inline(__always)
  mutating func put(
    _ text: UnsafeBufferPointer<UInt8>, while word: (ByteWord) -> UInt64, isSpecial byte: (UInt8) -> Bool
  ) -> Int {
    assert(capacity - count >= text.count, "no room reserved")
    // Wrapping arithmetic, and the base address looked at once: the checks would be a
    // quarter of the loop.
    guard text.baseAddress != nil else { return 0 }
    let count = text.count
    var i = 0
    while i &+ 8 <= count {
      let next = ByteWord(text, at: i)
      if ByteWord.any(word(next)) { break }
      UnsafeMutableRawPointer(out + i).storeBytes(of: next.value, as: UInt64.self)
      i &+= 8
    }
    if i < count, count >= 8, i &+ 8 > count {
      // The last bytes as the word that ends the text, stored over bytes already copied.
      let last = ByteWord(text, at: count &- 8)
      if !ByteWord.any(word(last)) {
        UnsafeMutableRawPointer(out + (count &- 8)).storeBytes(of: last.value, as: UInt64.self)
        i = count
      }
    }
    while i < count, !byte(text[i]) {
      out[i] = text[i]
      i &+= 1
    }
    out += i
    return i
  }
}
