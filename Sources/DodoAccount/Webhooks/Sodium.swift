internal import CSodium

/// The few libsodium calls the webhooks need: HMAC-SHA256, the constant-time comparison,
/// base64 (the original alphabet, with padding) and the operating system's randomness.
/// Nothing here is hand-written cryptography; this file is the only one that sees libsodium.
enum Sodium {
  /// `sodium_init`, once per process (a `static let` runs its initializer once, thread-safely).
  /// It fails only when the system has no source of randomness at all.
  private static let ready: Bool = sodium_init() >= 0

  /// HMAC-SHA256 of the concatenated `parts`, keyed with `key` (any length).
  static func hmacSHA256(key: [UInt8], _ parts: [ArraySlice<UInt8>]) -> [UInt8] {
    _ = ready
    var state = crypto_auth_hmacsha256_state()
    var mac = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
    withBytes(key[...]) { key, count in _ = crypto_auth_hmacsha256_init(&state, key, count) }
    for part in parts {
      withBytes(part) { bytes, count in _ = crypto_auth_hmacsha256_update(&state, bytes, UInt64(count)) }
    }
    mac.withUnsafeMutableBufferPointer { mac in
      if let address = mac.baseAddress { _ = crypto_auth_hmacsha256_final(&state, address) }
    }
    return mac
  }

  /// Whether `a` and `b` are equal, in time that depends only on their length (`sodium_memcmp`).
  static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return withBytes(a[...]) { a, count in withBytes(b[...]) { b, _ in sodium_memcmp(a, b, count) == 0 } }
  }

  /// Base64 (the original alphabet, padded) of `bytes`.
  static func base64(_ bytes: [UInt8]) -> String {
    _ = ready
    let variant = Int32(sodium_base64_VARIANT_ORIGINAL)
    let capacity = (bytes.count + 2) / 3 * 4 + 1
    var text = [CChar](repeating: 0, count: capacity)
    withBytes(bytes[...]) { bytes, count in
      text.withUnsafeMutableBufferPointer { text in
        if let address = text.baseAddress { _ = sodium_bin2base64(address, capacity, bytes, count, variant) }
      }
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The bytes `text` encodes in base64 (the original alphabet; padding may be left out), or
  /// `nil` when it is not base64 as a whole.
  static func base64Decoded(_ text: String) -> [UInt8]? {
    _ = ready
    let input = Array(text.utf8)
    guard !input.isEmpty else { return [] }
    for variant in [sodium_base64_VARIANT_ORIGINAL, sodium_base64_VARIANT_ORIGINAL_NO_PADDING] {
      var output = [UInt8](repeating: 0, count: input.count / 4 * 3 + 3)
      var length = 0
      let status = input.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { output in
          input.withMemoryRebound(to: CChar.self) { input in
            guard let out = output.baseAddress, let text = input.baseAddress else { return Int32(-1) }
            return sodium_base642bin(out, output.count, text, input.count, nil, &length, nil, Int32(variant))
          }
        }
      }
      if status == 0 { return Array(output.prefix(length)) }
    }
    return nil
  }

  /// `count` bytes from the operating system's randomness (`randombytes_buf`).
  static func randomBytes(_ count: Int) -> [UInt8] {
    _ = ready
    var bytes = [UInt8](repeating: 0, count: count)
    bytes.withUnsafeMutableBytes { if let address = $0.baseAddress { randombytes_buf(address, count) } }
    return bytes
  }

  /// Calls `body` with a pointer to `bytes` and their count; an empty slice gets a pointer to
  /// a placeholder byte (libsodium's pointers are non-null) and a count of 0.
  private static func withBytes<R>(_ bytes: ArraySlice<UInt8>, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
    if bytes.isEmpty { return withUnsafePointer(to: UInt8(0)) { body($0, 0) } }
    return bytes.withUnsafeBufferPointer { buffer in
      guard let address = buffer.baseAddress else { return withUnsafePointer(to: UInt8(0)) { body($0, 0) } }
      return body(address, buffer.count)
    }
  }
}
