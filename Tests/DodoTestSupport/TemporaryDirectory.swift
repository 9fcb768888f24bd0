import Foundation
import Synchronization

/// A fresh private (`0700`) directory for one test, removed when released. Its path is short
/// (`/tmp/dodo-test-XXXXXXXX`), so that Unix sockets inside it stay within `sun_path`.
package final class TemporaryDirectory: Sendable {
  package let path: String

  package init() {
    path = "/tmp/dodo-test-\(UUID().uuidString.prefix(8))"
    try! FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit { Self.remove(path) }

  /// Removes the directory and what is in it. A child a test started may still be writing
  /// into it (a browser script's last `touch`), so that the removal finds the directory not
  /// empty after emptying it; it is tried again a few times before it is left.
  static func remove(_ path: String) {
    for attempt in 0..<5 {
      if attempt > 0 { usleep(20_000) }
      do {
        try FileManager.default.removeItem(atPath: path)
        return
      } catch {
        if !FileManager.default.fileExists(atPath: path) { return }
      }
    }
  }

  /// For tests that need a home but nothing in it.
  package static let shared = TemporaryDirectory.forWholeRun()

  /// A directory kept for the whole test run, as a `static` holds it. Statics are never
  /// released, so `deinit` never removes it: it is removed when the test process exits
  /// instead, rather than left in `/tmp` after every run.
  package static func forWholeRun() -> TemporaryDirectory {
    let directory = TemporaryDirectory()
    WholeRunDirectories.keep(directory)
    return directory
  }

  package var url: URL { URL(fileURLWithPath: path) }

  /// The path of `name` inside the directory.
  package func sub(_ name: String) -> String { path + "/" + name }

  /// The permission bits of `name` inside the directory.
  package func mode(_ name: String) -> Int {
    (try! FileManager.default.attributesOfItem(atPath: sub(name))[.posixPermissions] as! NSNumber).intValue
  }

  /// Writes `contents` to `name` inside the directory (creating the folders on its way) and
  /// returns its path.
  @discardableResult
  package func write(_ name: String, _ contents: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
    return file.path
  }

  /// Writes a program (a script) to `name` inside the directory, with `mode`, and returns its
  /// path: see `Executable.write`.
  @discardableResult
  package func writeProgram(_ name: String, _ contents: String, mode: Int = 0o755) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Executable.write(contents, to: file.path, mode: mode)
    return file.path
  }
}

/// Programs that tests write and then run.
package enum Executable {
  /// Writes `contents` to `path` as a program with permission bits `mode`.
  ///
  /// The file is created by a child process (`install`), never through a descriptor of the
  /// test process: the tests run on many threads, and a descriptor open for writing here is
  /// copied into any child another thread spawns at that moment. While any process holds such
  /// a copy, the kernel refuses to run the file (ETXTBSY, "Text file busy"), so a command that
  /// runs the script failed at random (once in about ten full runs). The text itself goes
  /// through a staging file that is never run.
  package static func write(_ contents: String, to path: String, mode: Int) throws {
    let staged = "/tmp/dodo-staged-\(UUID().uuidString)"
    try Data(contents.utf8).write(to: URL(fileURLWithPath: staged))
    defer { try? FileManager.default.removeItem(atPath: staged) }
    let install = try Subprocess.run(
      "/usr/bin/install", ["-m", String(mode, radix: 8), staged, path], environment: [:])
    guard install.status == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "install \(path): \(install.stderr)"])
    }
  }
}

/// The directories made for the whole test run, removed by an `atexit` handler.
private enum WholeRunDirectories {
  private static let kept = Mutex<[TemporaryDirectory]?>(nil)

  static func keep(_ directory: TemporaryDirectory) {
    kept.withLock { kept in
      if kept == nil {
        atexit { WholeRunDirectories.removeAll() }
        kept = []
      }
      kept?.append(directory)
    }
  }

  private static func removeAll() {
    let directories = kept.withLock { kept in
      defer { kept = [] }
      return kept ?? []
    }
    for directory in directories { TemporaryDirectory.remove(directory.path) }
  }
}
