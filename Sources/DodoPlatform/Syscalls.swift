#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place where DodoPlatform calls C, in the manner of swift-system: thin shims over
/// the C functions (`Internals/`), and these Swift-named wrappers, one per call, which name
/// their system call in the doc comment, turn `errno` into a `SystemError` and retry on
/// `EINTR`. The wrappers are grouped by domain: files, descriptors, sockets, processes.
package enum Syscalls {
  /// Calls `body` again while it fails with `EINTR` (`-1` and `errno`): its result, or the
  /// `errno` of the failure. The one retry loop of the layer; a wrapper that treats some
  /// `errno` as an answer (`ENOENT` → `nil`) switches over this result.
  @inline(__always)
  static func retryingOnInterrupt<T: FixedWidthInteger>(_ body: () -> T) -> Result<T, Errno> {
    while true {
      let result = body()
      if result != -1 { return .success(result) }
      let code = Errno.current
      if code != .interrupted { return .failure(code) }
    }
  }

  /// `retryingOnInterrupt`, with any failure thrown as a `SystemError` of `call` on `subject`.
  @inline(__always)
  static func retrying<T: FixedWidthInteger>(
    _ call: String, _ subject: String? = nil, _ body: () -> T
  ) throws(SystemError) -> T {
    switch retryingOnInterrupt(body) {
    case .success(let result): return result
    case .failure(let code): throw SystemError(call, errno: code, subject: subject)
    }
  }

  /// `read(2)`: up to `buffer.count` bytes; 0 at end of file.
  static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    try retrying("read") { systemRead(fd, buffer.baseAddress, buffer.count) }
  }

  /// `write(2)`, repeated until every byte is written.
  static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) {
    var offset = 0
    guard let start = buffer.baseAddress else { return }
    while offset < buffer.count {
      offset += try retrying("write") { systemWrite(fd, start + offset, buffer.count - offset) }
    }
  }

  /// The process environment, read from `environ(7)`; for a name given twice, the first wins
  /// as `getenv(3)` does. Decoded without loss (`SystemText`), so a path in it names its file.
  package static func environment() -> [String: String] {
    guard let entries = environmentEntries else { return [:] }
    return environment(of: entries)
  }

  /// `entries` (a NULL-ended list of `NAME=value` C strings, as `environ(7)`) as a dictionary,
  /// as `environment()` reads it.
  package static func environment(of entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
    // Sized for a usual environment (a few dozen names), so that it is not rehashed as it grows.
    var result: [String: String] = Dictionary(minimumCapacity: 64)
    // Last to first, each entry stored over a later one of its name: the first wins, and each
    // name is hashed once (a look-up before storing hashed it twice).
    forEachEntry(of: entries, lastFirst: true) { entry in
      // Split at the first `=` byte, as getenv(3) does: an ASCII byte is never part of a
      // longer UTF-8 sequence, so each side decodes as it would have within the whole entry.
      guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { return }
      result[SystemText.decode(entry[..<equals])] = SystemText.decode(entry[(equals + 1)...])
    }
    return result
  }

  /// `environ(7)` as the bytes it holds, one `NAME=value` entry each: String decoding would
  /// turn invalid UTF-8 into U+FFFD, which a plugin must not receive.
  package static func environmentBytes() -> [[UInt8]] {
    var result: [[UInt8]] = []
    guard let entries = environmentEntries else { return result }
    forEachEntry(of: entries) { result.append(Array($0)) }
    return result
  }

  /// `environ(7)`; `nil` when it is NULL (on Darwin).
  private static var environmentEntries: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
      guard let entries = _NSGetEnviron().pointee else { return nil }
      return UnsafePointer(entries)
    #else
      UnsafePointer(environ)
    #endif
  }

  /// Calls `body` with the bytes of each entry of `entries` in place (valid during the call
  /// only), so that reading the environment copies each entry once, into its strings.
  private static func forEachEntry(
    of entries: UnsafePointer<UnsafeMutablePointer<CChar>?>, lastFirst: Bool = false,
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var count = 0
    while entries[count] != nil { count += 1 }
    let (first, last, step) = lastFirst ? (count - 1, 0, -1) : (0, count - 1, 1)
    for index in stride(from: first, through: last, by: step) {
      guard let pointer = entries[index] else { continue }
      let start = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
      body(UnsafeBufferPointer(start: start, count: strlen(pointer)))
    }
  }

  /// This process's `argv`, decoded without loss (`SystemText`): `CommandLine.arguments`
  /// turns bytes that are not UTF-8 into U+FFFD, and a path with them into another file's.
  package static func arguments() -> [String] { argumentBytes().map(SystemText.decode) }

  /// This process's `argv` as bytes, for the same reason as `environmentBytes`.
  package static func argumentBytes() -> [[UInt8]] {
    (0..<Int(CommandLine.argc)).map { index in
      CommandLine.unsafeArgv[index].map { bytes(of: $0) } ?? []
    }
  }

  /// The bytes of a C string, without its terminating NUL and without decoding them.
  static func bytes(of string: UnsafePointer<CChar>) -> [UInt8] {
    Array(
      UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string)))
  }

  /// `exit(3)`: flushes nothing of ours; callers flush their `OutputFile`s first.
  package static func exit(_ status: Int32) -> Never { systemExit(status) }
}
