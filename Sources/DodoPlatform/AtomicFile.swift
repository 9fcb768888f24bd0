/// Replaces a file so that a reader, or a crash at any point, sees the old contents or the
/// new ones, never a torn mix.
package enum AtomicFile {
  /// `write(_:named:in:directoryPath:permissions:)` for the file at `path` in `directory`,
  /// which is opened (following links) for the time of the write.
  package static func write(
    _ bytes: [UInt8], to path: String, directory: String, permissions: FileDescriptor.Permissions = .ownerReadWrite
  ) throws(SystemError) {
    let fd = try Syscalls.open(directory, .readOnly, [.closeOnExec, .directory])
    let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    try write(bytes, named: name, in: fd, directoryPath: directory, permissions: permissions)
  }

  /// A temporary file in the open directory `directory` (`exclusive`, `permissions`, `0600`
  /// unless a caller keeps a file's own), written and fsynced, renamed over `name`, then the
  /// directory fsynced so the rename itself is durable. `directoryPath` names the directory in errors.
  ///
  /// Without `durable`, neither is fsynced: for a cache, which a crash may leave empty or cut
  /// short (never mixed with the old one), when its reader takes that for no cache at all.
  static func write(
    _ bytes: [UInt8], named name: String, in directory: borrowing FileDescriptor, directoryPath: String,
    permissions: FileDescriptor.Permissions = .ownerReadWrite, durable: Bool = true
  ) throws(SystemError) {
    let file = try write(
      bytes, named: name, in: directory, directoryPath: directoryPath, permissions: permissions, keepingLocked: false,
      durable: durable)
    _ = consume file
  }

  /// `write(_:named:in:directoryPath:permissions:)`; with `keepingLocked`, the new file is
  /// locked (`flock(LOCK_EX)`) before it takes the name, and returned open for the caller to
  /// keep: the lock is on it from the first instant a reader can see it, and goes with it.
  static func write(
    _ bytes: [UInt8], named name: String, in directory: borrowing FileDescriptor, directoryPath: String,
    permissions: FileDescriptor.Permissions = .ownerReadWrite, keepingLocked: Bool, durable: Bool = true
  ) throws(SystemError) -> FileDescriptor? {
    let temporary = ".\(name).\(Syscalls.processID()).tmp"
    let subject = DodoDirectories.join(directoryPath, temporary)
    // Left by a killed process that had the same pid.
    _ = try? Syscalls.unlink(temporary, in: directory, subject: subject)
    let fd = try Syscalls.open(
      temporary, in: directory, .writeOnly, [.create, .exclusive, .closeOnExec, .noFollow], permissions: permissions,
      subject: subject)
    // `fd` closes itself once, whichever way this ends: here, or with the caller that keeps it.
    do throws(SystemError) {
      try Syscalls.writeAll(fd, bytes)
      if durable { try Syscalls.fsync(fd, subject: subject) }
      if keepingLocked, try !Syscalls.tryLock(fd, exclusive: true, subject: subject) {
        throw SystemError("flock", errno: .wouldBlock, subject: subject)
      }
      try Syscalls.rename(temporary, to: name, in: directory, subject: DodoDirectories.join(directoryPath, name))
    } catch {
      _ = consume fd
      _ = try? Syscalls.unlink(temporary, in: directory, subject: subject)
      throw error
    }
    if durable { try Syscalls.fsync(directory, subject: directoryPath) }
    guard keepingLocked else {
      _ = consume fd
      return nil
    }
    return fd
  }
}
