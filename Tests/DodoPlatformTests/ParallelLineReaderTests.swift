import DodoBytes
import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

/// Collects a chunk's lines (`L:`) and overlong starts (`T:`) as text, in the order decoded.
private final class Collector: LineChunkDecoder {
  var items: [String] = []
  func line(_ bytes: ByteView) { items.append("L:" + bytes.string) }
  func tooLong(_ start: ByteView) { items.append("T:" + start.string) }
}

@Suite("ParallelLineReader")
struct ParallelLineReaderTests {
  /// What `ParallelLineReader` gives for the file holding `input`, chunk by chunk, in emitted order.
  private func parallel(_ input: String, limit: Int, chunkSize: Int, threads: Int = 2) throws -> [String] {
    try reading(input) { fd in
      var items: [String] = []
      var collectors: [Collector] = []
      let reader = ParallelLineReader(fd: fd, maximumLineLength: limit, chunkSize: chunkSize, threads: threads) {
        collectors.append(Collector())
        return collectors[collectors.count - 1]
      }
      try reader.forEachChunk { index in
        items += collectors[index].items
        collectors[index].items = []
      }
      return items
    }
  }

  /// What `LineReader`, the one-line-at-a-time reader, gives for `input`: the expected answer.
  private func sequential(_ input: String, limit: Int) throws -> [String] {
    try reading(input) { fd in
      var items: [String] = []
      try LineReader(fd: fd, maximumLineLength: limit).forEachLine(
        tooLong: { items.append("T:" + String(decoding: $0, as: UTF8.self)) },
        { items.append("L:" + String(decoding: $0, as: UTF8.self)) })
      return items
    }
  }

  /// `body` over a descriptor reading a file that holds `input`.
  private func reading(_ input: String, _ body: (UnownedDescriptor) throws -> [String]) throws -> [String] {
    let directory = TemporaryDirectory()
    let handle = try #require(FileHandle(forReadingAtPath: try directory.write("input", input)))
    defer { try? handle.close() }
    return try body(UnownedDescriptor(ownedElsewhere: handle.fileDescriptor))
  }

  private static let mixed =
    "a\r\nbb\n\nccc\n" + String(repeating: "x", count: 15) + "\n" + String(repeating: "y", count: 16)
    + "\r\nshort\n" + String(repeating: "z", count: 40) + "\n\r\n" + String(repeating: "w", count: 14) + "\rend"

  @Test("chunk boundaries at every position: the lines and overlong starts of LineReader, in order")
  func everyBoundary() throws {
    let expected = try sequential(Self.mixed, limit: 16)
    #expect(expected.contains("T:" + String(repeating: "y", count: 16)))
    for chunkSize in 1...(Self.mixed.utf8.count + 1) {
      for threads in [1, 2] {
        let items = try parallel(Self.mixed, limit: 16, chunkSize: chunkSize, threads: threads)
        #expect(items == expected, "chunk size \(chunkSize), \(threads) threads")
      }
    }
  }

  @Test("a line longer than a chunk grows its chunk; an overlong one is cut at the limit, and the lines after go on")
  func longLines() throws {
    let long = String(repeating: "l", count: 5_000)
    let overlong = String(repeating: "o", count: 3 * 8_192)
    let input = "first\n\(long)\n\(overlong)\nafter\n\(overlong)"
    let items = try parallel(input, limit: 8_192, chunkSize: 64)
    #expect(
      items == [
        "L:first", "L:" + long, "T:" + String(overlong.prefix(8_192)), "L:after", "T:" + String(overlong.prefix(8_192)),
      ])
  }

  @Test("empty input, and input of blank lines only")
  func emptyInput() throws {
    #expect(try parallel("", limit: 16, chunkSize: 4).isEmpty)
    #expect(try parallel("\n\n", limit: 16, chunkSize: 4) == ["L:", "L:"])
  }

  @Test("many chunks over two threads come out in input order, each line once")
  func order() throws {
    let input = (0..<50_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let items = try parallel(input, limit: 1 << 20, chunkSize: 256)
    #expect(items == (0..<50_000).map { "L:line \($0)" })
  }

  @Test("input that arrives slowly: each line is emitted before the next is written")
  func streaming() throws {
    let pipe = Pipe()
    let emitted = DispatchSemaphore(value: 0)
    let answeredInTime = Outcome<Bool>()
    let writer = pipe.fileHandleForWriting
    Thread {
      var inTime = true
      for index in 0..<5 {
        writer.write(Data("line \(index)\n".utf8))
        if emitted.wait(timeout: .now() + 5) == .timedOut { inTime = false }
      }
      try? writer.close()
      answeredInTime.set(inTime)
    }.start()
    var items: [String] = []
    var collectors: [Collector] = []
    let reader = ParallelLineReader(
      fd: UnownedDescriptor(ownedElsewhere: pipe.fileHandleForReading.fileDescriptor), chunkSize: 1 << 16
    ) {
      collectors.append(Collector())
      return collectors[collectors.count - 1]
    }
    try reader.forEachChunk { index in
      if !collectors[index].items.isEmpty { emitted.signal() }
      items += collectors[index].items
      collectors[index].items = []
    }
    #expect(answeredInTime.wait() == true)
    #expect(items == (0..<5).map { "L:line \($0)" })
  }
}
