import DodoCheckout
import DodoPlatform
import DodoTestSupport
import Foundation
import Testing

/// What each wrapper does with the failures the kernel gives only now and then — a signal
/// mid-call, a full disk, a busy port, a short write — forced through `SyscallMock`.
@Suite("System calls under forced failures")
struct SyscallFailureTests {
  /// Runs `body` with `script` in force for this task only.
  @discardableResult
  private func forcing<R>(_ script: [String: [SyscallMock.Outcome]], _ body: () throws -> R) rethrows -> (R, [String]) {
    let mock = SyscallMock(script)
    let result = try SyscallMock.$current.withValue(mock) { try body() }
    return (result, mock.calls)
  }

  private func drain(_ fd: borrowing FileDescriptor) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = try bytes.withUnsafeMutableBytes { try Syscalls.readAvailable(fd, into: $0) } ?? 0
    return Array(bytes[..<count])
  }

  @Test("write: EINTR is retried and short writes go on until every byte is written")
  func writeAllRetries() throws {
    let pipe = try Syscalls.pipe()
    let read = pipe.read
    let write = pipe.write
    let (_, calls) = try forcing([
      "write": [.fail(.interrupted), .transferAtMost(3), .fail(.interrupted), .transferAtMost(2)]
    ]) {
      try Syscalls.writeAll(write, Array("hello, world".utf8))
    }
    #expect(try drain(read) == Array("hello, world".utf8))
    #expect(calls == ["write", "write", "write", "write", "write"])
  }

  @Test("write: a full disk is a SystemError naming the call, and OutputFile keeps it for the command to report")
  func noSpace() throws {
    let pipe = try Syscalls.pipe()
    let read = pipe.read
    let write = pipe.write
    forcing(["write": [.fail(.noSpace)]]) {
      #expect(throws: SystemError("write", errno: .noSpace)) { try Syscalls.writeAll(write, [1, 2, 3]) }
    }
    let output = OutputFile(FileDescriptorSink(fd: UnownedDescriptor(borrowing: write)))
    _ = forcing(["write": [.fail(.noSpace)]]) {
      output.write("lost\n")
      output.flush()
      output.write("dropped after the hole\n")
      output.flush()
    }
    #expect(output.error == SystemError("write", errno: .noSpace))
    #expect(output.error?.description == "write: No space left on device")
    #expect(try drain(read).isEmpty)
  }

  @Test("read on a non-blocking descriptor: EAGAIN is 'nothing yet', EINTR is retried")
  func readAvailable() throws {
    let pipe = try Syscalls.pipe()
    let read = pipe.read
    let write = pipe.write
    try Syscalls.writeAll(write, [7])
    var byte = [UInt8](repeating: 0, count: 1)
    let (nothing, _) = try forcing(["read": [.fail(.wouldBlock)]]) {
      try byte.withUnsafeMutableBytes { try Syscalls.readAvailable(read, into: $0) }
    }
    #expect(nothing == nil)
    let (count, calls) = try forcing(["read": [.fail(.interrupted)]]) {
      try byte.withUnsafeMutableBytes { try Syscalls.readAvailable(read, into: $0) }
    }
    #expect(count == 1 && byte == [7])
    #expect(calls == ["read", "read"])
  }

  @Test("send: EAGAIN is 'sent nothing', EPIPE an error")
  func send() throws {
    let pipe = try Syscalls.pipe()
    let write = pipe.write
    let (sent, _) = try forcing(["send": [.fail(.wouldBlock)]]) { try Syscalls.send(write, [1], from: 0) }
    #expect(sent == 0)
    forcing(["send": [.fail(.brokenPipe)]]) {
      #expect(throws: SystemError("send", errno: .brokenPipe)) { try Syscalls.send(write, [1], from: 0) }
    }
  }

  @Test("bind: EADDRINUSE is matched by name, with the address it was bound to")
  func addressInUse() throws {
    let fd = try Syscalls.streamSocket(for: .ipv4("127.0.0.1", port: 1), nonBlocking: true)
    var matched = false
    forcing(["bind": [.fail(.addressInUse)]]) {
      do throws(SystemError) { try Syscalls.bind(fd, .ipv4("127.0.0.1", port: 1)) } catch Errno.addressInUse {
        matched = true
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
    #expect(matched)
    forcing(["bind": [.fail(.addressInUse)]]) {
      #expect(throws: SystemError("bind", errno: .addressInUse, subject: "127.0.0.1:1")) {
        try Syscalls.bind(fd, .ipv4("127.0.0.1", port: 1))
      }
    }
    #expect(
      SystemError("bind", errno: .addressInUse, subject: "127.0.0.1:1").description
        == "bind 127.0.0.1:1: Address already in use")
  }

  @Test(
    "a wrapper that reads an errno as an answer still retries EINTR first",
    arguments: [
      ("lstat", Errno.noSuchFileOrDirectory), ("mkdir", .fileExists), ("unlink", .noSuchFileOrDirectory),
    ])
  func answers(call: String, answer: Errno) throws {
    let (result, calls) = try forcing([call: [.fail(.interrupted), .fail(answer)]]) { () throws -> Bool in
      switch call {
      case "lstat": try Syscalls.lstat("/") == nil
      case "mkdir": try !Syscalls.mkdir("/", permissions: .ownerReadWriteExecute)
      default: try !Syscalls.unlink("/nonexistent-\(call)")
      }
    }
    #expect(result)
    #expect(calls == [call, call])
  }

  @Test("poll: EINTR returns with nothing ready, for the caller to look at its signals and deadline")
  func pollInterrupted() throws {
    let pipe = try Syscalls.pipe()
    let read = pipe.read
    let write = pipe.write
    try Syscalls.writeAll(write, [1])
    let (ready, _) = try forcing(["poll": [.fail(.interrupted)]]) {
      try Syscalls.poll([.init(read)], timeoutMilliseconds: 1000)
    }
    #expect(ready == [false])
    #expect(try Syscalls.poll([.init(read)], timeoutMilliseconds: 1000) == [true])
  }

  @Test("rename failing in an atomic write: the temporary file goes, and its descriptor is closed once")
  func atomicRenameFails() throws {
    let temp = TemporaryDirectory()
    let store = AbandonedSessionFile(stateDirectory: temp.directory)
    let session = AbandonedSession(sessionId: "cks_1", createdAt: Date(timeIntervalSince1970: 0))
    let (error, calls) = forcing(["renameat": [.fail(.noSpace)]]) {
      #expect(throws: CheckoutError.self) { try store.save(session) }
    }
    #expect(error?.message.contains("No space left on device") == true)
    // A second close of a number the kernel may already have given to another thread's file
    // would close that file instead.
    #expect(calls.filter { $0 == "close" }.count == 1, "\(calls)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path) == [])
  }
}
