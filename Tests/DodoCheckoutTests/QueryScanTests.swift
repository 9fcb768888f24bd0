import DodoBytes
import DodoTestSupport
import Testing

@testable import DodoCheckout

/// The word-at-a-time readers (the query's one pass, the status and name words)
/// against byte-at-a-time models of the same rules, with the byte that matters at every
/// position of texts 0 to 17 bytes long: the first, the last, and either side of a word's edge.
@Suite("The query's and the status's word readers")
struct QueryScanTests {
  @Test("the status is told by its words as by its bytes, in any case and at any length")
  func statusWords() {
    for value in ["succeeded", "active", "failed", "expired", "pending", "cancelled", "processing"] {
      for length in 0...12 {
        for variant in Self.nearMisses(of: value, length: length) {
          let want = Self.modelStatus(variant)
          let read = variant.withBytes { StatusWords.status(of: $0) }
          #expect(read == want, "\(String(decoding: variant, as: UTF8.self))")
          // The same bytes inside a longer text, as a query's value stands in its URL.
          let inside = Array("x=".utf8) + variant + Array("&y".utf8)
          let readInside = inside.withBytes { StatusWords.status(in: $0, at: 2, count: variant.count) }
          #expect(readInside == want)
        }
      }
    }
  }

  /// `value` cut or padded to `length`, upper-cased, and with each byte changed in turn.
  static func nearMisses(of value: String, length: Int) -> [[UInt8]] {
    var base = Array(value.utf8.prefix(length))
    while base.count < length { base.append(UInt8(ascii: "d")) }
    var variants = [base, base.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }]
    for position in 0..<length {
      for byte in [UInt8(ascii: "x"), 0xC3, base[position] ^ 0x20, base[position] ^ 0x01] {
        var variant = base
        variant[position] = byte
        variants.append(variant)
      }
    }
    return variants
  }

  static func modelStatus(_ bytes: [UInt8]) -> CheckoutStatus {
    switch String(decoding: bytes.map(ByteClass.lower), as: UTF8.self) {
    case "succeeded", "active": .succeeded
    case "failed": .failed
    case "expired": .expired
    default: .pending
    }
  }

  @Test("the typed fields are found by their names' words, and only by their names")
  func fieldWords() throws {
    for name in ["status", "payment_id", "subscription_id", "email", "license_key"] {
      let variants = Self.nearMisses(of: name, length: name.utf8.count) + [Array(name.utf8.dropLast())]
      for variant in variants where variant.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) {
        let spelled = String(decoding: variant, as: UTF8.self)
        let url = "myapp://r?\(spelled)=v1&other=o"
        let result = try CheckoutResult(returnURL: url)
        let isField = spelled == name
        #expect((result.rawStatus != nil) == (isField && name == "status"), "\(spelled)")
        #expect((result.paymentId != nil) == (isField && name == "payment_id"), "\(spelled)")
        #expect((result.subscriptionId != nil) == (isField && name == "subscription_id"), "\(spelled)")
        #expect((result.customerEmail != nil) == (isField && name == "email"), "\(spelled)")
        #expect((result.licenseKeys != nil) == (isField && name == "license_key"), "\(spelled)")
      }
    }
  }

  @Test("the query's one pass reads as the byte-at-a-time model, a special byte at every position")
  func queryPass() {
    let pieces: [[UInt8]] = [
      [], Array("status=".utf8), Array("a=1&".utf8), Array("payment_id=p&status=active&x".utf8),
    ]
    for prefix in pieces {
      for length in 0...17 {
        for position in 0..<length {
          for probe in ScanProbes.bytes + [UInt8(ascii: ";")] {
            var tail = ScanProbes.text(length, probe, at: position)
            if probe == 0xC2, position + 1 < length { tail[position + 1] = 0x85 }  // a C1 control
            if probe == UInt8(ascii: "%"), position + 2 < length, length % 2 == 0 {
              tail[position + 1] = UInt8(ascii: "4")  // a good escape in every other text
              tail[position + 2] = UInt8(ascii: "1")
            }
            let url = Array("myapp://r?".utf8) + prefix + tail + (length % 3 == 0 ? Array("#f".utf8) : [])
            Self.expectModel(url)
          }
        }
      }
    }
  }

  @Test(
    "a field's name repeated, plain or escaped, before or after, is one parameter, as in the model",
    arguments: [
      "st%61tus=a&status=b", "status=a&st%61tus=b&status=c", "payment_id=1&p%61yment_id=2",
      "license_key=1&email=e&license_key=2&%65mail=f", "x=1&status=s&x=2&subscription_id=u&subscription_i%64=v",
      (0..<17).map { "n\($0)=\($0)" }.joined(separator: "&") + "&status=a&st%61tus=b&status=c&n3=x",
      "status=a&" + (0..<17).map { "n\($0)=\($0)" }.joined(separator: "&") + "&st%61tus=b",
    ])
  func repeatedFields(_ query: String) {
    Self.expectModel(Array("myapp://r?\(query)".utf8))
  }

  @Test(
    "&amp; anywhere in a return URL is found, whether the query's pass or the ';' test meets it",
    arguments: [
      "myapp://r?a=1&amp;status=succeeded", "myapp://r?status=succeeded&amp;", "myapp://r?status=failed&amp",
      "myapp://r&amp;x/p?status=active", "myapp://r;x/p?status=active", "myapp://r?status=active#a&amp;b",
      "myapp://r?status=active#a;b", "myapp://r?status=a;b&amp=1", "myapp://r?&amp;&amp;status=expired",
      "myapp://h&amp;/r?status=succeeded&payment_id=p",
    ])
  func htmlAmpersand(_ url: String) throws {
    let read = try ReturnInput.read(url)
    let holds = url.contains("&amp;")
    #expect(read.warnings.contains(.htmlAmpersand) == holds)
    let cleaned = try ReturnInput.read(url.replacing("&amp;", with: "&"))
    #expect(read.result == cleaned.result)
    #expect(read.warnings.subtracting(.htmlAmpersand) == cleaned.warnings)
  }

  /// Expects the reading of `url` as a return coming back to equal the model's, and the
  /// strict reading to fail exactly when the model finds something that is not URL text.
  static func expectModel(_ url: [UInt8]) {
    let shown = String(decoding: url, as: UTF8.self).debugDescription
    let model = QueryModel(url)
    let lenient = url.withBytes { bytes in
      ReturnQuery.withReturnURLAsReturned(bytes) { query, _ in
        (
          query.parameters.map { [$0.name.decoded, $0.value.decoded] }, query.rawStatus?.decoded, query.status,
          query.unreadablePart
        )
      }
    }
    #expect(lenient?.0 == model.parameters, "\(shown)")
    #expect(lenient?.1 == model.rawStatus, "\(shown)")
    #expect(lenient?.2 == model.status, "\(shown)")
    #expect(lenient?.3 == model.unreadable?.reason, "\(shown)")
    let strict = url.withBytes { bytes in
      Result { () throws(CheckoutError) in try ReturnQuery.withReturnURL(bytes) { $0.parameters.count } }
    }
    switch strict {
    case .success(let count):
      #expect(model.unreadable == nil && count == model.parameters.count, "\(shown)")
    case .failure(let error):
      #expect(model.unreadable.map { CheckoutError.invalidURL($0, kind: .incoming) } == error, "\(shown)")
    }
  }
}

