import DodoCheckout
import DodoTestSupport
import Foundation
import Testing

@testable import DodoPlatform

/// Every descriptor the file layer opens is closed exactly once, on success and on each error
/// path: counted through `SyscallMock`, which sees every `open`, `openat` and `close`. A
/// descriptor closed twice could close a file another thread has just been given the number
/// of; one never closed leaks, and a leaked lock file keeps its `flock`.
///
/// Serialized: a child spawned by one test (`SocketOwnershipTests`) holds a copy of every
/// descriptor until its `exec`, and one of the record's copies would keep its lock a moment
/// past `release` in another.
@Suite("Descriptors with an owner", .serialized)
struct DescriptorOwnershipTests {
  /// Runs `body` with `script` in force for this task only; the calls it made, by name.
  func calls(_ script: [String: [SyscallMock.Outcome]] = [:], _ body: () throws -> Void) rethrows
    -> [String]
  {
    let mock = SyscallMock(script)
    try SyscallMock.$current.withValue(mock) { try body() }
    return mock.calls
  }

  func opens(_ calls: [String]) -> Int { calls.filter { $0 == "open" || $0 == "openat" }.count }
  /// `closedir` closes the descriptor `fdopendir` took over.
  func closes(_ calls: [String]) -> Int { calls.filter { $0 == "close" || $0 == "closedir" }.count }

