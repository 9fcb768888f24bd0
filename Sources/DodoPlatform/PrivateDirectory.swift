/// A directory `dodo` keeps its own files in (the state or the runtime directory), held open:
/// checked once, on its descriptor, and from then on used only through that descriptor
/// (`openat`, `renameat`, `unlinkat`), so that a directory renamed, replaced or linked over
/// after the check is not followed: the files go where the check was made.
///
/// It is opened by walking its path from `/` one component at a time with `O_NOFOLLOW`
/// (creating missing components `0700`), so no component can be swapped between a check and
/// the next step. On the way, a symbolic link is followed only when it belongs to the user or
/// to root (macOS's `/var`, `/tmp`; a dotfiles link of one's own); one of another user's is
/// refused, since its owner can point it anywhere. The directory itself must not be a link.
package final class PrivateDirectory: Sendable {
  /// The path it was opened by, for messages (nothing is done by this path).
  package let path: String
  /// The open directory, closed with this object.
  let fd: FileDescriptor
  let identity: Syscalls.FileIdentity

  private init(path: String, fd: consuming FileDescriptor, identity: Syscalls.FileIdentity) {
    self.path = path
    self.fd = fd
    self.identity = identity
  }

  /// Symbolic links followed in one walk at most, as the kernel's `ELOOP` limit (`MAXSYMLINKS`).
  static let maximumLinks = 40

  /// Opens the directory at the absolute `path` and checks that it is private: owned by the
  /// user, `0700` or stricter. Missing components are created `0700` when `create`; without
  /// it a missing directory is `nil`.
  package static func open(_ path: String, create: Bool) throws(PlatformError) -> PrivateDirectory? {
    guard let fd = try walk(path, create: create) else { return nil }
    let status: Syscalls.FileStatus
    do throws(SystemError) { status = try Syscalls.fstat(fd, subject: path) } catch {
      throw PlatformError("cannot check the directory \(path): \(error)")
    }
    let directory = PrivateDirectory(path: path, fd: fd, identity: status.identity)
    guard status.owner == Syscalls.userID() else {
      throw PlatformError(
        "refusing \(path): it belongs to user \(status.owner), not to you (user \(Syscalls.userID()))")
    }
    guard status.permissions & 0o077 == 0 else {
      let mode = String(status.permissions, radix: 8)
      throw PlatformError("refusing \(path): its mode is \(mode), open to others; run 'chmod 700 \(path)'")
    }
    return directory
  }

  /// The path of the file `name` in this directory, for messages.
  package func path(of name: String) -> String { DodoDirectories.join(path, name) }

  /// `SmallFile.openRegular` of one of `dodo`'s own files in this directory.
  func openRegular(
    _ name: String, _ access: FileDescriptor.AccessMode, _ options: FileDescriptor.OpenOptions = []
  ) throws(PlatformError) -> SmallFile.RegularFile? {
    try SmallFile.openRegular(name, in: fd, path: path(of: name), access, options, own: true)
  }

  /// Whether `path` names this very directory now (`lstat`, links not followed): for the one
  /// call that has no `…at` form, `bind`/`connect` of a Unix socket by path.
  func isStill(at path: String) -> Bool {
    guard let status = try? Syscalls.lstat(path), status.isDirectory else { return false }
    return status.identity == identity
  }

  /// The descriptor of the directory at `path`, walked from `/` (see the type's comment);
  /// `nil` when a component is missing and not `create`.
  private static func walk(_ path: String, create: Bool) throws(PlatformError) -> FileDescriptor? {
    guard path.hasPrefix("/") else { throw PlatformError("refusing \(path): it is not an absolute path") }
    var pending = components(path).reversed() as [String]
    var walked = ""
    var links = 0
    // Each step replaces `fd`, which closes the directory it held.
    var fd: FileDescriptor
    do throws(SystemError) { fd = try Syscalls.open("/", .readOnly, [.directory, .closeOnExec]) } catch {
      throw PlatformError("cannot open the directory \(path): \(error)")
    }
    while let name = pending.popLast() {
      let subject = DodoDirectories.join(walked, name)
      do throws(SystemError) {
        fd = try Syscalls.open(name, in: fd, .readOnly, [.directory, .noFollow, .closeOnExec], subject: subject)
        walked = subject
      } catch Errno.noSuchFileOrDirectory {
        guard create else { return nil }
        do throws(SystemError) {
          try Syscalls.mkdir(name, in: fd, permissions: .ownerReadWriteExecute, subject: subject)
        } catch {
          throw PlatformError("cannot create the directory \(path): \(error)")
        }
        pending.append(name)
      } catch  where error.errno == .tooManySymbolicLinks || error.errno == .notDirectory {
        // `.noFollow` met a link (ELOOP) or `.directory` something else (ENOTDIR).
        let target = try linkTarget(name, in: fd, subject: subject, isLast: pending.isEmpty, path: path)
        links += 1
        guard links <= maximumLinks else {
          throw PlatformError("refusing \(path): more than \(maximumLinks) symbolic links on the way")
        }
        let text = SystemText.decode(target)
        pending += components(text).reversed()
        if text.hasPrefix("/") {
          do throws(SystemError) { fd = try Syscalls.open("/", .readOnly, [.directory, .closeOnExec]) } catch {
            throw PlatformError("cannot open the directory \(path): \(error)")
          }
          walked = ""
        }
      } catch {
        throw PlatformError("cannot open the directory \(path): \(error)")
      }
    }
    return fd
  }

  /// The target of the symbolic link `name` met on the way to `path`, when it may be followed.
  private static func linkTarget(
    _ name: String, in directory: borrowing FileDescriptor, subject: String, isLast: Bool, path: String
  ) throws(PlatformError) -> [UInt8] {
    let status: Syscalls.FileStatus?
    do throws(SystemError) { status = try Syscalls.lstat(name, in: directory, subject: subject) } catch {
      throw PlatformError("cannot open the directory \(path): \(error)")
    }
    guard let status else { throw PlatformError("cannot open the directory \(path): \(subject) went away") }
    guard status.isSymbolicLink else {
      throw PlatformError(
        isLast ? "refusing \(path): it is not a directory" : "refusing \(path): \(subject) is not a directory")
    }
    guard !isLast else { throw PlatformError("refusing \(path): it is not a directory (it is a symbolic link)") }
    guard status.owner == Syscalls.userID() || status.owner == 0 else {
      throw PlatformError("refusing \(path): \(subject) is a symbolic link that belongs to user \(status.owner)")
    }
    do throws(SystemError) { return try Syscalls.readlink(name, in: directory, subject: subject) } catch {
      throw PlatformError("cannot open the directory \(path): \(error)")
    }
  }

  /// The names of `path`'s components, without empty ones and `.`.
  private static func components(_ path: String) -> [String] {
    path.split(separator: "/").filter { $0 != "." }.map(String.init)
  }
}
