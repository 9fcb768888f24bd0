import Testing

@testable import DodoQRCode

@Suite("mask penalty (ISO/IEC 18004 Table 11)")
struct QRPenaltyTests {
  private func line(_ pattern: String) -> Int {
    let modules = pattern.map { $0 == "#" }
    return QRPenalty.lineScore(size: modules.count) { modules[$0] }
  }

  @Test("rule 1: 3 for a run of five, one more for each module beyond")
  func runs() {
    #expect(line("#.#.") == 0)
    #expect(line("#####.#.") == 3)
    #expect(line("#######.") == 5)
    #expect(line(".#.#.#.#.....") == 3)
  }

  @Test("rule 3: 40 for 1:1:3:1:1 with four light modules before or after, the quiet zone counting as light")
  func finderLike() {
    // At the line's start, the quiet zone is the light before it; 4 light after it too: counted once.
    #expect(line("#.###.#....#") == 40)
    // Light before it inside the line (the run of 4 light is no run of 5).
    #expect(line("#.#....#.###.#.#") == 40)
    // Scaled by two.
    // (and rule 1 for the 8 light and the 6 dark).
    #expect(line("........##..######..##.#") == 40 + 6 + 4)
    // Too little light on either side.
    #expect(line("#..#.###.#..#") == 0)
    // Not the ratio.
    #expect(line("....#.##.#.#....") == 0)
  }

  @Test("rule 2: 3 for each 2×2 block of one colour")
  func blocks() {
    let grid = [[true, true, false], [true, true, false], [false, false, false]]
    #expect(QRPenalty.blocks(size: 3) { grid[$1][$0] } == 3)
    #expect(QRPenalty.blocks(size: 3) { _, _ in true } == 12)
  }

  @Test("rule 4: 10 for each whole 5 % step of the dark share, rounded to a percent, away from 50 %")
  func balance() {
    #expect(QRPenalty.balanceScore(dark: 50, total: 100) == 0)
    #expect(QRPenalty.balanceScore(dark: 544, total: 1000) == 0)
    #expect(QRPenalty.balanceScore(dark: 546, total: 1000) == 10)
    #expect(QRPenalty.balanceScore(dark: 39, total: 100) == 20)
    #expect(QRPenalty.balanceScore(dark: 0, total: 100) == 100)
  }
}

@Suite("QR code symbols")
struct QRCodeSymbolTests {
  @Test("the smallest version that holds the bytes, and a clear error past version 40")
  func versions() throws {
    #expect(try QRCode(encoding: Array("https://x.io".utf8)).version == 1)
    #expect(try QRCode(encoding: [UInt8](repeating: 0x41, count: 14)).version == 1)
    #expect(try QRCode(encoding: [UInt8](repeating: 0x41, count: 15)).version == 2)
    #expect(try QRCode(encoding: [UInt8](repeating: 0x41, count: 2331)).version == 40)
    #expect(throws: QRCodeError.tooLong(byteCount: 2332, capacity: 2331)) {
      try QRCode(encoding: [UInt8](repeating: 0x41, count: 2332))
    }
    #expect(QRCode.byteCapacity(version: 40, errorCorrection: .low) == 2953)
    #expect(QRCode.byteCapacity(version: 1, errorCorrection: .high) == 7)
  }

  @Test("byte mode's codewords: mode, count, data, terminator, then 0xEC 0x11 padding")
  func dataCodewords() {
    #expect(
      QRCode.dataCodewords(Array("hi".utf8), version: 1, level: .high)
        == [0x40, 0x26, 0x86, 0x90, 0xEC, 0x11, 0xEC, 0x11, 0xEC])
  }

  @Test("finders, timing, the dark module and the format bits are where the standard puts them")
  func functionPatterns() throws {
    let code = try QRCode(encoding: Array("https://test.checkout.dodopayments.com/session/cks_1".utf8), mask: 3)
    #expect(code.size == code.version * 4 + 17)
    for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
      #expect(code.isDark(x: x, y: y) && code.isDark(x: x + 6, y: y + 6) && !code.isDark(x: x + 1, y: y + 1))
      #expect(code.isDark(x: x + 3, y: y + 3))
    }
    #expect((8..<(code.size - 8)).allSatisfy { code.isDark(x: $0, y: 6) == ($0 % 2 == 0) })
    #expect(code.isDark(x: 8, y: code.size - 8))
    let format = QRFormat.formatBits(level: .medium, mask: 3)
    #expect((0..<8).allSatisfy { code.isDark(x: code.size - 1 - $0, y: 8) == ((format >> $0) & 1 != 0) })
    #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: 0, y: code.size))
    #expect(throws: QRCodeError.noSuchMask(8)) { try QRCode(encoding: [1], mask: 8) }
  }
}

@Suite("QR codes as terminal text")
struct QRCodeTextTests {
  private let code: QRCode = {
    do { return try QRCode(encoding: Array("https://x.io".utf8), mask: 0) } catch { preconditionFailure("\(error)") }
  }()

  @Test("half blocks: one character a module wide, two high, with a quiet zone of 4 on every side")
  func halfBlocks() {
    let lines = QRCodeText(glyphs: .halfBlocks, colours: false).draw(code).split(separator: "\n")
    // 21 modules + 8 of quiet zone: 29 wide, 15 lines (the last pairs a row with a light one).
    #expect(lines.count == 15)
    #expect(lines.allSatisfy { $0.count == 29 })
    #expect(lines[0] == String(repeating: " ", count: 29))
    #expect(lines[1] == String(repeating: " ", count: 29))
    // Rows 4 and 5: the top of the finders, all dark then dark-light-…-light-dark.
    #expect(lines[2].hasPrefix("    █▀▀▀▀▀█ "))
    #expect(lines[14] == String(repeating: " ", count: 29))
    #expect(Set(lines.joined()).isSubset(of: ["█", "▀", "▄", " "]))
  }

  @Test("## and two spaces, one line a module row, in a non-UTF-8 locale")
  func ascii() {
    let lines = QRCodeText(glyphs: .ascii, colours: false).draw(code).split(separator: "\n")
    #expect(lines.count == 29)
    #expect(lines.allSatisfy { $0.count == 58 })
    #expect(lines[4].hasPrefix("        ##############  "))
  }

  @Test("black on white on a colour terminal, each line reset at its end")
  func colours() {
    let lines = QRCodeText(glyphs: .halfBlocks, colours: true).draw(code).split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;47m") && $0.hasSuffix("\u{1B}[0m") })
  }
}
