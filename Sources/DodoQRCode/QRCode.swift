/// A QR code (ISO/IEC 18004, Model 2) holding bytes in byte mode: the smallest version (1…40)
/// that holds them at the given error correction level, and the mask with the lowest penalty.
///
///     let code = try QRCode(encoding: Array("https://example.com".utf8))
///     code.isDark(x: 0, y: 0)   // true: the top-left finder
public struct QRCode: Sendable {
  /// 1…40: the symbol is 17 + 4 × version modules wide.
  public let version: Int
  /// Modules per side, without the quiet zone.
  public let size: Int
  public let errorCorrection: QRErrorCorrection
  /// The mask used (0…7).
  public let mask: Int
  private let modules: [Bool]

  /// Encodes `bytes`; `mask` forces one (0…7) instead of the one the penalty rules choose.
  public init(
    encoding bytes: some Sequence<UInt8>, errorCorrection: QRErrorCorrection = .medium, mask: Int? = nil
  ) throws(QRCodeError) {
    let data = Array(bytes)
    guard
      let version = QRTables.versions.first(where: {
        QRTables.byteCapacity(version: $0, level: errorCorrection) >= data.count
      })
    else {
      throw .tooLong(
        byteCount: data.count, capacity: QRTables.byteCapacity(version: 40, level: errorCorrection))
    }
    if let mask, !(0...7).contains(mask) { throw .noSuchMask(mask) }
    var matrix = QRMatrix(version: version)
    matrix.placeCodewords(
      Self.interleaved(
        Self.dataCodewords(data, version: version, level: errorCorrection), version: version, level: errorCorrection))
    let chosen = mask ?? Self.bestMask(for: matrix, level: errorCorrection)
    matrix.applyMask(chosen)
    matrix.drawFormatBits(level: errorCorrection, mask: chosen)
    self.version = version
    size = matrix.size
    self.errorCorrection = errorCorrection
    self.mask = chosen
    modules = matrix.modules
  }

  /// The most bytes a code of `version` (1…40) holds at `errorCorrection`.
  public static func byteCapacity(version: Int, errorCorrection: QRErrorCorrection = .medium) -> Int {
    QRTables.byteCapacity(version: min(max(version, 1), 40), level: errorCorrection)
  }

  /// Whether the module at column `x`, row `y` (from the top left, 0..<size) is dark;
  /// outside the symbol, in its quiet zone, every module is light.
  public func isDark(x: Int, y: Int) -> Bool {
    guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
    return modules[y * size + x]
  }

  /// Mode indicator 0100, the byte count, the bytes, the terminator (up to 4 zero bits),
  /// zero bits to a byte boundary, then the pad bytes 0xEC 0x11 alternately (§7.4).
  static func dataCodewords(_ data: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
    let capacity = QRTables.dataCodewords(version: version, level: level)
    var bits = BitWriter()
    bits.append(0b0100, count: 4)
    bits.append(data.count, count: QRTables.characterCountBits(version: version))
    for byte in data { bits.append(Int(byte), count: 8) }
    bits.append(0, count: min(4, capacity * 8 - bits.count))
    bits.append(0, count: (8 - bits.count % 8) % 8)
    var codewords = bits.bytes
    var pad: UInt8 = 0xEC
    while codewords.count < capacity {
      codewords.append(pad)
      pad ^= 0xEC ^ 0x11
    }
    return codewords
  }

  /// The data split into blocks (the short ones first, the long ones one codeword longer),
  /// each followed by its error correction, then read column by column across the blocks (§7.6).
  static func interleaved(_ data: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
    let blockCount = QRTables.blockCount(version: version, level: level)
    let eccLength = QRTables.eccCodewordsPerBlock(version: version, level: level)
    let rawCodewords = QRTables.rawDataModules(version: version) / 8
    let shortBlocks = blockCount - rawCodewords % blockCount
    let shortDataLength = rawCodewords / blockCount - eccLength
    let generator = ReedSolomon.generator(degree: eccLength)
    var dataBlocks: [ArraySlice<UInt8>] = []
    var eccBlocks: [[UInt8]] = []
    var start = 0
    for index in 0..<blockCount {
      let length = shortDataLength + (index < shortBlocks ? 0 : 1)
      let block = data[start..<(start + length)]
      start += length
      dataBlocks.append(block)
      eccBlocks.append(ReedSolomon.remainder(block, generator: generator))
    }
    var result: [UInt8] = []
    result.reserveCapacity(rawCodewords)
    for column in 0...shortDataLength {
      for block in dataBlocks where column < block.count { result.append(block[block.startIndex + column]) }
    }
    for column in 0..<eccLength {
      for block in eccBlocks { result.append(block[column]) }
    }
    return result
  }

  /// The mask whose symbol, format information included, has the lowest penalty; the first
  /// on a tie.
  static func bestMask(for matrix: QRMatrix, level: QRErrorCorrection) -> Int {
    var best = (mask: 0, penalty: Int.max)
    for mask in 0...7 {
      var candidate = matrix
      candidate.applyMask(mask)
      candidate.drawFormatBits(level: level, mask: mask)
      let penalty = QRPenalty.score(size: candidate.size) { candidate.isDark(x: $0, y: $1) }
      if penalty < best.penalty { best = (mask, penalty) }
    }
    return best.mask
  }
}

/// Why bytes cannot be made into a QR code.
public enum QRCodeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// More bytes than version 40 holds at the level asked for.
  case tooLong(byteCount: Int, capacity: Int)
  case noSuchMask(Int)

  public var description: String {
    switch self {
    case .tooLong(let count, let capacity):
      "\(count) bytes are more than a QR code holds (at most \(capacity) at this error correction level)"
    case .noSuchMask(let mask): "no mask \(mask): masks are 0 to 7"
    }
  }
}

/// Bits appended most significant first, packed into bytes.
private struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private(set) var count = 0

  mutating func append(_ value: Int, count bitCount: Int) {
    for shift in stride(from: bitCount - 1, through: 0, by: -1) {
      if count % 8 == 0 { bytes.append(0) }
      if (value >> shift) & 1 != 0 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
      count += 1
    }
  }
}
