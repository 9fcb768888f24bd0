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
      if error.errno == ENOENT || error.errno == ENOTDIR { return nil }
      throw error
    }
    defer { Syscalls.close(fd) }
    let status = try Syscalls.fstat(fd, subject: path)
    if status.isDirectory { throw SystemError("read", errno: EISDIR, subject: path) }
    // Sized from fstat (one byte more, to see the end without growing), then doubled up to
    // the cap for files whose size fstat does not know: a buffer of `limit` bytes up front
    // would be zeroed and faulted in whole, which was a third of `dodo config profiles`.
    var data = [UInt8](repeating: 0, count: min(limit, max(status.size + 1, 4096)))
    var count = 0
    while count < limit {
      if count == data.count { data += repeatElement(0, count: min(data.count, limit - data.count)) }
      let n = try Syscalls.read(fd, into: &data, at: count)
      if n == 0 { break }
      count += n
    }
    data.removeLast(data.count - count)
    return (data, status)
  }
}
