import DodoPlatform
import Foundation
import Testing

/// `Syscalls.releaseProgramCode()`, as a waiting `dodo start` calls it: the executable's
/// resident code goes back to the kernel, and the program runs on (the pages come back from
/// the page cache as they are needed).
@Suite("Releasing the program's code pages")
struct ProgramCodeReleaseTests {
  /// Resident kilobytes of this executable's `r-xp` mappings, from /proc/self/smaps.
  private func residentCode() throws -> Int {
    let executable = try Syscalls.readlink("/proc/self/exe")
    let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
    var total = 0
    var inCode = false
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if fields.count >= 2, fields[0].contains("-"), fields[0].first?.isHexDigit == true {
        inCode = fields[1] == "r-xp" && fields.count >= 6 && fields[5...].joined(separator: " ") == executable
      } else if inCode, fields.first == "Rss:", let kilobytes = Int(fields[1]) {
        total += kilobytes
      }
    }
    return total
  }

  @Test("the executable's resident code shrinks, and each mapping is advised twice (random, don't need)")
  func releases() throws {
    #if os(Linux)
      let before = try residentCode()
      let mock = SyscallMock([:])
      SyscallMock.$current.withValue(mock) { Syscalls.releaseProgramCode() }
      let after = try residentCode()
      #expect(mock.calls.filter { $0 == "madvise" }.count >= 2)
      #expect(after < before / 2, "resident code: \(before) kB before, \(after) kB after")
    #endif
  }

  @Test("a failing madvise changes nothing else")
  func failureIsHarmless() {
    SyscallMock.$current.withValue(SyscallMock(["madvise": [.fail(.invalidArgument), .fail(.invalidArgument)]])) {
      Syscalls.releaseProgramCode()
    }
  }
}
