#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small file whole (a config file), never more than a cap, so that a huge file or
/// `/dev/zero` costs at most `limit` bytes.
public enum SmallFile {
  /// At most `limit` bytes of the file at `path` and what `fstat` says about it (symbolic
  /// links followed: config files are often linked from a dotfiles repository), or `nil`
  /// when nothing is there (`ENOENT`, or `ENOTDIR` for a path through a regular file).
  /// A directory is `EISDIR`.
  public static func read(_ path: String, limit: Int) throws(SystemError)
    -> (bytes: [UInt8], status: Syscalls.FileStatus)?
  {
    let fd: Int32
    do throws(SystemError) { fd = try Syscalls.open(path, O_RDONLY | O_CLOEXEC) } catch {
      if error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory { return nil }
      throw error
    }
    defer { Syscalls.close(fd) }
    let status = try Syscalls.fstat(fd, subject: path)
    if status.isDirectory { throw SystemError("read", errno: .isDirectory, subject: path) }
    var data = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let n = try Syscalls.read(fd, into: &data, at: count)
      if n == 0 { break }
      count += n
    }
    data.removeLast(limit - count)
    return (data, status)
  }
}
