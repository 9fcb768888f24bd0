import DodoPlatform
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("The environment as a dictionary")
struct EnvironmentTests {
  /// `entries` as `environ(7)` holds them: C strings and a NULL after the last.
  private func environment(_ entries: [[UInt8]]) -> [String: String] {
    let strings = entries.map { bytes in
      let string = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { string[index] = CChar(bitPattern: byte) }
      string[bytes.count] = 0
      return string
    }
    defer { for string in strings { string.deallocate() } }
    let list = (strings + [nil]) as [UnsafeMutablePointer<CChar>?]
    return list.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { Syscalls.environment(of: $0) } ?? [:]
    }
  }

  @Test("a name given twice keeps its first value, as getenv(3) does")
  func firstWins() {
    let entries = ["DODO_BROWSER=first", "HOME=/home/a", "DODO_BROWSER=second", "DODO_BROWSER=third"]
    let result = environment(entries.map { Array($0.utf8) })
    #expect(result == ["DODO_BROWSER": "first", "HOME": "/home/a"])
  }

  @Test("each entry splits at its first '=', an entry without one is left out, bytes are kept")
  func splitting() {
    let result = environment([
      Array("A=b=c".utf8), Array("NOEQUALS".utf8), Array("EMPTY=".utf8), [0x50, 0x3D, 0x2F, 0xFF],
    ])
    #expect(result == ["A": "b=c", "EMPTY": "", "P": "/\u{EFFF}"])
  }

  @Test("no entries: an empty dictionary")
  func empty() {
    #expect(environment([]).isEmpty)
  }
}
