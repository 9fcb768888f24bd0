import DodoBytes

/// The status values told by their words instead of a loop over their bytes: a value is
/// told by its length, its first eight bytes lower-cased and the eight that end it.
/// Internal to the readers (`ReturnQuery`, `StatusExplanation`).
enum StatusWords {
  /// The status the decoded bytes of a `status` parameter stand for.
  static func status(of bytes: ByteView) -> CheckoutStatus {
    status(in: bytes, at: 0, count: bytes.count)
  }

  /// The status for the `count` bytes of `bytes` from `offset`. The recognized values are 6
  /// to 9 bytes; a caller that passes the whole text the bytes stand in lets the words be
  /// read whole (`ByteWord.partial`).
  @inline(__always) static func status(in bytes: ByteView, at offset: Int, count: Int) -> CheckoutStatus {
    guard count >= 6, count <= 9 else { return .pending }
    let head = ByteWord.lowercased(ByteWord.partial(bytes, at: offset, count: min(count, 8)))
    switch count {
    case 9
    where head == succeededHead
      && ByteWord.lowercased(ByteWord.partial(bytes, at: offset + 1, count: 8)) == succeededTail:
      return .succeeded
    case 6 where head == active: return .succeeded
    case 6 where head == failed: return .failed
    case 7 where head == expired: return .expired
    default: return .pending
    }
  }

  // The words as `ByteWord.partial` reads them (first byte lowest).
  static var succeededHead: UInt64 { 0x6564_6565_6363_7573 }  // "succeede"
  static var succeededTail: UInt64 { 0x6465_6465_6563_6375 }  // "ucceeded", the end of "succeeded"
  static var active: UInt64 { 0x6576_6974_6361 }  // "active"
  static var failed: UInt64 { 0x6465_6c69_6166 }  // "failed"
  static var expired: UInt64 { 0x64_6572_6970_7865 }  // "expired"
  // The statuses only `StatusExplanation` tells apart.
  static var cancelledHead: UInt64 { 0x656c_6c65_636e_6163 }  // "cancelle"
  static var cancelledTail: UInt64 { 0x6465_6c6c_6563_6e61 }  // "ancelled", the end of "cancelled"
  static var processingHead: UInt64 { 0x6973_7365_636f_7270 }  // "processi"
  static var processingTail: UInt64 { 0x676e_6973_7365_636f }  // "ocessing", the end of "processing"
  static var requires: UInt64 { 0x7365_7269_7571_6572 }  // "requires", before the "_"
  static var paymentMethodHead: UInt64 { 0x746e_656d_7961_705f }  // "_payment", after "requires"
  static var paymentMethodTail: UInt64 { 0x646f_6874_656d_5f74 }  // "t_method", the end of "requires_payment_method"
  static var customerActionHead: UInt64 { 0x656d_6f74_7375_635f }  // "_custome", after "requires"
  static var customerActionTail: UInt64 { 0x6e6f_6974_6361_5f72 }  // "r_action", the end of "requires_customer_action"
}
