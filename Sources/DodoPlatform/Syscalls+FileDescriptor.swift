#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor and the duty to close it, in the manner of swift-system's
/// `FileDescriptor`, but owning: it cannot be copied, so it is closed exactly once, by
/// `close()` (which reports the error) or else when its owner lets it go (`deinit`). No
/// number is left behind to be closed twice, nor a `-1` to stand for "none" (an optional
/// descriptor is `FileDescriptor?`).
///
/// Only the syscall layer (`Syscalls*.swift`, `Internals/Shims.swift`) sees the number
/// (`rawValue`): everyone else passes the descriptor, borrowed, to a `Syscalls` wrapper.
package struct FileDescriptor: ~Copyable, Sendable {
  /// The descriptor's number, for the syscall layer's wrappers only.
  let rawValue: Int32

  /// Takes ownership of the open descriptor `rawValue`: from now on this value closes it.
  init(owning rawValue: Int32) { self.rawValue = rawValue }

  /// Closes it if nobody did: an error is dropped, as nobody is left to hear it.
  deinit { _ = systemClose(rawValue) }

  /// `close(2)`, with its error reported (`EIO` of a write that only now failed, on some
  /// file systems). Not retried on `EINTR`: on Linux the descriptor is gone either way, and a
  /// second close could close a file that another thread has just been given the number of.
  package consuming func close() throws(SystemError) {
    let raw = rawValue
    discard self
    guard systemClose(raw) == 0 else { throw SystemError("close", errno: .current) }
  }

  /// Stops owning the descriptor without closing it and returns its number, for the syscall
  /// layer to hand to what owns it from then on (a `DIR` of `fdopendir`, which `closedir`
  /// closes) or to leave open for the life of the process (the standard descriptors).
  consuming func relinquishOwnership() -> Int32 {
    let raw = rawValue
    discard self
    return raw
  }
}

extension FileDescriptor {
  /// Whether a file is opened to read, to write or both: the one of `O_RDONLY`, `O_WRONLY`
  /// and `O_RDWR` that `open(2)` takes.
  package struct AccessMode: Sendable, Hashable {
    let rawValue: Int32
    private init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// `O_RDONLY`.
    package static let readOnly = AccessMode(O_RDONLY)
    /// `O_WRONLY`.
    package static let writeOnly = AccessMode(O_WRONLY)
    /// `O_RDWR`.
    package static let readWrite = AccessMode(O_RDWR)
  }

  /// The other flags of `open(2)`. Every descriptor `dodo` keeps should be opened
  /// `closeOnExec`, so that no child (the browser) inherits it.
  package struct OpenOptions: OptionSet, Sendable, Hashable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// `O_CREAT`: creates the file when it is missing (with the permissions given to `open`).
    package static let create = OpenOptions(rawValue: O_CREAT)
    /// `O_EXCL`: with `create`, fails with `EEXIST` when the name exists (a link included).
    package static let exclusive = OpenOptions(rawValue: O_EXCL)
    /// `O_TRUNC`: empties a regular file opened for writing.
    package static let truncate = OpenOptions(rawValue: O_TRUNC)
    /// `O_APPEND`: every write goes to the end.
    package static let append = OpenOptions(rawValue: O_APPEND)
    /// `O_NOFOLLOW`: a symbolic link as the last component fails with `ELOOP`.
    package static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    /// `O_DIRECTORY`: anything but a directory fails with `ENOTDIR`.
    package static let directory = OpenOptions(rawValue: O_DIRECTORY)
    /// `O_NONBLOCK`: a named pipe opens at once instead of waiting for a writer.
    package static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
    /// `O_CLOEXEC`: closed in a program this process runs (`execve`).
    package static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
    /// `O_NOCTTY`: a terminal opened does not become the controlling terminal.
    package static let noControllingTerminal = OpenOptions(rawValue: O_NOCTTY)
    #if os(Linux)
      /// `O_PATH` (Linux): a descriptor only to name the file by (`fstat`, `openat`), which
      /// needs no read permission on it. The value of <asm-generic/fcntl.h>, the same on
      /// every architecture Swift runs on; the Glibc module does not export it (`_GNU_SOURCE`).
      package static let path = OpenOptions(rawValue: 0o10_000_000)
    #endif
  }

  /// The permission bits of a file (`mode_t`'s low twelve), given to `open(2)` with `create`
  /// and to `mkdir(2)`.
  package struct Permissions: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let ownerRead = Permissions(rawValue: 0o400)
    package static let ownerWrite = Permissions(rawValue: 0o200)
    package static let ownerExecute = Permissions(rawValue: 0o100)
    package static let groupRead = Permissions(rawValue: 0o040)
    package static let groupWrite = Permissions(rawValue: 0o020)
    package static let groupExecute = Permissions(rawValue: 0o010)
    package static let otherRead = Permissions(rawValue: 0o004)
    package static let otherWrite = Permissions(rawValue: 0o002)
    package static let otherExecute = Permissions(rawValue: 0o001)
    /// `0600`: how `dodo` writes its own files.
    package static let ownerReadWrite: Permissions = [.ownerRead, .ownerWrite]
    /// `0700`: how `dodo` creates its own directories.
    package static let ownerReadWriteExecute: Permissions = [.ownerRead, .ownerWrite, .ownerExecute]
  }
}

