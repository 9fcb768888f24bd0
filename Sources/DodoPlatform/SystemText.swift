/// Bytes from the system (argv, the environment, paths) as Swift strings and back, without
/// loss: Swift's own decoding turns bytes that are not UTF-8 into U+FFFD, so a path such as
/// `/tmp/\xff.yaml` would come back from a `String` as another file's name.
///
/// Valid UTF-8 is kept as it is. Every other byte (always 0x80 or above) becomes the private-use
/// character U+EF00 plus the byte, U+EF80…U+EFFF, as MirBSD's OPTU-8 does; so that this stays a
/// one-to-one mapping, a character of that range that was in the bytes as valid UTF-8 is
/// taken apart the same way, byte by byte. `encode` turns each character of the range back into
/// its byte, so `encode(decode(bytes)) == bytes` for any bytes. A string that never went
/// through `decode` and holds none of those characters (almost every string) encodes as UTF-8.
package enum SystemText {
  /// The escaped bytes' characters: U+EF80…U+EFFF.
  static let escapes: ClosedRange<UInt32> = 0xEF80...0xEFFF

  /// `bytes` as a string, losslessly (see the type's comment).
  package static func decode(_ bytes: some Collection<UInt8>) -> String {
    // The most common case, ASCII (every name and almost every value in the environment, most
    // arguments), is valid UTF-8 with no escape character: decoded without checking either.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    let bytes = Array(bytes)
    // The common case, in one pass and one copy: valid UTF-8 with no escape character in it
    // (an escape character's UTF-8 starts 0xEE 0xBE or 0xEE 0xBF).
    let text = String(decoding: bytes, as: UTF8.self)
    if text.utf8.elementsEqual(bytes), !text.unicodeScalars.contains(where: { escapes.contains($0.value) }) {
      return text
    }
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let length = sequenceLength(bytes, at: index)
      let sequence = bytes[index..<index + length]
      // Valid when decoding changed nothing (no U+FFFD for an overlong form or a surrogate).
      let piece = String(decoding: sequence, as: UTF8.self)
      if length > 0, piece.utf8.elementsEqual(sequence), let scalar = piece.unicodeScalars.first,
        !escapes.contains(scalar.value)
      {
        scalars.append(scalar)
        index += length
      } else if bytes[index] < 0x80 {
        scalars.append(Unicode.Scalar(bytes[index]))
        index += 1
      } else {
        // U+EF80…U+EFFF are all scalars: the replacement character is never taken.
        scalars.append(Unicode.Scalar(0xEF00 + UInt32(bytes[index])) ?? "\u{FFFD}")
        index += 1
      }
    }
    return String(scalars)
  }

  /// Whether `text` stands for bytes that are not UTF-8 (it holds an escaped byte).
  package static func holdsRawBytes(_ text: String) -> Bool {
    text.unicodeScalars.contains { escapes.contains($0.value) }
  }

  /// The bytes `text` stands for: its UTF-8, with each escape character as its one byte.
  package static func encode(_ text: String) -> [UInt8] {
    guard holdsRawBytes(text) else { return Array(text.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if escapes.contains(scalar.value) {
        bytes.append(UInt8(scalar.value - 0xEF00))
      } else {
        bytes += String(scalar).utf8
      }
    }
    return bytes
  }

  /// How many bytes the UTF-8 sequence at `index` takes by its lead byte, when every
  /// continuation byte is there; else 0.
  private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length =
      switch lead {
      case 0x00..<0x80: 1
      case 0xC2..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF5: 4
      default: 0
      }
    guard length > 0, index + length <= bytes.count else { return 0 }
    for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }
}
