/// A QR code drawn as terminal text, with a quiet zone of 4 light modules on every side.
public struct QRCodeText: Sendable {
  /// The characters modules are drawn with.
  public enum Glyphs: Sendable {
    /// One character per module column and two module rows: `█` both dark, `▀` the upper,
    /// `▄` the lower, a space neither. Square modules in a UTF-8 terminal.
    case halfBlocks
    /// Two characters per module, one line per module row: `##` dark, two spaces light. For
    /// a terminal whose locale is not UTF-8.
    case ascii
  }

  public static let quietZone = 4
  /// SGR black on white, so that dark modules read as dark on a dark theme too.
  static let blackOnWhite = "\u{1B}[30;47m"
  static let reset = "\u{1B}[0m"

  public let glyphs: Glyphs
  /// Whether each line is set black on white (a colour terminal).
  public let colours: Bool

  public init(glyphs: Glyphs, colours: Bool) {
    self.glyphs = glyphs
    self.colours = colours
  }

  /// The drawing, each line ended by a newline.
  public func draw(_ code: QRCode) -> String {
    let range = -Self.quietZone..<(code.size + Self.quietZone)
    var text = ""
    switch glyphs {
    case .halfBlocks:
      for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
        // An odd last row pairs with a light one below the quiet zone.
        let bottom = top + 1 < range.upperBound ? top + 1 : nil
        line(&text) {
          for x in range {
            let upper = code.isDark(x: x, y: top)
            let lower = bottom.map { code.isDark(x: x, y: $0) } ?? false
            $0 += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
          }
        }
      }
    case .ascii:
      for y in range {
        line(&text) { for x in range { $0 += code.isDark(x: x, y: y) ? "##" : "  " } }
      }
    }
    return text
  }

  private func line(_ text: inout String, _ modules: (inout String) -> Void) {
    if colours { text += Self.blackOnWhite }
    modules(&text)
    if colours { text += Self.reset }
    text += "\n"
  }
}