extension Syscalls {
  /// `open(2)` of `path`; `options` should include `closeOnExec` (see `OpenOptions`).
  package static func open(
    _ path: String, _ access: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions = [],
    permissions: FileDescriptor.Permissions = .ownerReadWrite
  ) throws(SystemError) -> FileDescriptor {
    FileDescriptor(
      owning: try retrying("open", path) {
        systemOpen(path, access.rawValue | options.rawValue, mode_t(permissions.rawValue))
      })
  }

  /// `openat(2)`: `name` in the directory open as `directory` (see the `…at` calls in
  /// `Syscalls+Files.swift`); `subject` names the file in errors.
  package static func open(
    _ name: String, in directory: borrowing FileDescriptor, _ access: FileDescriptor.AccessMode,
    _ options: FileDescriptor.OpenOptions = [], permissions: FileDescriptor.Permissions = .ownerReadWrite,
    subject: String
  ) throws(SystemError) -> FileDescriptor {
    let flags = access.rawValue | options.rawValue
    return FileDescriptor(
      owning: try retrying("open", subject) {
        systemOpenat(directory.rawValue, name, flags, mode_t(permissions.rawValue))
      })
  }

  /// `read(2)` into `buffer[offset...]`; 0 at end of file.
  package static func read(_ fd: borrowing FileDescriptor, into buffer: inout [UInt8], at offset: Int)
    throws(SystemError) -> Int
  { try read(fd.rawValue, into: &buffer, at: offset) }

  /// `write(2)` of all of `bytes`.
  package static func writeAll(_ fd: borrowing FileDescriptor, _ bytes: [UInt8]) throws(SystemError) {
    try writeAll(fd.rawValue, bytes)
  }

  /// Up to `limit` bytes from `fd`, to its end.
  package static func readAll(_ fd: borrowing FileDescriptor, limit: Int, sizeHint: Int = 0) throws(SystemError)
    -> [UInt8]
  { try readAll(fd.rawValue, limit: limit, sizeHint: sizeHint) }

  /// Up to `limit` bytes from the descriptor `fd`, to its end.
  static func readAll(_ fd: Int32, limit: Int, sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
    // Sized from the hint (one byte more, to see the end without growing), then doubled up
    // to the cap for files whose size fstat does not know: a buffer of `limit` bytes up front
    // would be zeroed and faulted in whole.
    var data = [UInt8](repeating: 0, count: min(limit, max(sizeHint + 1, 4096)))
    var count = 0
    while count < limit {
      if count == data.count { data += repeatElement(0, count: min(data.count, limit - data.count)) }
      let n = try read(fd, into: &data, at: count)
      if n == 0 { break }
      count += n
    }
    data.removeLast(data.count - count)
    return data
  }
}
