extension HTTPResponse {
  /// What replaces the secret.
  static let redactedMark = Array("[redacted]".utf8)

  /// This answer with every occurrence of `secret` in its headers and body replaced by
  /// `[redacted]`: a server or proxy that echoes the request (`Authorization: Bearer sk_…`)
  /// must not get the key shown. A secret shorter than 8 bytes is left alone: it could not
  /// be told from the answer's own words.
  package func redacting(_ secret: String) -> HTTPResponse {
    let secret = Array(secret.utf8)
    guard secret.count >= 8 else { return self }
    var answer = self
    answer.body = Self.redacting(secret, in: body)
    answer.headers = headers.map { header in
      HTTPHeader(
        header.name, String(decoding: Self.redacting(secret, in: Array(header.value.utf8)), as: UTF8.self))
    }
    return answer
  }

  static func redacting(_ secret: [UInt8], in bytes: [UInt8]) -> [UInt8] {
    guard let first = secret.first, bytes.count >= secret.count, bytes.contains(first) else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == first, bytes.count - index >= secret.count,
        bytes[index..<index + secret.count].elementsEqual(secret)
      {
        out += redactedMark
        index += secret.count
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }
}

extension TransportError {
  /// This error with `secret` redacted from its message, as `HTTPResponse.redacting` does.
  package func redacting(_ secret: String) -> TransportError {
    guard secret.utf8.count >= 8 else { return self }
    var error = self
    error.message = String(
      decoding: HTTPResponse.redacting(Array(secret.utf8), in: Array(message.utf8)), as: UTF8.self)
    return error
  }
}
