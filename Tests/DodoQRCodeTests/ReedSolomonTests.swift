import Testing

@testable import DodoQRCode

@Suite("Reed-Solomon over GF(256)")
struct ReedSolomonTests {
  @Test("multiplication reduces by the field polynomial 0x11D")
  func multiplication() {
    #expect(ReedSolomon.multiply(0x80, 0x02) == 0x1D)
    // α (2) generates the multiplicative group: α^255 = 1, and no smaller power is.
    var power: UInt8 = 1
    for exponent in 1...255 {
      power = ReedSolomon.multiply(power, 2)
      #expect((power == 1) == (exponent == 255))
    }
    #expect(ReedSolomon.multiply(0xFF, 0x01) == 0xFF)
    #expect(ReedSolomon.multiply(0x00, 0x9C) == 0x00)
  }

  @Test("the generator polynomials of the standard's Annex A")
  func generators() {
    #expect(ReedSolomon.generator(degree: 7) == [127, 122, 154, 164, 11, 68, 117])
    #expect(ReedSolomon.generator(degree: 10) == [216, 194, 159, 111, 199, 94, 95, 113, 157, 193])
  }

  @Test("the error correction of the standard's 1-M example (HELLO WORLD in alphanumeric mode)")
  func helloWorldExample() {
    let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    #expect(
      ReedSolomon.remainder(data, generator: ReedSolomon.generator(degree: 10))
        == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  }
}

@Suite("format and version information")
struct QRFormatTests {
  @Test("format bits: level and mask, BCH(15,5), XOR 0x5412 (Annex C)")
  func formatBits() {
    #expect(QRFormat.formatBits(level: .medium, mask: 0) == 0b101_0100_0001_0010)
    #expect(QRFormat.formatBits(level: .low, mask: 4) == 0b110_0110_0010_1111)
    #expect(QRFormat.formatBits(level: .medium, mask: 5) == 0b100_0000_1100_1110)
    #expect(QRFormat.formatBits(level: .high, mask: 7) == 0b000_1000_0011_1011)
  }

  @Test("version bits: BCH(18,6) (Annex D)")
  func versionBits() {
    #expect(QRFormat.versionBits(version: 7) == 0b00_0111_1100_1001_0100)
    #expect(QRFormat.versionBits(version: 8) == 0b00_1000_0101_1011_1100)
    #expect(QRFormat.versionBits(version: 40) == 0b10_1000_1100_0110_1001)
  }
}
