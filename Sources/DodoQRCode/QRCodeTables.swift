/// How much of a code may be damaged and still read: about 7 %, 15 %, 25 % or 30 % of its
/// codewords (ISO/IEC 18004 §5.3.8).
public enum QRErrorCorrection: Int, Sendable, CaseIterable {
  case low, medium, quartile, high

  /// The two bits that name the level in the format information (Table 12).
  var formatBits: Int {
    switch self {
    case .low: 1
    case .medium: 0
    case .quartile: 3
    case .high: 2
    }
  }
}

/// The standard's capacity tables (ISO/IEC 18004 Table 9), indexed by version 1…40.
enum QRTables {
  static let versions = 1...40

  /// Error correction codewords in each block.
  static func eccCodewordsPerBlock(version: Int, level: QRErrorCorrection) -> Int {
    eccPerBlock[level.rawValue][version - 1]
  }

  /// Blocks the codewords are split into.
  static func blockCount(version: Int, level: QRErrorCorrection) -> Int {
    blocks[level.rawValue][version - 1]
  }

  /// Modules that carry codewords (and remainder bits): all but the function patterns and
  /// the format and version information.
  static func rawDataModules(version: Int) -> Int {
    var modules = (16 * version + 128) * version + 64
    if version >= 2 {
      let alignmentCount = version / 7 + 2
      modules -= (25 * alignmentCount - 10) * alignmentCount - 55
      if version >= 7 { modules -= 36 }
    }
    return modules
  }

  /// Data codewords, the error correction ones left out.
  static func dataCodewords(version: Int, level: QRErrorCorrection) -> Int {
    rawDataModules(version: version) / 8
      - eccCodewordsPerBlock(version: version, level: level) * blockCount(version: version, level: level)
  }

  /// The bytes byte mode holds at `version`: its data bits less the mode indicator and the
  /// character count (8 bits up to version 9, 16 from 10).
  static func byteCapacity(version: Int, level: QRErrorCorrection) -> Int {
    (dataCodewords(version: version, level: level) * 8 - 4 - characterCountBits(version: version)) / 8
  }

  static func characterCountBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

  /// The centres of the alignment patterns along each axis (Annex E): 6, then evenly spaced
  /// (an even step) back from size - 7.
  static func alignmentPositions(version: Int) -> [Int] {
    guard version > 1 else { return [] }
    let count = version / 7 + 2
    let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
    let last = version * 4 + 10
    return [6] + (1..<count).map { last - (count - 1 - $0) * step }
  }

  private static let eccPerBlock: [[Int]] = [
    [
      7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
      28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
      10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
      26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ],
    [
      13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
      28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
      17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
      30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
  ]

  private static let blocks: [[Int]] = [
    [
      1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
      8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ],
    [
      1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
      17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ],
    [
      1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
      23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
    ],
    [
      1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
      25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
    ],
  ]
}
