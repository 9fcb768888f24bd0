#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a small file whole (a config file), never more than a cap, so that a huge file
/// costs at most `limit` bytes; and opens the files `dodo` keeps, refusing what is planted
/// in their place.
package enum SmallFile {
  /// At most `limit` bytes of the file at `path` and what `fstat` says about it (symbolic
  /// links followed: config files are often linked from a dotfiles repository), or `nil`
  /// when nothing is there (`ENOENT`, or `ENOTDIR` for a path through a regular file).
  /// Anything but a regular file is refused (see `openRegular`).
  package static func read(_ path: String, limit: Int) throws(PlatformError)
    -> (bytes: [UInt8], status: Syscalls.FileStatus)?
  {
    guard let (fd, status) = try openRegular(path, O_RDONLY, own: false) else { return nil }
    defer { Syscalls.close(fd) }
    do throws(SystemError) { return (try readAll(fd, limit: limit, sizeHint: status.size), status) } catch {
      throw PlatformError("\(error)")
    }
  }

  /// `read(_:limit:)`, and the path of the directory that holds the file as named (links to
  /// the directory followed, a link in the file's place too) with what `fstat` says about it:
  /// the file is opened relative to that open directory, so the directory a caller checks is
  /// the one the file was read from.
  package static func readWithDirectory(_ path: String, limit: Int) throws(PlatformError)
    -> (bytes: [UInt8], status: Syscalls.FileStatus, directory: (path: String, status: Syscalls.FileStatus))?
  {
    let slash = path.lastIndex(of: "/")
    let directoryPath = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let directory: Int32
    let directoryStatus: Syscalls.FileStatus
    do throws(SystemError) {
      directory = try Syscalls.open(directoryPath, searchOnly | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
    } catch {
      if error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory { return nil }
      throw PlatformError("\(error)")
    }
    defer { Syscalls.close(directory) }
    do throws(SystemError) { directoryStatus = try Syscalls.fstat(directory, subject: directoryPath) } catch {
      throw PlatformError("\(error)")
    }
    // "dir/" names the directory itself, which is then refused as one.
    guard let (fd, status) = try openRegular(name.isEmpty ? "." : name, in: directory, path: path, O_RDONLY, own: false)
    else {
      return nil
    }
    defer { Syscalls.close(fd) }
    do throws(SystemError) {
      return (try readAll(fd, limit: limit, sizeHint: status.size), status, (directoryPath, directoryStatus))
    } catch {
      throw PlatformError("\(error)")
    }
  }

  /// How a directory is opened only to stat it and open files in it: on Linux `O_PATH`, which
  /// needs no read permission on it (a config directory may be `0711`), as a path lookup does not.
  #if os(Linux)
    /// `O_PATH` of <asm-generic/fcntl.h>, the same on every architecture Swift runs on; the
    /// Glibc module does not export it (it is behind `_GNU_SOURCE`).
    private static let searchOnly: Int32 = 0o10_000_000
  #else
    private static let searchOnly = O_RDONLY
  #endif

  /// Opens `name` (`flags` plus `O_CLOEXEC | O_NONBLOCK | O_NOCTTY`) and checks on the open
  /// descriptor that it is a regular file, so that a named pipe planted in its place can
  /// neither make `dodo` wait for a writer nor be swapped in between the check and the use.
  /// `nil` when nothing is there (`ENOENT`, or `ENOTDIR` for a path through a regular file).
  ///
  /// An `own` file is one of `dodo`'s (the record, the lock): a symbolic link in its place is
  /// refused (`O_NOFOLLOW`), and so is a file that another user owns or that is open to the
  /// group or others (any of `0077`; dodo writes them `0600`).
  ///
  /// `name` is a path, or a name in the open directory `directory`; `path` names it in messages.
  static func openRegular(
    _ name: String, in directory: Int32 = AT_FDCWD, path: String? = nil, _ flags: Int32, own: Bool
  ) throws(PlatformError) -> (Int32, Syscalls.FileStatus)? {
    let fd: Int32
    let path = path ?? name
    do throws(SystemError) {
      fd = try Syscalls.open(
        name, in: directory, flags | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (own ? O_NOFOLLOW : 0), subject: path)
    } catch {
      if error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory { return nil }
      if own, error.errno == .tooManySymbolicLinks {
        throw PlatformError("\(path) is a symbolic link; dodo does not follow links to its own files")
      }
      throw PlatformError("\(error)")
    }
    let status: Syscalls.FileStatus
    do throws(SystemError) { status = try Syscalls.fstat(fd, subject: path) } catch {
      Syscalls.close(fd)
      throw PlatformError("\(error)")
    }
    guard status.mode & UInt32(S_IFMT) == UInt32(S_IFREG) else {
      Syscalls.close(fd)
      throw PlatformError("\(path) is \(status.kind), not a regular file")
    }
    guard !own || status.owner == Syscalls.userID() else {
      Syscalls.close(fd)
      throw PlatformError(
        "refusing \(path): it belongs to user \(status.owner), not to you (user \(Syscalls.userID()))")
    }
    // dodo writes its files 0600: one that the group or others may read or write was not
    // left so by dodo, and what it says (or who else can change it) is not to be trusted.
    guard !own || status.permissions & 0o077 == 0 else {
      Syscalls.close(fd)
      let mode = String(status.permissions, radix: 8)
      throw PlatformError(
        "refusing \(path): its mode is \(mode), open to the group or others; run 'chmod 600 \(path)' if it is yours to keep"
      )
    }
    return (fd, status)
  }

  /// Up to `limit` bytes from `fd`, to its end.
  static func readAll(_ fd: Int32, limit: Int, sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
    // Sized from the hint (one byte more, to see the end without growing), then doubled up
    // to the cap for files whose size fstat does not know: a buffer of `limit` bytes up front
    // would be zeroed and faulted in whole, which was a third of `dodo config profiles`.
    var data = [UInt8](repeating: 0, count: min(limit, max(sizeHint + 1, 4096)))
    var count = 0
    while count < limit {
      if count == data.count { data += repeatElement(0, count: min(data.count, limit - data.count)) }
      let n = try Syscalls.read(fd, into: &data, at: count)
      if n == 0 { break }
      count += n
    }
    data.removeLast(data.count - count)
    return data
  }
}

extension Syscalls.FileStatus {
  /// What kind of file this is, for a refusal: "a directory", "a named pipe (FIFO)".
  var kind: String {
    switch mode & UInt32(S_IFMT) {
    case UInt32(S_IFREG): "a regular file"
    case UInt32(S_IFDIR): "a directory"
    case UInt32(S_IFIFO): "a named pipe (FIFO)"
    case UInt32(S_IFSOCK): "a socket"
    case UInt32(S_IFCHR): "a character device"
    case UInt32(S_IFBLK): "a block device"
    case UInt32(S_IFLNK): "a symbolic link"
    default: "of an unknown type"
    }
  }
}
