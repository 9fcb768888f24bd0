/// The bytes that the word-at-a-time scans treat specially, and some they must not, and texts
/// that carry one at a given place: the scans' tests in DodoBytes and in DodoCheckout hold
/// each scan to a byte-at-a-time model with one of these at every position of a text.
package enum ScanProbes {
  /// The query's marks (`&`, `=`, `%`, `#`, and `$` and `'` either side of them), `"`, space,
  /// the ends of printable ASCII, controls, DEL, bytes that are not ASCII (a C1 control's
  /// lead byte among them), and the upper-case letters' ends with the bytes beside them.
  package static let bytes: [UInt8] = [
    UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "$"),
    UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: "!"), UInt8(ascii: "~"), 0x00, 0x01, 0x1F,
    0x7F, 0x80, 0xC2, 0xFF, UInt8(ascii: "A"), UInt8(ascii: "Z"), UInt8(ascii: "@"), UInt8(ascii: "["),
  ]

  /// `length` bytes of `a`, with `byte` at `position`.
  package static func text(_ length: Int, _ byte: UInt8, at position: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
    bytes[position] = byte
    return bytes
  }
}
