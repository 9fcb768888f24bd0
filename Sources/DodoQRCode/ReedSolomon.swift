/// Reed-Solomon error correction over GF(2^8) with the QR code's field polynomial
/// x^8 + x^4 + x^3 + x^2 + 1 (0x11D) and generator roots 2^0 … 2^(degree-1) (ISO/IEC 18004 §7.5.2).
package enum ReedSolomon {
  /// The product of two field elements (carry-less multiplication, reduced by 0x11D).
  package static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
    var product: UInt16 = 0
    for bit in stride(from: 7, through: 0, by: -1) {
      product = (product << 1) ^ ((product >> 7) * 0x11D)
      product ^= UInt16((y >> UInt8(bit)) & 1) * UInt16(x)
    }
    return UInt8(truncatingIfNeeded: product)
  }

  /// The generator polynomial of `degree`, highest coefficient first, its leading 1 left out.
  package static func generator(degree: Int) -> [UInt8] {
    var coefficients = [UInt8](repeating: 0, count: degree)
    coefficients[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in coefficients.indices {
        coefficients[index] = multiply(coefficients[index], root)
        if index + 1 < coefficients.count { coefficients[index] ^= coefficients[index + 1] }
      }
      root = multiply(root, 0x02)
    }
    return coefficients
  }

  /// The error correction codewords of `data`: the remainder of data·x^degree divided by
  /// `generator`.
  package static func remainder(_ data: some Sequence<UInt8>, generator: [UInt8]) -> [UInt8] {
    var remainder = [UInt8](repeating: 0, count: generator.count)
    for byte in data {
      let factor = byte ^ remainder.removeFirst()
      remainder.append(0)
      for index in remainder.indices { remainder[index] ^= multiply(generator[index], factor) }
    }
    return remainder
  }
}
