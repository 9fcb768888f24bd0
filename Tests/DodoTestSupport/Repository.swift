import Foundation

/// The checkout the tests run in, found from this file's place in it (Tests/DodoTestSupport/):
/// what users run and install (the example config, completions/, man/, the Makefile, the
/// built binary) is tested where it is, and every test finds it the same way.
package enum Repository {
  /// The repository's top folder.
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The URL of `relative`, a path inside the repository.
  package static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
