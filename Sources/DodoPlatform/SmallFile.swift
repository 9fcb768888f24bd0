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
    guard let file = try openRegular(path, .readOnly, own: false) else { return nil }
    do throws(SystemError) {
      return (try readAll(file.descriptor, limit: limit, sizeHint: file.status.size), file.status)
    } catch {
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
    let directory: FileDescriptor
    let directoryStatus: Syscalls.FileStatus
    do throws(SystemError) {
      directory = try Syscalls.open(directoryPath, .readOnly, [searchOnly, .directory, .closeOnExec, .nonBlocking])
    } catch {
      if error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory { return nil }
      throw PlatformError("\(error)")
    }
    do throws(SystemError) { directoryStatus = try Syscalls.fstat(directory, subject: directoryPath) } catch {
      throw PlatformError("\(error)")
    }
    // "dir/" names the directory itself, which is then refused as one.
    guard let file = try openRegular(name.isEmpty ? "." : name, in: directory, path: path, .readOnly, own: false)
    else {
      return nil
    }
    do throws(SystemError) {
      let bytes = try readAll(file.descriptor, limit: limit, sizeHint: file.status.size)
      return (bytes, file.status, (directoryPath, directoryStatus))
    } catch {
      throw PlatformError("\(error)")
    }
  }

  /// How a directory is opened only to stat it and open files in it: on Linux `.path`
  /// (`O_PATH`), which needs no read permission on it (a config directory may be `0711`), as a
  /// path lookup does not.
  #if os(Linux)
    private static let searchOnly = FileDescriptor.OpenOptions.path
  #else
    private static let searchOnly: FileDescriptor.OpenOptions = []
  #endif

  /// A regular file open to read or write, and what `fstat` said about it when it was opened.
  struct RegularFile: ~Copyable {
    let descriptor: FileDescriptor
    let status: Syscalls.FileStatus
  }

  /// Opens `path` (`access`, `options` plus `closeOnExec`, `nonBlocking` and
  /// `noControllingTerminal`) and checks on the open descriptor that it is a regular file, so
  /// that a named pipe planted in its place can neither make `dodo` wait for a writer nor be
  /// swapped in between the check and the use. `nil` when nothing is there (`ENOENT`, or
  /// `ENOTDIR` for a path through a regular file).
  ///
  /// An `own` file is one of `dodo`'s (the record, the lock): a symbolic link in its place is
  /// refused (`noFollow`), and so is a file that another user owns or that is open to the
  /// group or others (any of `0077`; dodo writes them `0600`).
  static func openRegular(
    _ path: String, _ access: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions = [], own: Bool
  ) throws(PlatformError) -> RegularFile? {
    let fd: FileDescriptor
    do throws(SystemError) { fd = try Syscalls.open(path, access, regularOptions(options, own: own)) } catch {
      try refuseOpenFailure(error, path: path, own: own)
      return nil
    }
    return try checkRegular(fd, path: path, own: own)
  }

  /// `openRegular(_:_:_:own:)` of `name` in the open directory `directory`; `path` names it
  /// in messages.
  static func openRegular(
    _ name: String, in directory: borrowing FileDescriptor, path: String, _ access: FileDescriptor.AccessMode,
    _ options: FileDescriptor.OpenOptions = [], own: Bool
  ) throws(PlatformError) -> RegularFile? {
    let fd: FileDescriptor
    do throws(SystemError) {
      fd = try Syscalls.open(name, in: directory, access, regularOptions(options, own: own), subject: path)
    } catch {
      try refuseOpenFailure(error, path: path, own: own)
      return nil
    }
    return try checkRegular(fd, path: path, own: own)
  }

  private static func regularOptions(_ options: FileDescriptor.OpenOptions, own: Bool) -> FileDescriptor.OpenOptions {
    options.union(
      own
        ? [.closeOnExec, .nonBlocking, .noControllingTerminal, .noFollow]
        : [.closeOnExec, .nonBlocking, .noControllingTerminal])
  }

  /// Returns when the open failed because nothing is there; throws otherwise.
  private static func refuseOpenFailure(_ error: SystemError, path: String, own: Bool) throws(PlatformError) {
    if error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory { return }
    if own, error.errno == .tooManySymbolicLinks {
      throw PlatformError("\(path) is a symbolic link; dodo does not follow links to its own files")
    }
    throw PlatformError("\(error)")
  }

  /// `fd`, when it is a regular file (and, if `own`, the user's and private); it is closed otherwise.
  private static func checkRegular(_ fd: consuming FileDescriptor, path: String, own: Bool) throws(PlatformError)
    -> RegularFile
  {
    let status: Syscalls.FileStatus
    do throws(SystemError) { status = try Syscalls.fstat(fd, subject: path) } catch {
      throw PlatformError("\(error)")
    }
    guard status.mode & UInt32(S_IFMT) == UInt32(S_IFREG) else {
      throw PlatformError("\(path) is \(status.kind), not a regular file")
    }
    guard !own || status.owner == Syscalls.userID() else {
      throw PlatformError(
        "refusing \(path): it belongs to user \(status.owner), not to you (user \(Syscalls.userID()))")
    }
    // dodo writes its files 0600: one that the group or others may read or write was not
    // left so by dodo, and what it says (or who else can change it) is not to be trusted.
    guard !own || status.permissions & 0o077 == 0 else {
      let mode = String(status.permissions, radix: 8)
      throw PlatformError(
        "refusing \(path): its mode is \(mode), open to the group or others; run 'chmod 600 \(path)' if it is yours to keep"
      )
    }
    return RegularFile(descriptor: fd, status: status)
  }

  /// Up to `limit` bytes from `fd`, to its end.
  static func readAll(_ fd: borrowing FileDescriptor, limit: Int, sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
    try Syscalls.readAll(fd, limit: limit, sizeHint: sizeHint)
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
