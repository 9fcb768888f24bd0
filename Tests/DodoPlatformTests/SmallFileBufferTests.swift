import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

/// SmallFile sizes its buffer from `fstat` and grows it, so these read across each edge.
@Suite("SmallFile buffer")
struct SmallFileBufferTests {
  @Test(
    "a file whole, at and past the cap, across the growth of the buffer", arguments: [0, 1, 4095, 4096, 4097, 100_000])
  func sizes(size: Int) throws {
    let directory = TemporaryDirectory()
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    FileManager.default.createFile(atPath: directory.sub("f"), contents: Data(bytes))
    #expect(try SmallFile.read(directory.sub("f"), limit: 1 << 20)?.bytes == bytes)
    #expect(try SmallFile.read(directory.sub("f"), limit: size)?.bytes == bytes)
    #expect(try SmallFile.read(directory.sub("f"), limit: size / 2)?.bytes == Array(bytes.prefix(size / 2)))
  }

  @Test("a file fstat calls empty (a pipe) is read up to the cap")
  func unknownSize() throws {
    let pipe = try Syscalls.pipe()
    let read = pipe.read
    let write = pipe.write
    try Syscalls.writeAll(write, [UInt8](repeating: 7, count: 10_000))
    _ = consume write
    try Syscalls.configure(read, nonBlocking: false)
    #expect(try SmallFile.readAll(read, limit: 6_000) == [UInt8](repeating: 7, count: 6_000))
    #expect(try SmallFile.readAll(read, limit: 10_000) == [UInt8](repeating: 7, count: 4_000))
  }
}
