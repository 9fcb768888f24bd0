/// How a checkout ended, as the iOS SDK's `CheckoutStatus` says it.
///
/// `status` is a hint for the interface, not proof of payment: confirm every payment on the
/// backend with the `payment.succeeded` or `subscription.active` webhook.
public enum CheckoutStatus: String, Sendable, Hashable, CaseIterable {
  /// The return URL said `status=succeeded` (one-time payment) or `status=active` (subscription).
  case succeeded
  /// The payment was declined (`status=failed`).
  case failed
  /// The customer left before the return URL arrived: the outcome is unknown, not a failure.
  case cancelled
  /// The payment settles later, or the status was missing or not recognized.
  case pending
  /// The checkout session expired (`status=expired`).
  case expired

  /// The status that a return URL's `status` parameter stands for.
  ///
  /// Compared lower-cased and not trimmed; anything unrecognized, empty or missing is
  /// `pending`. `cancelled` never comes from a URL. ASCII lower-casing is enough: no
  /// non-ASCII character lower-cases into the letters of the recognized values.
  package init(statusParameter value: String?) {
    guard var value else {
      self = .pending
      return
    }
    self = value.withUTF8 { CheckoutStatus(statusBytes: $0) }
  }

  /// The status for the decoded bytes of a `status` parameter.
  init(statusBytes bytes: UnsafeBufferPointer<UInt8>) {
    self.init(statusIn: bytes, at: 0, count: bytes.count)
  }

  /// The status for the `count` bytes of `bytes` from `offset`. The recognized values are 6
  /// to 9 bytes: one word, lower-cased at once, or two (the first eight bytes and the last
  /// eight), instead of a loop over the bytes; a caller that passes the whole text the
  /// bytes stand in lets the words be read whole (`ByteWord.partial`).
  init(statusIn bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) {
    guard count >= 6, count <= 9 else {
      self = .pending
      return
    }
    let head = ByteWord.lowercased(ByteWord.partial(bytes, at: offset, count: min(count, 8)))
    switch count {
    case 9
    where head == Word.succeededHead
      && ByteWord.lowercased(ByteWord.partial(bytes, at: offset + 1, count: 8)) == Word.succeededTail:
      self = .succeeded
    case 6 where head == Word.active: self = .succeeded
    case 6 where head == Word.failed: self = .failed
    case 7 where head == Word.expired: self = .expired
    default: self = .pending
    }
  }

  /// The recognized values as `ByteWord.load` reads them (first byte lowest); the other
  /// values that `StatusExplanation` tells apart extend it.
  enum Word {
    static var succeededHead: UInt64 { 0x6564_6565_6363_7573 }  // "succeede"
    static var succeededTail: UInt64 { 0x6465_6465_6563_6375 }  // "ucceeded", the end of "succeeded"
    static var active: UInt64 { 0x6576_6974_6361 }  // "active"
    static var failed: UInt64 { 0x6465_6c69_6166 }  // "failed"
    static var expired: UInt64 { 0x64_6572_6970_7865 }  // "expired"
  }
}