  @Test("a FileDescriptor closes once: by close(), which reports the error, or when it goes")
  func closesOnce() throws {
    let temp = TemporaryDirectory()
    let explicit = try calls { () throws in
      let fd = try Syscalls.open(temp.path, .readOnly, [.directory, .closeOnExec])
      try fd.close()
    }
    #expect(explicit == ["open", "close"])
    let dropped = try calls { _ = try Syscalls.open(temp.path, .readOnly, [.directory, .closeOnExec]) }
    #expect(dropped == ["open", "close"])
    let failed = calls(["close": [.fail(.inputOutput)]]) {
      #expect(throws: SystemError("close", errno: .inputOutput)) {
        try Syscalls.open(temp.path, .readOnly, [.directory, .closeOnExec]).close()
      }
    }
    #expect(failed == ["open", "close"])
  }

  @Test("a private directory closes each directory of its walk once, and its own when it goes")
  func privateDirectoryWalk() throws {
    let temp = TemporaryDirectory()
    let depth = temp.path.split(separator: "/").count
    var held: [String] = []
    let opened = try calls { () throws in
      let directory = try PrivateDirectory.open(temp.path, create: false)
      #expect(directory != nil)
      held = SyscallMock.current?.calls ?? []
    }
    // "/" and each component opened; all but the directory itself closed on the way.
    #expect(opens(held) == depth + 1 && closes(held) == depth, "\(held)")
    #expect(opens(opened) == closes(opened), "\(opened)")

    // The open of the missing "a" fails: it leaves nothing to close.
    let missing = try calls { () throws in #expect(try PrivateDirectory.open(temp.sub("a/b"), create: false) == nil) }
    #expect(opens(missing) == depth + 2 && closes(missing) == depth + 1, "\(missing)")

    let refused = calls(["mkdirat": [.fail(.noSpace)]]) {
      #expect(throws: PlatformError.self) { try PrivateDirectory.open(temp.sub("a/b"), create: true) }
    }
    #expect(opens(refused) == depth + 2 && closes(refused) == depth + 1, "\(refused)")
  }

  @Test("a file refused after it was opened (a directory, a named pipe) is closed once")
  func refusedFile() throws {
    let temp = TemporaryDirectory()
    #expect(mkfifo(temp.sub("fifo"), 0o600) == 0)
    for path in [temp.path, temp.sub("fifo")] {
      let refused = calls { #expect(throws: PlatformError.self) { try SmallFile.read(path, limit: 10) } }
      #expect(opens(refused) == 1 && closes(refused) == 1, "\(refused)")
      let withDirectory = calls {
        #expect(throws: PlatformError.self) { try SmallFile.readWithDirectory(path, limit: 10) }
      }
      #expect(opens(withDirectory) == 2 && closes(withDirectory) == 2, "\(withDirectory)")
    }
  }

  @Test("the checkout lock closes each lock file once, taken or busy, and unlocks it first")
  func lockFiles() throws {
    let state = TemporaryDirectory()
    let runtime = TemporaryDirectory()
    let stateDirectory = state.directory
    let runtimeDirectory = runtime.directory
    let taken = try calls { () throws in
      let lock = CheckoutFileLock(stateDirectory: stateDirectory, runtimeDirectory: runtimeDirectory)
      #expect(try lock.tryAcquire())
      let busy = CheckoutFileLock(stateDirectory: stateDirectory, runtimeDirectory: runtimeDirectory)
      #expect(try !busy.tryAcquire())
      lock.release()
      lock.release()
    }
    #expect(opens(taken) == 3 && closes(taken) == 3, "\(taken)")
    // Two locks taken, one refused (tried twice), then each unlocked before its close.
    #expect(taken.filter { $0 == "flock" }.count == 2 + 2 + 3, "\(taken)")
    #expect(Array(taken.suffix(4)) == ["flock", "close", "flock", "close"], "\(taken)")
  }

  @Test("the record kept open after a save is closed once: by the next save, release or the store going")
  func heldRecord() throws {
    let temp = TemporaryDirectory()
    let directory = temp.directory
    let session = AbandonedSession(sessionId: "cks_1", createdAt: Date(timeIntervalSince1970: 0))
    let saved = try calls { () throws in
      let store = AbandonedSessionFile(stateDirectory: directory)
      try store.save(session)
      try store.save(session)
      #expect(try store.loadOwned()?.isRunningCheckouts == true)
      store.release()
      store.release()
      #expect(try store.loadOwned()?.isRunningCheckouts == false)
      try store.save(session)
    }
    #expect(opens(saved) == closes(saved), "\(saved)")
  }
}

/// Raw `open(2)` flags, descriptor numbers and closes by hand stay in the syscall layer: the
/// rest goes through `FileDescriptor` (owned), `UnownedDescriptor` (the standard ones) and
/// typed options.
@Suite("The syscall layer keeps the raw descriptors")
struct SyscallLayerBoundaryTests {
  static let sources = Repository.url("Sources")

  /// Whether `path` (relative to `Sources`) is part of the syscall layer.
  static func isSyscallLayer(_ path: String) -> Bool {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return path.hasPrefix("DodoPlatform/")
      && (name.hasPrefix("Syscalls") || path == "DodoPlatform/Internals/Shims.swift")
  }

  /// The code lines (not comments) of every Swift source outside the syscall layer.
  static func codeLines() throws -> [(file: String, line: String)] {
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    return try files.filter { $0.hasSuffix(".swift") && !isSyscallLayer($0) }.flatMap { file in
      try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n").map { (file, String($0)) }
        .filter { !$0.1.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }
  }

  @Test("no raw O_* flag outside the syscall layer")
  func noRawFlags() throws {
    let flag = #/\bO_[A-Z]+\b/#
    let found = try Self.codeLines().filter { $0.line.contains(flag) }
    #expect(found.isEmpty, "\(found)")
  }

  /// An unowned descriptor in the sources is a standard one: one made from an owner's number
  /// could outlive it, which only a test (keeping the owner) may risk.
  @Test("no descriptor number outside the syscall layer: no Int32 descriptor, no close by hand, no -1 for none")
  func noRawDescriptors() throws {
    let raw = [
      "fd: Int32", "FD: Int32", "Syscalls.close(", "systemClose(", "FileDescriptor(owning:", "relinquishOwnership",
      "UnownedDescriptor(ownedElsewhere:", "UnownedDescriptor(borrowing:", ": Int32 = -1",
    ]
    let found = try Self.codeLines().filter { line in raw.contains { line.line.contains($0) } }
    #expect(found.isEmpty, "\(found)")
  }

  @Test("no close by hand in the file layer")
  func noHandClose() throws {
    let fileLayer: Set = [
      "DodoPlatform/PrivateDirectory.swift", "DodoPlatform/SmallFile.swift", "DodoPlatform/AtomicFile.swift",
      "DodoPlatform/AbandonedSessionFile.swift", "DodoPlatform/CheckoutFileLock.swift",
      "DodoPlatform/DodoDirectories.swift", "DodoPlatform/DesktopURLHandler.swift", "DodoPlatform/InputFile.swift",
    ]
    let found = try Self.codeLines().filter {
      fileLayer.contains($0.file) && ($0.line.contains("Syscalls.close(") || $0.line.contains("-1"))
    }
    #expect(found.isEmpty, "\(found)")
  }
}
