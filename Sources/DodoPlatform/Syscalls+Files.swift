#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// `write(2)` of all of `bytes`.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
    let result: Result<Void, SystemError> = bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemError) in try writeAll(fd, buffer) }
    }
    try result.get()
  }

  /// `read(2)` into `buffer[offset...]`; 0 at end of file.
  static func read(_ fd: Int32, into buffer: inout [UInt8], at offset: Int) throws(SystemError) -> Int {
    let result: Result<Int, SystemError> = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(SystemError) in try read(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[offset...])) }
    }
    return try result.get()
  }

  /// What `lstat`/`fstat` say about a file: the fields DodoPlatform checks.
  package struct FileStatus: Sendable, Hashable {
    package var mode: UInt32
    package var owner: UInt32
    package var size: Int
    package var identity: FileIdentity
    /// `st_ctim`: when the file (for a directory, the names in it too) last changed. Unlike
    /// the modification time, no call can set it back.
    package var changeTime: FileTime

    init(_ info: stat) {
      mode = UInt32(info.st_mode)
      owner = UInt32(info.st_uid)
      size = Int(info.st_size)
      identity = FileIdentity(
        device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
      #if canImport(Darwin)
        changeTime = FileTime(seconds: Int64(info.st_ctimespec.tv_sec), nanoseconds: Int64(info.st_ctimespec.tv_nsec))
      #else
        changeTime = FileTime(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
      #endif
    }

    package var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    package var isSymbolicLink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }
    package var isSocket: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFSOCK) }
    /// The sticky bit: in such a directory only a file's owner (or the directory's) may
    /// rename or remove the file.
    package var isSticky: Bool { mode & UInt32(S_ISVTX) != 0 }
    /// The permission bits, e.g. `0o700`.
    package var permissions: UInt32 { mode & 0o7777 }
  }

  /// `fsync(2)`: the file's data and metadata reach the disk.
  package static func fsync(_ fd: borrowing FileDescriptor, subject: String? = nil) throws(SystemError) {
    _ = try retrying("fsync", subject) { systemFsync(fd.rawValue) }
  }

  /// `lstat(2)`: about the path itself (a symbolic link is not followed); `nil` when it does not exist.
  package static func lstat(_ path: String) throws(SystemError) -> FileStatus? {
    var info = stat()
    switch retryingOnInterrupt({ systemLstat(path, &info) }) {
    case .success: return FileStatus(info)
    case .failure(.noSuchFileOrDirectory): return nil
    case .failure(let code): throw SystemError("lstat", errno: code, subject: path)
    }
  }

  /// `fstat(2)`.
  package static func fstat(_ fd: borrowing FileDescriptor, subject: String? = nil) throws(SystemError) -> FileStatus {
    var info = stat()
    _ = try retrying("fstat", subject) { systemFstat(fd.rawValue, &info) }
    return FileStatus(info)
  }

  /// `mkdir(2)`; returns `false` when the path already exists (`EEXIST`).
  @discardableResult
  package static func mkdir(_ path: String, permissions: FileDescriptor.Permissions) throws(SystemError) -> Bool {
    switch retryingOnInterrupt({ systemMkdir(path, mode_t(permissions.rawValue)) }) {
    case .success: return true
    case .failure(.fileExists): return false
    case .failure(let code): throw SystemError("mkdir", errno: code, subject: path)
    }
  }

  /// `chmod(2)`.
  package static func chmod(_ path: String, mode: UInt32) throws(SystemError) {
    _ = try retrying("chmod", path) { systemChmod(path, mode_t(mode)) }
  }

  /// `unlink(2)`; returns `false` when there was nothing to remove (`ENOENT`).
  @discardableResult
  package static func unlink(_ path: String) throws(SystemError) -> Bool {
    switch retryingOnInterrupt({ systemUnlink(path) }) {
    case .success: return true
    case .failure(.noSuchFileOrDirectory): return false
    case .failure(let code): throw SystemError("unlink", errno: code, subject: path)
    }
  }

  // The `…at` calls: a name inside a directory already open as `directory` (a descriptor
  // opened with `.directory`), so that whatever happens to the directory's path after it was
  // opened and checked, the call acts in that directory. `subject` names the file in errors.
  // (`openat(2)` is `open(_:in:_:_:permissions:subject:)`, beside `FileDescriptor`.)

  /// `fstatat(2)` with `AT_SYMLINK_NOFOLLOW`: about the name itself; `nil` when it does not exist.
  package static func lstat(_ name: String, in directory: borrowing FileDescriptor, subject: String)
    throws(SystemError) -> FileStatus?
  {
    var info = stat()
    switch retryingOnInterrupt({ systemFstatat(directory.rawValue, name, &info) }) {
    case .success: return FileStatus(info)
    case .failure(.noSuchFileOrDirectory): return nil
    case .failure(let code): throw SystemError("lstat", errno: code, subject: subject)
    }
  }

  /// `mkdirat(2)`; returns `false` when the name already exists (`EEXIST`).
  @discardableResult
  package static func mkdir(
    _ name: String, in directory: borrowing FileDescriptor, permissions: FileDescriptor.Permissions, subject: String
  ) throws(SystemError) -> Bool {
    switch retryingOnInterrupt({ systemMkdirat(directory.rawValue, name, mode_t(permissions.rawValue)) }) {
    case .success: return true
    case .failure(.fileExists): return false
    case .failure(let code): throw SystemError("mkdir", errno: code, subject: subject)
    }
  }

  /// `renameat(2)` within `directory`: atomically replaces `to` with `from`.
  package static func rename(_ from: String, to: String, in directory: borrowing FileDescriptor, subject: String)
    throws(SystemError)
  { _ = try retrying("rename", subject) { systemRenameat(directory.rawValue, from, to) } }

  /// `unlinkat(2)`; returns `false` when there was nothing to remove (`ENOENT`).
  @discardableResult
  package static func unlink(_ name: String, in directory: borrowing FileDescriptor, subject: String)
    throws(SystemError) -> Bool
  {
    switch retryingOnInterrupt({ systemUnlinkat(directory.rawValue, name) }) {
    case .success: return true
    case .failure(.noSuchFileOrDirectory): return false
    case .failure(let code): throw SystemError("unlink", errno: code, subject: subject)
    }
  }

  /// `readlinkat(2)`: the target of the symbolic link `name`, as bytes (a target is any bytes).
  package static func readlink(_ name: String, in directory: borrowing FileDescriptor, subject: String)
    throws(SystemError) -> [UInt8]
  {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = try retrying("readlink", subject) {
      systemReadlinkat(directory.rawValue, name, &buffer, buffer.count - 1)
    }
    return buffer[..<count].map { UInt8(bitPattern: $0) }
  }

  /// `flock(2)` with `LOCK_NB`: `true` when the lock was taken, `false` when another open
  /// file description holds it (`EWOULDBLOCK`).
  package static func tryLock(_ fd: borrowing FileDescriptor, exclusive: Bool, subject: String? = nil)
    throws(SystemError) -> Bool
  {
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
    switch retryingOnInterrupt({ systemFlock(fd.rawValue, operation) }) {
    case .success: return true
    case .failure(.wouldBlock): return false
    case .failure(let code): throw SystemError("flock", errno: code, subject: subject)
    }
  }

  /// `flock(2)` with `LOCK_UN`.
  package static func unlock(_ fd: borrowing FileDescriptor) { _ = systemFlock(fd.rawValue, LOCK_UN) }

  /// `readlink(2)`.
  package static func readlink(_ path: String) throws(SystemError) -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = try retrying("readlink", path) { systemReadlink(path, &buffer, buffer.count - 1) }
    return SystemText.decode(buffer[..<count].map { UInt8(bitPattern: $0) })
  }

  /// `getuid(2)`: the real user id; it owns every directory and socket peer `dodo` trusts.
  package static func userID() -> UInt32 { UInt32(getuid()) }

  /// `getpid(2)`.
  package static func processID() -> Int32 { Int32(getpid()) }

  /// `gethostname(2)`: this machine's name, `nil` when the system gives none.
  package static func hostName() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    let status = buffer.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let address = buffer.baseAddress else { return -1 }
      return systemGethostname(address, buffer.count - 1)
    }
    guard status == 0 else { return nil }
    let name = SystemText.decode(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    return name.isEmpty ? nil : name
  }

  /// `getenv(3)`.
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { SystemText.decode(bytes(of: $0)) }
  }

  /// The home directory: `$HOME`, else the password database (`getpwuid`).
  package static func homeDirectory() -> String? {
    if let home = environmentValue("HOME"), home.hasPrefix("/") { return home }
    guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
    return SystemText.decode(bytes(of: dir))
  }

  /// The absolute path of the running executable (`readlink("/proc/self/exe")` on Linux,
  /// `_NSGetExecutablePath` and `realpath` on macOS).
  package static func executablePath() throws(SystemError) -> String {
    #if canImport(Darwin)
      var size = UInt32(4096)
      var buffer = [CChar](repeating: 0, count: Int(size))
      guard _NSGetExecutablePath(&buffer, &size) == 0 else {
        throw SystemError("_NSGetExecutablePath", errno: .outOfRange)
      }
      guard let resolved = realpath(buffer, nil) else { throw SystemError("realpath", errno: .current) }
      defer { free(resolved) }
      return String(cString: resolved)
    #else
      return try readlink("/proc/self/exe")
    #endif
  }
}

