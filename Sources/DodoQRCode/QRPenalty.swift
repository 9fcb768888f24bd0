/// The penalty of a masked symbol (ISO/IEC 18004 §7.8.3, Table 11): the encoder keeps the
/// mask with the lowest. The area around the symbol counts as light, as its quiet zone is.
package enum QRPenalty {
  static let adjacent = 3
  static let block = 3
  static let finderLike = 40
  static let balance = 10

  /// The total of the four rules for a `size`×`size` grid read through `isDark`.
  package static func score(size: Int, isDark: (_ x: Int, _ y: Int) -> Bool) -> Int {
    var total = 0
    for line in 0..<size {
      total += lineScore(size: size) { isDark($0, line) }
      total += lineScore(size: size) { isDark(line, $0) }
    }
    total += blocks(size: size, isDark: isDark)
    var dark = 0
    for y in 0..<size { for x in 0..<size where isDark(x, y) { dark += 1 } }
    return total + balanceScore(dark: dark, total: size * size)
  }

  /// Rules 1 and 3 along one row or column: 3 for a run of 5 of one colour, 1 more for each
  /// module beyond; 40 for each 1:1:3:1:1 dark-light-dark-light-dark pattern with 4 light
  /// modules before or after it.
  package static func lineScore(size: Int, isDark: (Int) -> Bool) -> Int {
    // Run lengths, alternating from a light run (empty when the line starts dark).
    var runs: [Int] = []
    var colour = false
    var length = 0
    for index in 0..<size {
      if isDark(index) == colour {
        length += 1
      } else {
        runs.append(length)
        colour.toggle()
        length = 1
      }
    }
    runs.append(length)
    var score = 0
    for run in runs where run >= 5 { score += adjacent + run - 5 }
    // Dark runs sit at odd indexes; the quiet zone makes the line's ends light enough.
    for centre in stride(from: 3, to: runs.count - 2, by: 2) {
      let unit = runs[centre] / 3
      guard runs[centre] % 3 == 0, unit > 0,
        runs[centre - 2] == unit, runs[centre - 1] == unit, runs[centre + 1] == unit, runs[centre + 2] == unit
      else { continue }
      let lightBefore = centre - 3 == 0 || runs[centre - 3] >= 4 * unit
      let lightAfter = centre + 3 >= runs.count - 1 || runs[centre + 3] >= 4 * unit
      if lightBefore || lightAfter { score += finderLike }
    }
    return score
  }

  /// Rule 2: 3 for each 2×2 block of one colour (overlapping blocks each count).
  static func blocks(size: Int, isDark: (Int, Int) -> Bool) -> Int {
    var score = 0
    for y in 0..<(size - 1) {
      for x in 0..<(size - 1) {
        let colour = isDark(x, y)
        if isDark(x + 1, y) == colour, isDark(x, y + 1) == colour, isDark(x + 1, y + 1) == colour { score += block }
      }
    }
    return score
  }

  /// Rule 4: 10 for each full 5 % step by which the dark share, rounded to a whole percent,
  /// is away from 50 %.
  package static func balanceScore(dark: Int, total: Int) -> Int {
    let percent = (200 * dark + total) / total / 2
    return abs(percent - 50) / 5 * balance
  }
}
