#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a reader, or a crash at any point, sees the old contents or the
/// new ones, never a torn mix.
public enum AtomicFile {
  /// A temporary file in the same directory (`O_EXCL`, `mode`, `0600` unless a caller keeps
  /// a file's own), written and fsynced, renamed over `path`, then the directory fsynced so
  /// the rename itself is durable.
  public static func write(_ bytes: [UInt8], to path: String, directory: String, mode: UInt32 = 0o600) throws(SystemError) {
    let name = path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]
    let temporary = DodoDirectories.join(directory, ".\(name).\(Syscalls.processID()).tmp")
    _ = try? Syscalls.unlink(temporary)  // left by a killed process that had the same pid
    let fd = try Syscalls.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode: mode)
    do throws(SystemError) {
      try Syscalls.writeAll(fd, bytes)
      try Syscalls.fsync(fd, subject: temporary)
      Syscalls.close(fd)
      try Syscalls.rename(temporary, path)
    } catch {
      Syscalls.close(fd)
      _ = try? Syscalls.unlink(temporary)
      throw error
    }
    try syncDirectory(directory)
  }

  /// `fsync` of a directory: makes a rename or an unlink in it durable.
  public static func syncDirectory(_ directory: String) throws(SystemError) {
    let fd = try Syscalls.open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    defer { Syscalls.close(fd) }
    try Syscalls.fsync(fd, subject: directory)
  }
}