extension Syscalls {
  /// Which file a path names: the same for two names of one directory (`/bin` and `/usr/bin`
  /// on a merged `/usr`), so that a caller can skip reading it twice.
  package struct FileIdentity: Sendable, Hashable {
    /// `st_dev`, widened: signed (`Int32`) on Darwin, unsigned on Linux.
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
      self.device = device
      self.inode = inode
    }
  }

  /// A file time (`struct timespec`): whole seconds since the Unix epoch and the nanoseconds
  /// past them.
  package struct FileTime: Sendable, Hashable {
    package var seconds: Int64
    package var nanoseconds: Int64

    package init(seconds: Int64, nanoseconds: Int64) {
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }
  }

  /// `open(2)`, `fdopendir(3)`, `readdir(3)`: the names in the directory `path` (following a
  /// symbolic link) that start with `prefix`, without `.` and `..`; none when the directory's
  /// identity (`fstat(2)`) is already in `read`, which it is added to. One `readdir` pass, and
  /// only matching names become strings: reading `/usr/bin` once, not twice, and making a
  /// handful of strings rather than thousands is most of what a scan of `PATH` costs.
  package static func directoryEntries(
    _ path: String, prefix: String, skipping read: inout Set<FileIdentity>
  ) throws(SystemError) -> [String] {
    let fd = try open(path, .readOnly, [.closeOnExec, .directory])
    guard read.insert(try fstat(fd, subject: path).identity).inserted else { return [] }
    return try entries(ofOpenDirectory: fd, prefix: prefix, subject: path)
  }

  /// `directoryEntries(_:prefix:skipping:)` without skipping, and what `fstat(2)` said about
  /// the directory just before it was read: a name added or removed during the read gives the
  /// directory a later change time than the one returned, so names kept under that time are
  /// never taken for the directory as changed.
  package static func directoryListing(_ path: String, prefix: String) throws(SystemError)
    -> (status: FileStatus, names: [String])
  {
    let fd = try open(path, .readOnly, [.closeOnExec, .directory])
    let status = try fstat(fd, subject: path)
    return (status, try entries(ofOpenDirectory: fd, prefix: prefix, subject: path))
  }

  /// The names in the directory open as `directory` (read through a descriptor of its own,
  /// so `directory` stays open and unmoved), without `.` and `..`.
  package static func directoryEntries(in directory: borrowing FileDescriptor, subject: String) throws(SystemError)
    -> [String]
  {
    let fd = try open(".", in: directory, .readOnly, [.closeOnExec, .directory], subject: subject)
    return try entries(ofOpenDirectory: fd, prefix: "", subject: subject)
  }

  /// `fdopendir(3)`, `readdir(3)`: the names starting with `prefix` (decoded as `SystemText`,
  /// so each names its file). The `DIR` takes `fd` over: `closedir` closes it.
  private static func entries(ofOpenDirectory fd: consuming FileDescriptor, prefix: String, subject: String)
    throws(SystemError) -> [String]
  {
    guard let directory = systemFdopendir(fd.rawValue) else {
      let code = Errno.current  // before `fd` is closed
      throw SystemError("fdopendir", errno: code, subject: subject)
    }
    _ = fd.relinquishOwnership()
    defer { _ = systemClosedir(directory) }
    let prefixBytes = Array(prefix.utf8)
    var names: [String] = []
    while let entry = systemReaddir(directory) {
      let name: String? = withUnsafePointer(to: entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { characters in
          for (index, byte) in prefixBytes.enumerated() where UInt8(bitPattern: characters[index]) != byte {
            return nil
          }
          return SystemText.decode(bytes(of: characters))
        }
      }
      if let name, name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Opens `/dev/null` on whichever of standard input, output and error are closed, and
  /// returns those. A process started with `2>&-` would otherwise open its lock or record
  /// file as fd 2 and write its warnings into it. Call it first thing, before anything opens
  /// a file. The caller still treats a closed standard output as closed: output sent to
  /// `/dev/null` in its place would be lost without a word.
  @discardableResult
  package static func openStandardDescriptors() -> Set<UnownedDescriptor> {
    var opened: Set<UnownedDescriptor> = []
    // Not close-on-exec: a child is to inherit them as its standard descriptors too.
    while let fd = try? open("/dev/null", .readWrite) {
      guard fd.rawValue > 2 else {
        opened.insert(UnownedDescriptor(relinquishing: fd))
        continue
      }
      break
    }
    return opened
  }

  /// `access(2)` with `X_OK`: whether the user may execute `path`.
  package static func isExecutable(_ path: String) -> Bool { systemAccess(path, X_OK) == 0 }
}
