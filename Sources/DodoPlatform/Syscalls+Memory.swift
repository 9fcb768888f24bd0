#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// Gives the kernel back the resident pages of this program's machine code, and asks it to
  /// map only the pages touched from now on (`MADV_RANDOM`: no fault-around of the 64 KB
  /// around each fault). For a process about to wait for minutes, as `dodo start` does: the
  /// code it ran to get there (parsing, configuration, the browser launch) is dropped, and
  /// what the wait and the result need comes back from the page cache on first use.
  ///
  /// Only the executable's own `r-xp` mappings, read from `/proc/self/maps`: code is never
  /// written, so dropping it loses nothing, unlike the relocated, read-only-after-start
  /// `r--p` pages (GNU_RELRO), which would revert to the file's bytes. Linux only; elsewhere,
  /// and on any failure, it does nothing, as memory is all that is at stake.
  package static func releaseProgramCode() {
    #if os(Linux)
      guard let executable = try? readlink("/proc/self/exe"),
        let fd = try? open("/proc/self/maps", .readOnly, [.closeOnExec]),
        let maps = try? readAll(fd, limit: 1 << 20)
      else { return }
      for line in maps.split(separator: UInt8(ascii: "\n")) {
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        // The path is padded to a column: the last field keeps the spaces before it.
        guard fields.count == 6, fields[1].elementsEqual("r-xp".utf8),
          String(decoding: fields[5].drop { $0 == UInt8(ascii: " ") }, as: UTF8.self) == executable
        else { continue }
        let range = fields[0].split(separator: UInt8(ascii: "-"))
        guard range.count == 2, let start = UInt(String(decoding: range[0], as: UTF8.self), radix: 16),
          let end = UInt(String(decoding: range[1], as: UTF8.self), radix: 16), end > start,
          let address = UnsafeMutableRawPointer(bitPattern: start)
        else { continue }
        _ = systemMadvise(address, Int(end - start), MADV_RANDOM)
        _ = systemMadvise(address, Int(end - start), MADV_DONTNEED)
      }
    #endif
  }
}

extension Syscalls {
  /// Makes a core dump of this process impossible: a zero core size limit (`setrlimit`
  /// `RLIMIT_CORE`) and, on Linux, not
  /// dumpable (`PR_SET_DUMPABLE` 0, which also keeps another process of the same user from
  /// reading its memory through `/proc` or `ptrace`). The API key and webhook secret sit in
  /// this process's memory. Best effort: a failure leaves things as they were.
  package static func forbidCoreDumps() {
    _ = systemForbidCoreFiles()
    #if os(Linux)
      _ = systemForbidDumping()
    #endif
  }
}
