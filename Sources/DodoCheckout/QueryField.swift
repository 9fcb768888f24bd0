import DodoBytes

/// The parameters of a return URL's query that `ReturnQuery` reads into typed fields, each
/// by its raw value a byte of `ReturnQuery`'s record of where they are.
enum QueryField: UInt8 {
  case status
  case paymentId
  case subscriptionId
  case customerEmail
  case licenseKey

  /// The field the name stands for. Names match as strings, exactly as the SDK's do: plain
  /// ASCII by its bytes (`firstWord`, the first eight, and the word that ends the name),
  /// anything else decoded and compared as a `String`.
  @inline(__always)  // once per parameter: a call cost as much as the look-up
  init?(_ name: QueryText, firstWord: UInt64) {
    guard name.isPlainASCII else {
      self.init(decoding: name)
      return
    }
    // The one name of the length looked up in a table, not chosen by a branch per length
    // (the names come in any order, which such branches mispredict), then its words compared.
    let bytes = name.encoded
    let slot = Self.slots[bytes.count & 7]
    let last = bytes.count > 8 ? Self.lastWord(bytes) : 0
    guard bytes.count == slot.count && firstWord == slot.first && last == slot.last, let field = slot.field else {
      return nil
    }
    self = field
  }

  /// The field a name written with escapes or in bytes that are not ASCII stands for, once
  /// decoded: out of line, as such names are rare.
  @inline(never) private init?(decoding name: QueryText) {
    // The names are 5 to 15 characters; written with escapes, at most 15 * 4 * 3 bytes.
    guard name.encoded.count >= 5, name.encoded.count <= 180 else { return nil }
    switch name.decoded {
    case "status": self = .status
    case "payment_id": self = .paymentId
    case "subscription_id": self = .subscriptionId
    case "email": self = .customerEmail
    case "license_key": self = .licenseKey
    default: return nil
    }
  }

  /// The names by their length's last three bits (5, 6, 10, 11 and 15: no two alike): each
  /// name's length, first word, last word (names over eight bytes; else 0) and field.
  private static let slots: [(count: Int, first: UInt64, last: UInt64, field: QueryField?)] = [
    (-1, 0, 0, nil), (-1, 0, 0, nil),
    (10, Word.paymentIdHead, Word.paymentIdTail, .paymentId),
    (11, Word.licenseKeyHead, Word.licenseKeyTail, .licenseKey),
    (-1, 0, 0, nil),
    (5, Word.email, 0, .customerEmail),
    (6, Word.status, 0, .status),
    (15, Word.subscriptionIdHead, Word.subscriptionIdTail, .subscriptionId),
  ]

  /// The last eight bytes of a name of eight or more.
  @inline(__always) private static func lastWord(_ bytes: ByteView) -> UInt64 {
    ByteWord.partial(bytes, at: bytes.count - 8, count: 8)
  }

  /// The names' words, as `ByteWord.load` reads them (first byte lowest): a name is told by
  /// its length, its first word and the word that ends it, two compares instead of a loop.
  enum Word {
    static var status: UInt64 { 0x7375_7461_7473 }  // "status"
    static var email: UInt64 { 0x6c_6961_6d65 }  // "email"
    static var paymentIdHead: UInt64 { 0x5f74_6e65_6d79_6170 }  // "payment_"
    static var paymentIdTail: UInt64 { 0x6469_5f74_6e65_6d79 }  // "yment_id", the end of "payment_id"
    static var subscriptionIdHead: UInt64 { 0x7069_7263_7362_7573 }  // "subscrip"
    static var subscriptionIdTail: UInt64 { 0x6469_5f6e_6f69_7470 }  // "ption_id", the end of "subscription_id"
    static var licenseKeyHead: UInt64 { 0x5f65_736e_6563_696c }  // "license_"
    static var licenseKeyTail: UInt64 { 0x7965_6b5f_6573_6e65 }  // "ense_key", the end of "license_key"
  }
}
