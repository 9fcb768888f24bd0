#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file so that a reader, or a crash at any point, sees the old contents or the
/// new ones, never a torn mix.
package enum AtomicFile {
  /// `write(_:named:in:directoryPath:mode:)` for the file at `path` in `directory`, which is
  /// opened (following links) for the time of the write.
  package static func write(_ bytes: [UInt8], to path: String, directory: String, mode: UInt32 = 0o600)
    throws(SystemError)
  {
    let fd = try Syscalls.open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    defer { Syscalls.close(fd) }
    let name = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    try write(bytes, named: name, in: fd, directoryPath: directory, mode: mode)
  }

  /// A temporary file in the open directory `directory` (`O_EXCL`, `mode`, `0600` unless a
  /// caller keeps a file's own), written and fsynced, renamed over `name`, then the directory
  /// fsynced so the rename itself is durable. `directoryPath` names the directory in errors.
  static func write(
    _ bytes: [UInt8], named name: String, in directory: Int32, directoryPath: String, mode: UInt32 = 0o600
  ) throws(SystemError) {
    _ = try write(bytes, named: name, in: directory, directoryPath: directoryPath, mode: mode, keepingLocked: false)
  }

  /// `write(_:named:in:directoryPath:mode:)`; with `keepingLocked`, the new file is locked
  /// (`flock(LOCK_EX)`) before it takes the name, and returned open for the caller to close:
  /// the lock is on it from the first instant a reader can see it.
  static func write(
    _ bytes: [UInt8], named name: String, in directory: Int32, directoryPath: String, mode: UInt32 = 0o600,
    keepingLocked: Bool
  ) throws(SystemError) -> Int32? {
    let temporary = ".\(name).\(Syscalls.processID()).tmp"
    let subject = DodoDirectories.join(directoryPath, temporary)
    // Left by a killed process that had the same pid.
    _ = try? Syscalls.unlink(temporary, in: directory, subject: subject)
    let fd = try Syscalls.open(
      temporary, in: directory, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode: mode, subject: subject)
    let written = Result { () throws(SystemError) in
      try Syscalls.writeAll(fd, bytes)
      try Syscalls.fsync(fd, subject: subject)
      if keepingLocked, try !Syscalls.tryLock(fd, exclusive: true, subject: subject) {
        throw SystemError("flock", errno: .wouldBlock, subject: subject)
      }
    }
    // Closed once, here or by the caller: a second close could close a file another thread
    // has just opened.
    do throws(SystemError) {
      try written.get()
      try Syscalls.rename(temporary, to: name, in: directory, subject: DodoDirectories.join(directoryPath, name))
    } catch {
      Syscalls.close(fd)
      _ = try? Syscalls.unlink(temporary, in: directory, subject: subject)
      throw error
    }
    guard keepingLocked else {
      Syscalls.close(fd)
      try Syscalls.fsync(directory, subject: directoryPath)
      return nil
    }
    do throws(SystemError) { try Syscalls.fsync(directory, subject: directoryPath) } catch {
      Syscalls.close(fd)
      throw error
    }
    return fd
  }
}
