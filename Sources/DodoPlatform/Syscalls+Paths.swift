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

extension SystemText {
  /// Calls `body` with `encode(text)` as a NUL-terminated C string, for a system call.
  package static func withCString<R>(_ text: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
    guard holdsRawBytes(text) else { return text.withCString(body) }
    let bytes = encode(text).map { CChar(bitPattern: $0) } + [0]
    return bytes.withUnsafeBufferPointer { buffer in
      // Never empty (the NUL is there), so the buffer has an address.
      guard let start = buffer.baseAddress else { return body("") }
      return body(start)
    }
  }
}
