import Foundation

/// A fresh private (`0700`) directory for one test, removed when released. Its path is short
/// (`/tmp/dodo-test-XXXXXXXX`), so that Unix sockets inside it stay within `sun_path`.
package final class TemporaryDirectory: Sendable {
  package let path: String

  package init() {
    path = "/tmp/dodo-test-\(UUID().uuidString.prefix(8))"
    try! FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// For tests that need a home but nothing in it.
  package static let shared = TemporaryDirectory()

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
}
