/// The module grid of one symbol while it is built: the function patterns (finders, timing,
/// alignment, format and version information) first, then the codewords, then a mask.
struct QRMatrix {
  let version: Int
  let size: Int
  /// Row by row: `modules[y * size + x]`, `true` for dark.
  private(set) var modules: [Bool]
  /// Which modules belong to a function pattern, which masks leave alone.
  private var isFunction: [Bool]

  init(version: Int) {
    self.version = version
    size = version * 4 + 17
    modules = [Bool](repeating: false, count: size * size)
    isFunction = modules
    drawFunctionPatterns()
  }

  func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }

  private mutating func setFunction(x: Int, y: Int, dark: Bool) {
    modules[y * size + x] = dark
    isFunction[y * size + x] = true
  }

  /// Finder, separator, timing and alignment patterns, the version information, and room
  /// for the format information (drawn for real once the mask is known).
  private mutating func drawFunctionPatterns() {
    for index in 0..<size {
      setFunction(x: 6, y: index, dark: index % 2 == 0)
      setFunction(x: index, y: 6, dark: index % 2 == 0)
    }
    for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(centreX: x, centreY: y) }
    let positions = QRTables.alignmentPositions(version: version)
    let last = positions.count - 1
    for (i, x) in positions.enumerated() {
      for (j, y) in positions.enumerated() where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0))
      {
        drawAlignment(centreX: x, centreY: y)
      }
    }
    drawFormatBits(level: .medium, mask: 0)
    drawVersionBits()
  }

  /// A 7×7 finder with its light separator, cut off at the symbol's edge.
  private mutating func drawFinder(centreX: Int, centreY: Int) {
    for dy in -4...4 {
      for dx in -4...4 {
        let x = centreX + dx
        let y = centreY + dy
        guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
        let distance = max(abs(dx), abs(dy))
        setFunction(x: x, y: y, dark: distance != 2 && distance != 4)
      }
    }
  }

  private mutating func drawAlignment(centreX: Int, centreY: Int) {
    for dy in -2...2 {
      for dx in -2...2 { setFunction(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1) }
    }
  }

  /// The 15 format bits (level and mask, BCH-protected, XOR 0x5412), both copies, and the
  /// dark module beside the lower-left finder (§7.9).
  mutating func drawFormatBits(level: QRErrorCorrection, mask: Int) {
    let bits = QRFormat.formatBits(level: level, mask: mask)
    func bit(_ index: Int) -> Bool { (bits >> index) & 1 != 0 }
    for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
    setFunction(x: 8, y: 7, dark: bit(6))
    setFunction(x: 8, y: 8, dark: bit(7))
    setFunction(x: 7, y: 8, dark: bit(8))
    for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
    for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
    for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
    setFunction(x: 8, y: size - 8, dark: true)
  }

  /// The 18 version bits (versions 7 and up), in the two 6×3 blocks (§7.10).
  private mutating func drawVersionBits() {
    guard version >= 7 else { return }
    let bits = QRFormat.versionBits(version: version)
    for index in 0..<18 {
      let dark = (bits >> index) & 1 != 0
      let a = size - 11 + index % 3
      let b = index / 3
      setFunction(x: a, y: b, dark: dark)
      setFunction(x: b, y: a, dark: dark)
    }
  }

  /// The codewords, most significant bit first, up and down two-module columns from the
  /// right, skipping the vertical timing column (§7.7.3); remainder bits stay light.
  mutating func placeCodewords(_ codewords: [UInt8]) {
    let bitCount = codewords.count * 8
    var next = 0
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      let upward = (right + 1) & 2 == 0
      for step in 0..<size {
        let y = upward ? size - 1 - step : step
        for x in [right, right - 1] where !isFunction[y * size + x] && next < bitCount {
          modules[y * size + x] = (codewords[next >> 3] >> UInt8(7 - (next & 7))) & 1 != 0
          next += 1
        }
      }
      right -= 2
    }
  }

  /// Inverts the data modules where mask `mask`'s condition holds (Table 10); applying the
  /// same mask twice undoes it.
  mutating func applyMask(_ mask: Int) {
    for y in 0..<size {
      for x in 0..<size where !isFunction[y * size + x] && Self.maskInverts(mask, x: x, y: y) {
        modules[y * size + x].toggle()
      }
    }
  }

  static func maskInverts(_ mask: Int, x: Int, y: Int) -> Bool {
    switch mask {
    case 0: (x + y) % 2 == 0
    case 1: y % 2 == 0
    case 2: x % 3 == 0
    case 3: (x + y) % 3 == 0
    case 4: (x / 3 + y / 2) % 2 == 0
    case 5: x * y % 2 + x * y % 3 == 0
    case 6: (x * y % 2 + x * y % 3) % 2 == 0
    default: ((x + y) % 2 + x * y % 3) % 2 == 0
    }
  }
}

/// The BCH-coded format and version information (Annex C and D).
package enum QRFormat {
  /// Level and mask (5 bits), their BCH(15,5) remainder, XOR the mask 0x5412.
  package static func formatBits(level: QRErrorCorrection, mask: Int) -> Int {
    let data = level.formatBits << 3 | mask
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    return (data << 10 | remainder & 0x3FF) ^ 0x5412
  }

  /// The version (6 bits) and its BCH(18,6) remainder.
  package static func versionBits(version: Int) -> Int {
    var remainder = version
    for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
    return version << 12 | remainder & 0xFFF
  }
}