/// The reading of a return URL's query one byte at a time, as the rules say it: the query
/// from the first `?` to the first `#`, pieces split at `&`, the name up to the first `=`, a
/// repeated name (decoded, compared as strings) keeping its first spelling and last value.
struct QueryModel {
  var parameters: [[String]] = []
  var rawStatus: String?
  var status = CheckoutStatus.pending
  var unreadable: URLSyntaxError?

  init(_ url: [UInt8]) {
    guard let question = url.firstIndex(of: UInt8(ascii: "?")) else { return }
    unreadable = Self.firstUnreadable(url, from: question + 1)
    let end = url[question...].firstIndex(of: UInt8(ascii: "#")) ?? url.count
    for piece in url[(question + 1)..<end].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let equals = piece.firstIndex(of: UInt8(ascii: "=")) ?? piece.endIndex
      let name = Self.decoded(piece[..<equals])
      let value = Self.decoded(piece[equals...].dropFirst())
      if name == "status" {
        rawStatus = value
        status = CheckoutStatus(statusParameter: value)
      }
      if let at = parameters.firstIndex(where: { $0[0] == name }) {
        parameters[at][1] = value
      } else {
        parameters.append([name, value])
      }
    }
  }

  static func decoded(_ bytes: ArraySlice<UInt8>) -> String {
    var out: [UInt8] = []
    var i = bytes.startIndex
    while i < bytes.endIndex {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.endIndex,
        let high = PercentDecoding.hexValue(bytes[i + 1]), let low = PercentDecoding.hexValue(bytes[i + 2])
      {
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The first byte from `start` on that is not URL text, as `URLReader.checkCharacters` says.
  static func firstUnreadable(_ url: [UInt8], from start: Int) -> URLSyntaxError? {
    var i = start
    while i < url.count {
      let c = url[i]
      if c == 0x20 { return .space(at: i) }
      if c < 0x20 || c == 0x7F { return .controlCharacter(at: i) }
      if c == 0xC2, i + 1 < url.count, url[i + 1] >= 0x80, url[i + 1] <= 0x9F { return .controlCharacter(at: i) }
      if c == UInt8(ascii: "%") {
        guard i + 2 < url.count, URLReader.isHexDigit(url[i + 1]), URLReader.isHexDigit(url[i + 2]) else {
          return .malformedEscape(at: i)
        }
        i += 3
      } else {
        i += 1
      }
    }
    return nil
  }
}
