/// A file a command reads whole (a webhook body, a request copied from a log): a path, or
/// `-` for standard input; never more than a cap.
package enum InputFile {
  /// The bytes of `path` (`-`: of `stdinFD`), at most `limit`; more is an error rather than
  /// a body cut short.
  package static func read(_ path: String, stdinFD: UnownedDescriptor, limit: Int) throws(PlatformError) -> [UInt8] {
    let bytes: [UInt8]
    if path == "-" {
      do throws(SystemError) { bytes = try Syscalls.readAll(stdinFD, limit: limit + 1) } catch {
        throw PlatformError("cannot read standard input: \(error)")
      }
    } else {
      guard let file = try SmallFile.read(path, limit: limit + 1) else {
        throw PlatformError("cannot read \(path): no such file")
      }
      bytes = file.bytes
    }
    guard bytes.count <= limit else {
      throw PlatformError("\(path == "-" ? "standard input" : path) is larger than \(limit) bytes")
    }
    return bytes
  }

  /// The first line of standard input (`stdinFD`), without its line end (`\n` or `\r\n`), as
  /// a secret is piped in; `nil` when that line is empty. At most `limit` bytes are read.
  package static func firstLine(stdinFD: UnownedDescriptor, limit: Int) throws(PlatformError) -> String? {
    var line = try read("-", stdinFD: stdinFD, limit: limit).prefix { $0 != UInt8(ascii: "\n") }
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
  }
}
