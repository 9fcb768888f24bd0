import DodoTestSupport
import Foundation

/// Reads drawn QR codes back: the printed text as modules, the modules as an image for a real
/// reader (`zbarimg`, Debian's zbar-tools), and libqrencode's matrix (`qrencode`) to compare.
enum QRCodeReader {
  /// The modules of a drawing in half blocks (`█ ▀ ▄` and space, two rows a line) or in
  /// `##`/two spaces (one row a line); SGR colours are left out.
  static func modules(fromPrinted text: String) -> [[Bool]] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
    if lines.contains(where: { $0.contains("#") }) {
      return lines.map { line in Array(line).chunks(ofCount: 2).map { $0.elementsEqual("##") } }
    }
    var rows: [[Bool]] = []
    for line in lines {
      rows.append(line.map { $0 == "█" || $0 == "▀" })
      rows.append(line.map { $0 == "█" || $0 == "▄" })
    }
    return rows
  }

  /// What `zbarimg --raw -q` reads in `modules`, drawn `scale` pixels a module as a PGM image.
  static func decode(_ modules: [[Bool]], scale: Int = 4) throws -> ProcessOutput {
    let width = (modules.map(\.count).max() ?? 0) * scale
    var pixels = Data("P5\n\(width) \(modules.count * scale)\n255\n".utf8)
    for row in modules {
      let line = row.flatMap { [UInt8](repeating: $0 ? 0 : 255, count: scale) }
      let padded = line + [UInt8](repeating: 255, count: width - line.count)
      for _ in 0..<scale { pixels.append(contentsOf: padded) }
    }
    let path = TemporaryDirectory.shared.sub("qr-\(UUID().uuidString).pgm")
    try pixels.write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try Subprocess.run(
      "/usr/bin/env", ["zbarimg", "--raw", "-q", path], environment: ProcessInfo.processInfo.environment)
  }

  /// libqrencode's symbol for `text` in byte mode at `level` (L, M, Q or H), without its quiet zone.
  static func libqrencode(_ text: String, level: String) throws -> [[Bool]] {
    let run = try Subprocess.run(
      "/usr/bin/env",
      ["qrencode", "-8", "-l", level, "-m", "0", "-t", "ASCII", "-o", "-", text],
      environment: ProcessInfo.processInfo.environment)
    guard run.status == 0 else { throw ReaderError(message: "qrencode failed: \(run.stderr)") }
    let rows = run.stdout.split(separator: "\n").map { line in
      stride(from: 0, to: line.count, by: 2).map { line.dropFirst($0).hasPrefix("##") }
    }
    let size = rows.count
    return rows.map { $0 + [Bool](repeating: false, count: size - $0.count) }
  }

  /// The mask a symbol's format information names (the copy beside the top-left finder).
  static func mask(of modules: [[Bool]]) -> Int {
    var bits = 0
    for (index, (x, y)) in [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8)].enumerated()
    where modules[y][x] {
      bits |= 1 << index
    }
    for index in 9..<15 where modules[8][14 - index] { bits |= 1 << index }
    return ((bits ^ 0x5412) >> 10) & 7
  }

  struct ReaderError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}

extension Array {
  fileprivate func chunks(ofCount count: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)] }
  }
}
