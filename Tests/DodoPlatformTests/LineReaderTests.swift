import Foundation
import Testing

@testable import DodoPlatform

@Suite("LineReader")
struct LineReaderTests {
  /// The lines and overlong starts that a reader with `limit` gets from `input`, through a real pipe.
  private func read(_ input: String, limit: Int) throws -> (lines: [String], tooLong: [String]) {
    let pipe = Pipe()
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(input.utf8))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    var lines: [String] = []
    var tooLong: [String] = []
    let reader = LineReader(
      fd: UnownedDescriptor(ownedElsewhere: pipe.fileHandleForReading.fileDescriptor), maximumLineLength: limit)
    try reader.forEachLine(
      tooLong: { tooLong.append(String(decoding: $0, as: UTF8.self)) },
      { lines.append(String(decoding: $0, as: UTF8.self)) })
    return (lines, tooLong)
  }

  @Test("lines, CRLF, a last line without newline, empty lines")
  func lines() throws {
    let read = try read("a\r\nbb\n\nccc", limit: 16)
    #expect(read.lines == ["a", "bb", "", "ccc"])
    #expect(read.tooLong.isEmpty)
  }

  @Test("a line of the limit or longer is reported by its start and passed over; reading goes on")
  func overlongLines() throws {
    let long = String(repeating: "x", count: 40)
    let read = try read("short\n\(long)\nafter\n\(String(repeating: "y", count: 16))\nend", limit: 16)
    #expect(read.lines == ["short", "after", "end"])
    #expect(read.tooLong == [String(repeating: "x", count: 16), String(repeating: "y", count: 16)])
  }

  @Test("many lines through a small buffer, each once, in order")
  func manyLines() throws {
    let input = (0..<5_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let read = try read(input, limit: 64)
    #expect(read.lines.count == 5_000)
    #expect(read.lines.last == "line 4999")
  }
}
