#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Syscalls {
  /// `stat(2)`: about the file `path` names, symbolic links followed; `nil` when there is none
  /// (also a dangling link).
  package static func statusFollowingLinks(_ path: String) throws(SystemError) -> FileStatus? {
    var info = stat()
    switch retryingOnInterrupt({ SystemText.withCString(path) { stat($0, &info) } }) {
    case .success: return FileStatus(info)
    case .failure(.noSuchFileOrDirectory), .failure(.notDirectory): return nil
    case .failure(let code): throw SystemError("stat", errno: code, subject: path)
    }
  }

  /// Whether `path` is a regular file that this user may execute (`access(2)` with `X_OK`).
  package static func isExecutableFile(_ path: String) -> Bool {
    guard let status = try? statusFollowingLinks(path), status.mode & UInt32(S_IFMT) == UInt32(S_IFREG) else {
      return false
    }
    return isExecutable(path)
  }
}
