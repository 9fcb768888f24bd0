import DodoBytes

/// The parameters of a return URL's query that `ReturnQuery` reads into typed fields, each
/// a bit (its raw value) of the set of fields a query has named.
enum QueryField: UInt8 {
  case status = 1
  case paymentId = 2
  case subscriptionId = 4
  case customerEmail = 8
  case licenseKey = 16

  /// The field the name stands for. Names match as strings, exactly as the SDK's do: plain
  /// ASCII by its bytes (`firstWord`, the first eight, and the word that ends the name),
  /// anything else decoded and compared as a `String`.
  init?(_ name: QueryText, firstWord: UInt64) {
    guard name.isPlainASCII else {
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
      return
    }
    let bytes = name.encoded
    switch bytes.count {
    case 6 where firstWord == Word.status: self = .status
    case 10 where firstWord == Word.paymentIdHead && Self.lastWord(bytes) == Word.paymentIdTail: self = .paymentId
    case 15 where firstWord == Word.subscriptionIdHead && Self.lastWord(bytes) == Word.subscriptionIdTail:
      self = .subscriptionId
    case 5 where firstWord == Word.email: self = .customerEmail
    case 11 where firstWord == Word.licenseKeyHead && Self.lastWord(bytes) == Word.licenseKeyTail: self = .licenseKey
    default: return nil
    }
  }

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
